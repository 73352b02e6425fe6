import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { updateProfileSchema } from "../../../../../src/shared/schemas/users.ts";
import { TextField } from "../../../components/form-field.tsx";
import { UserForm } from "../../../components/user-form.tsx";
import { mutationToasts } from "../../../lib/mutation-toasts.ts";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { useValidationText } from "../../../hooks/use-validation-text.ts";
import type { Profile } from "../../../hooks/use-profile.ts";
import { useUpdateProfile } from "../api/update-profile.ts";

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  companyName: string;
  contactPerson: string;
};

export function EditProfileDialog({ profile, open, onClose }: {
  profile: Profile;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("profile");
  return (
    <ModalDialog open={open} title={t("edit.title")} onClose={onClose}>
      <EditProfileForm profile={profile} onDone={onClose} />
    </ModalDialog>
  );
}

function EditProfileForm({ profile, onDone }: { profile: Profile; onDone: () => void }) {
  const { t } = useTranslation("profile");
  const saved = mutationToasts(t("toast.updatedTitle"), t("toast.errorTitle"));
  const message = useValidationText();
  const update = useUpdateProfile();
  // Company name, contact person and phone belong to the vendor profile; staff edit their name and email.
  const isVendor = profile.role.name === "vendor";
  const form = useForm<Values>({
    defaultValues: {
      firstName: profile.firstName ?? "",
      lastName: profile.lastName ?? "",
      email: profile.email ?? "",
      phone: profile.phone ?? "",
      companyName: profile.companyName ?? "",
      contactPerson: profile.contactPerson ?? "",
    },
    resolver: zodFormResolver<Values>(updateProfileSchema),
  });
  const { errors } = form.formState;

  const save = ({ phone, companyName, contactPerson, ...names }: Values) => {
    const vendorFields = isVendor ? { phone, companyName, contactPerson } : {};
    update.mutate(
      { id: profile.id, ...names, ...vendorFields },
      saved(t("toast.updatedDescription"), t("toast.updateFailed"), onDone),
    );
  };

  return (
    <UserForm
      form={form}
      onSave={save}
      personal
      submitLabel={update.isPending ? t("edit.saving") : t("edit.submit")}
      canSubmit={!update.isPending}
      onCancel={onDone}
    >
      {isVendor && (
        <>
          <TextField
            label={t("fields.companyName")}
            error={message(errors.companyName?.message)}
            {...form.register("companyName")}
            autoComplete="organization"
          />
          <TextField
            label={t("fields.contactPerson")}
            error={message(errors.contactPerson?.message)}
            {...form.register("contactPerson")}
            autoComplete="name"
          />
          <TextField
            label={t("fields.phone")}
            error={message(errors.phone?.message)}
            {...form.register("phone")}
            type="tel"
            autoComplete="tel"
            dir="ltr"
          />
        </>
      )}
    </UserForm>
  );
}

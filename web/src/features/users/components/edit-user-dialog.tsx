import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { updateUserSchema } from "../../../../../src/shared/schemas/users.ts";
import { PasswordField } from "../../../components/form-field.tsx";
import { UserForm } from "../../../components/user-form.tsx";
import { mutationToasts } from "../../../lib/mutation-toasts.ts";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import type { AdminUser } from "../api/get-users.ts";
import { useUpdateUser } from "../api/update-user.ts";
import { ModalDialog } from "../../../components/modal-dialog.tsx";
import { useValidationText } from "../../../hooks/use-validation-text.ts";

type Values = { firstName: string; lastName: string; email: string; newPassword: string };

export function EditUserDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  const { t } = useTranslation("users");
  return (
    <ModalDialog open={!!user} title={t("edit.title")} onClose={onClose}>
      {user && <EditUserForm user={user} onDone={onClose} />}
    </ModalDialog>
  );
}

function EditUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const { t } = useTranslation("users");
  const saved = mutationToasts(t("toast.successTitle"), t("toast.errorTitle"));
  const message = useValidationText();
  const update = useUpdateUser();
  const form = useForm<Values>({
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email, newPassword: "" },
    resolver: zodFormResolver<Values>(updateUserSchema),
  });
  const { errors } = form.formState;

  const save = ({ newPassword, ...rest }: Values) => {
    // Blank leaves the password unchanged (spec section 5), so it is not sent at all.
    update.mutate(
      { id: user.id, ...rest, newPassword: newPassword || undefined },
      saved(t("toast.updated"), t("toast.updateFailed"), onDone),
    );
  };

  return (
    <UserForm
      form={form}
      onSave={save}
      submitLabel={update.isPending ? t("edit.saving") : t("edit.submit")}
      canSubmit={!update.isPending}
      onCancel={onDone}
    >
      <PasswordField
        label={t("fields.newPassword")}
        hint={t("edit.newPasswordHint")}
        error={message(errors.newPassword?.message)}
        {...form.register("newPassword")}
      />
    </UserForm>
  );
}

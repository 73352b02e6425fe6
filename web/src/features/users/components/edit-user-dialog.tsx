import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { updateUserSchema } from "../../../../../src/shared/schemas/users.ts";
import { PasswordField } from "../../../components/form-field.tsx";
import { UserForm } from "../../../components/user-form.tsx";
import { toast } from "../../../lib/toast.tsx";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import type { AdminUser } from "../api/get-users.ts";
import { useUpdateUser } from "../api/update-user.ts";
import { toastError } from "../../../lib/error-toast.ts";
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
  const message = useValidationText();
  const update = useUpdateUser();
  const form = useForm<Values>({
    defaultValues: { firstName: user.firstName, lastName: user.lastName, email: user.email, newPassword: "" },
    resolver: zodFormResolver<Values>(updateUserSchema),
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(({ newPassword, ...rest }) => {
    // Blank leaves the password unchanged (spec section 5), so it is not sent at all.
    update.mutate({ id: user.id, ...rest, newPassword: newPassword || undefined }, {
      onSuccess: () => {
        toast({ variant: "success", title: t("toast.successTitle"), description: t("toast.updated") });
        onDone();
      },
      onError: (error) =>
        toastError(error, t("toast.errorTitle"), { fallback: t("toast.updateFailed"), withReason: true }),
    });
  });

  return (
    <UserForm
      form={form}
      onSubmit={onSubmit}
      labels={{ firstName: t("fields.firstName"), lastName: t("fields.lastName"), email: t("fields.email") }}
      message={message}
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

/**
 * Current, new and confirmation password, checked with the shared changePasswordFormSchema (the
 * same rules and messages as the server). Used by the Profile dialog and the forced change page.
 */
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { changePasswordFormSchema } from "../../../../../src/shared/schemas/auth.ts";
import { PasswordField } from "../../../components/form-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.tsx";
import { zodFormResolver } from "../../../lib/zod-form-resolver.ts";
import { issueMessage, toastError } from "../../../lib/error-toast.ts";
import { useValidationText } from "../../../hooks/use-validation-text.ts";
import { useChangePassword } from "../api/change-password.ts";

type Values = { currentPassword: string; newPassword: string; confirmPassword: string };
const FIELDS = ["currentPassword", "newPassword", "confirmPassword"] as const;
const EMPTY: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordForm({ userId, temporary = false, onSuccess, onCancel }: {
  userId: number | string;
  /** The forced change after a reset: the current password is the temporary one. */
  temporary?: boolean;
  onSuccess?: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation("password-change");
  const message = useValidationText();
  const change = useChangePassword();
  const form = useForm<Values>({ defaultValues: EMPTY, resolver: zodFormResolver<Values>(changePasswordFormSchema) });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((values) => {
    change.mutate({ userId, ...values }, {
      onSuccess: () => {
        form.reset(EMPTY);
        toast({ variant: "success", title: t("toast.changedTitle"), description: t("toast.changedDescription") });
        onSuccess?.();
      },
      onError: (error) => {
        // A wrong current password (or reusing it) is a field error; show it next to the field too.
        for (const issue of error instanceof ApiError ? error.issues ?? [] : []) {
          const field = FIELDS.find((name) => name === String(issue.path));
          if (field) form.setError(field, { type: "server", message: issueMessage(error, issue) });
        }
        toastError(error, t("toast.errorTitle"), { fallback: t("toast.failed"), withReason: true });
      },
    });
  });

  return (
    <form onSubmit={onSubmit} className="flex flex-col gap-3" noValidate>
      <PasswordField
        label={temporary ? t("fields.temporaryPassword") : t("fields.currentPassword")}
        error={message(errors.currentPassword?.message)}
        {...form.register("currentPassword")}
        autoComplete="current-password"
      />
      <PasswordField
        label={t("fields.newPassword")}
        hint={t("fields.newPasswordHint")}
        error={message(errors.newPassword?.message)}
        {...form.register("newPassword")}
      />
      <PasswordField
        label={t("fields.confirmPassword")}
        error={message(errors.confirmPassword?.message)}
        {...form.register("confirmPassword")}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-2">
        {onCancel && (
          <button type="button" className="btn btn-ghost" onClick={onCancel}>{t("translation:common.cancel")}</button>
        )}
        <button type="submit" className="btn btn-primary" disabled={change.isPending}>
          {change.isPending ? t("changing") : t("submit")}
        </button>
      </div>
    </form>
  );
}

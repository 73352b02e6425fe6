import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { PasswordField } from "../../../components/form-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { toast } from "../../../lib/toast.tsx";
import { issueMessage, toastError } from "../../../lib/error-toast.ts";
import { useValidationText } from "../../../hooks/use-validation-text.ts";
import { useDisableTwoFactor } from "../api/disable-two-factor.ts";

/** Turning two-factor sign-in off needs the account password. */
export function TwoFactorDisable({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  const { t } = useTranslation("settings");
  const message = useValidationText();
  const disable = useDisableTwoFactor();
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const password = String(new FormData(event.currentTarget).get("password") ?? "");
    if (!password) return setPasswordError(message("Password is required"));
    setPasswordError(undefined);
    disable.mutate(password, {
      onSuccess: () => {
        toast({ variant: "success", title: t("toast.successTitle"), description: t("twoFactor.disabledNow") });
        onDone();
      },
      onError: (error) => {
        const issue = error instanceof ApiError ? error.issues?.[0] : undefined;
        if (issue) setPasswordError(issueMessage(error, issue, message));
        else toastError(error, t("toast.errorTitle"), { fallback: t("twoFactor.disableFailed"), withReason: true });
      },
    });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <p className="text-sm">{t("twoFactor.disableText")}</p>
      <PasswordField
        label={t("twoFactor.passwordLabel")}
        error={passwordError}
        name="password"
        autoComplete="current-password"
        inputClassName="input w-full max-w-xs"
      />
      <FormActions
        label={t("twoFactor.confirmDisable")}
        pendingLabel={t("twoFactor.disabling")}
        pending={disable.isPending}
        onCancel={onCancel}
        tone="btn-error"
        inline
      />
    </form>
  );
}

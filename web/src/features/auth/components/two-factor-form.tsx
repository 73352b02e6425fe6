import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { CodeField } from "../../../components/form-field.tsx";
import { useLoginTwoFactor } from "../api/login-two-factor.ts";
import { loginErrorMessage } from "./login-error.ts";

export function TwoFactorForm({ onSuccess, onCancel }: { onSuccess: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const verify = useLoginTwoFactor();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    verify.mutate({ code }, { onSuccess });
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4">
      <h2 className="text-lg font-semibold">{t("auth.twoFactorTitle")}</h2>
      <CodeField
        label={t("auth.twoFactorCode")}
        hint={t("auth.twoFactorHint")}
        pattern="[0-9 ]{6,8}"
        required
        autoFocus
      />
      {verify.isError && (
        <div role="alert" className="alert alert-error alert-soft">
          {loginErrorMessage(verify.error, t, "auth.twoFactorInvalid")}
        </div>
      )}
      <FormActions
        label={t("auth.verify")}
        pendingLabel={t("auth.verifying")}
        pending={verify.isPending}
        onCancel={onCancel}
        tone="btn-primary flex-1"
        inline
      />
    </form>
  );
}

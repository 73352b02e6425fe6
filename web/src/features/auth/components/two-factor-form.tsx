import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
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
      <div className="flex gap-2">
        <button type="submit" className="btn btn-primary flex-1" disabled={verify.isPending}>
          {verify.isPending ? t("auth.verifying") : t("auth.verify")}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel}>{t("common.cancel")}</button>
      </div>
    </form>
  );
}

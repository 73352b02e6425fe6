import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormActions } from "../../../components/form-actions.tsx";
import { CodeField } from "../../../components/form-field.tsx";
import { ApiError } from "../../../lib/api-client.ts";
import { issueMessage, toastError } from "../../../lib/error-toast.ts";
import { useValidationText } from "../../../hooks/use-validation-text.ts";
import { useEnableTwoFactor } from "../api/enable-two-factor.ts";
import type { TwoFactorSetup } from "../api/setup-two-factor.ts";
import { RecoveryCodes } from "./recovery-codes.tsx";

/** Scan the QR code (or type the secret), confirm with a code, then keep the recovery codes. */
export function TwoFactorEnrol({ setup, onCancel, onDone }: {
  setup: TwoFactorSetup;
  onCancel: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation("settings");
  const message = useValidationText();
  const enable = useEnableTwoFactor();
  const [codeError, setCodeError] = useState<string | undefined>();

  if (enable.data) return <RecoveryCodes codes={enable.data.recoveryCodes} onDone={onDone} />;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").replace(/\s/g, "");
    if (!/^\d{6}$/.test(code)) return setCodeError(message("Enter the 6-digit code from your app"));
    setCodeError(undefined);
    enable.mutate(code, {
      onError: (error) => {
        const issue = error instanceof ApiError ? error.issues?.[0] : undefined;
        if (issue) setCodeError(issueMessage(error, issue, message));
        else toastError(error, t("toast.errorTitle"), { fallback: t("twoFactor.enableFailed"), withReason: true });
      },
    });
  };

  // The SVG comes from our server; an <img> renders it without putting markup into the page.
  const qrSrc = `data:image/svg+xml;utf8,${encodeURIComponent(setup.qrSvg)}`;
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
      <ol className="list-decimal space-y-1 ps-5 text-sm">
        <li>{t("twoFactor.step1")}</li>
        <li>{t("twoFactor.step2")}</li>
      </ol>
      <div className="flex flex-wrap items-center gap-4">
        <img src={qrSrc} alt={t("twoFactor.qrAlt")} className="h-44 w-44 rounded-box bg-white p-2" />
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-sm text-base-content/70">{t("twoFactor.manualKey")}</span>
          <code dir="ltr" className="select-all break-all font-mono" data-testid="totp-secret">{setup.secret}</code>
        </div>
      </div>
      <CodeField
        label={t("twoFactor.codeLabel")}
        hint={t("twoFactor.codeHint")}
        error={codeError}
        maxLength={7}
        inputClassName="input w-40 tracking-widest"
      />
      <FormActions
        label={t("twoFactor.verifyEnable")}
        pendingLabel={t("twoFactor.verifying")}
        pending={enable.isPending}
        onCancel={onCancel}
        inline
      />
    </form>
  );
}

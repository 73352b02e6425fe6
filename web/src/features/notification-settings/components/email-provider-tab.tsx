/** Email Provider tab: SMTP2GO (default) or SendGrid, its API key and sender, validate and test. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { SelectField, TextField } from "../../../components/form-field.tsx";
import { SecretField } from "./secret-field.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { type EmailProvider, settingValueError } from "../../../../../src/shared/schemas/notification-settings.ts";
import type { NotificationSetting } from "../api/get-notification-settings.ts";
import { useSendTestEmail } from "../api/send-test-email.ts";
import { useSaveSettings } from "./use-save-settings.ts";

export function EmailProviderTab({ settings, canEdit, canSend }: {
  settings: Map<string, NotificationSetting>;
  canEdit: boolean;
  canSend: boolean;
}) {
  const { t } = useTranslation("notification-settings");
  const savedProvider = (settings.get("email_provider")?.settingValue || "smtp2go") as EmailProvider;
  const [provider, setProvider] = useState<EmailProvider>(savedProvider);
  const [apiKey, setApiKey] = useState("");
  const [sender, setSender] = useState("");
  const keySet = !!settings.get(`${provider}_api_key`)?.isSet;
  const savedSender = settings.get(`${provider}_sender_email`)?.settingValue ?? "";
  useEffect(() => setProvider(savedProvider), [savedProvider]);
  // Switching provider shows that provider's saved sender; a typed key is never carried over.
  useEffect(() => {
    setSender(savedSender);
    setApiKey("");
  }, [provider, savedSender]);

  const configured = savedProvider === provider && keySet && !!savedSender;
  const { save, pending } = useSaveSettings();
  const testEmail = useSendTestEmail();

  const missing = () => [
    ...(!apiKey.trim() && !keySet ? [t("email.apiKey")] : []),
    ...(!sender.trim() ? [t("email.senderEmail")] : []),
  ];
  const validateConfig = () => {
    const fields = missing();
    if (fields.length) {
      toast({
        variant: "error",
        title: t("toast.configIncomplete"),
        description: t("toast.configIncompleteText", { fields: fields.join(", ") }),
      });
    } else toast({ variant: "success", title: t("toast.configComplete") });
  };
  const onSave = () => {
    const senderError = settingValueError(`${provider}_sender_email`, sender.trim());
    if (senderError) {
      toast({ variant: "error", title: t("toast.validationError"), description: t("email.senderInvalid") });
      return;
    }
    // Only what changed is sent, so the audit trail records real changes.
    save([
      ...(provider !== savedProvider ? [{ key: "email_provider", value: provider }] : []),
      ...(apiKey.trim() ? [{ key: `${provider}_api_key`, value: apiKey.trim() }] : []),
      ...(sender.trim() !== savedSender ? [{ key: `${provider}_sender_email`, value: sender.trim() }] : []),
    ], () => setApiKey(""));
  };
  const onTest = () =>
    testEmail.mutate(undefined, {
      onSuccess: (result) =>
        toast({ variant: "success", title: t("toast.testEmailSent"), description: result.message }),
      onError: (error) => toastError(error, t("toast.testEmailFailed"), { fallback: t("toast.testEmailFallback") }),
    });

  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="card-title">{t("email.title")}</h3>
          <span className={`badge ${configured ? "badge-success" : "badge-warning"}`}>
            {configured ? t("status.configured") : t("status.notConfigured")}
          </span>
        </div>
        <p className="text-sm text-base-content/70">{t("email.description")}</p>
        <SelectField
          label={t("email.provider")}
          selectClassName="select w-full max-w-md"
          value={provider}
          disabled={!canEdit}
          onChange={(e) => setProvider(e.target.value as EmailProvider)}
        >
          <option value="smtp2go">{t("email.smtp2goDefault")}</option>
          <option value="sendgrid">SendGrid</option>
        </SelectField>
        <SecretField
          label={t("email.apiKeyFor", { provider: provider === "smtp2go" ? "SMTP2GO" : "SendGrid" })}
          value={apiKey}
          isSet={keySet}
          disabled={!canEdit}
          onChange={setApiKey}
        />
        <TextField
          label={t("email.senderEmail")}
          type="email"
          dir="ltr"
          inputClassName="input w-full max-w-md text-start"
          value={sender}
          disabled={!canEdit}
          placeholder="noreply@example.com"
          onChange={(e) => setSender(e.target.value)}
        />
        <div className="card-actions flex-wrap">
          {canEdit && (
            <button type="button" className="btn btn-primary" disabled={pending} onClick={onSave}>
              {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {t("actions.save")}
            </button>
          )}
          <button type="button" className="btn" onClick={validateConfig}>{t("email.validate")}</button>
          {canSend && (
            <button
              type="button"
              className="btn btn-outline"
              disabled={!configured || testEmail.isPending}
              onClick={onTest}
            >
              {testEmail.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {t("email.test")}
            </button>
          )}
        </div>
        {!configured && <p className="text-sm text-base-content/70">{t("email.testHint")}</p>}
      </div>
    </div>
  );
}

/** WhatsApp tab: enable switch, Cloud API token and phone number ID, and a test message. */
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import type { NotificationSetting } from "../api/get-notification-settings.ts";
import { useSendTestWhatsapp } from "../api/send-test-whatsapp.ts";
import { useSaveSettings } from "./use-save-settings.ts";
import { Toggle } from "../../../components/form-field.tsx";
import { TextField } from "../../../components/form-field.tsx";
import { SecretField } from "./secret-field.tsx";

export function WhatsappTab({ settings, canEdit, canSend }: {
  settings: Map<string, NotificationSetting>;
  canEdit: boolean;
  canSend: boolean;
}) {
  const { t } = useTranslation("notification-settings");
  const enabled = settings.get("whatsapp_enabled")?.settingValue === "true";
  const tokenSet = !!settings.get("whatsapp_access_token")?.isSet;
  const savedPhoneId = settings.get("whatsapp_phone_number_id")?.settingValue ?? "";
  const [token, setToken] = useState("");
  const [phoneId, setPhoneId] = useState(savedPhoneId);
  const [testPhone, setTestPhone] = useState("");
  useEffect(() => setPhoneId(savedPhoneId), [savedPhoneId]);
  const { save, pending } = useSaveSettings();
  const testWhatsapp = useSendTestWhatsapp();
  // Spec section 5: the test needs WhatsApp on and both the token and the phone number ID saved.
  const ready = enabled && tokenSet && !!savedPhoneId;

  const onSave = () =>
    save([
      ...(token.trim() ? [{ key: "whatsapp_access_token", value: token.trim() }] : []),
      ...(phoneId.trim() !== savedPhoneId ? [{ key: "whatsapp_phone_number_id", value: phoneId.trim() }] : []),
    ], () => setToken(""));
  const onTest = () => {
    if (!testPhone.trim()) {
      toast({ variant: "error", title: t("toast.phoneRequired"), description: t("toast.phoneRequiredText") });
      return;
    }
    testWhatsapp.mutate({ phoneNumber: testPhone.trim() }, {
      onSuccess: (result) =>
        toast({ variant: "success", title: t("toast.testWhatsappSent"), description: result.message }),
      onError: (error) =>
        toastError(error, t("toast.testWhatsappFailed"), { fallback: t("toast.testWhatsappFallback") }),
    });
  };

  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="card-title">{t("whatsapp.title")}</h3>
          <span className={`badge ${ready ? "badge-success" : "badge-warning"}`}>
            {ready ? t("status.configured") : t("status.notConfigured")}
          </span>
        </div>
        <Toggle
          label={t("whatsapp.enable")}
          labelClassName=""
          checked={enabled}
          disabled={!canEdit || pending}
          onChange={(e) => save([{ key: "whatsapp_enabled", value: String(e.target.checked) }])}
        />
        <SecretField
          label={t("whatsapp.token")}
          value={token}
          isSet={tokenSet}
          disabled={!canEdit}
          onChange={setToken}
        />
        <TextField
          label={t("whatsapp.phoneNumberId")}
          dir="ltr"
          inputClassName="input w-full max-w-md text-start"
          value={phoneId}
          disabled={!canEdit}
          onChange={(e) => setPhoneId(e.target.value)}
        />
        {canEdit && (
          <div className="card-actions">
            <button type="button" className="btn btn-primary" disabled={pending} onClick={onSave}>
              {pending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
              {t("actions.save")}
            </button>
          </div>
        )}
        {canSend && (
          <div className="flex flex-col gap-2 border-t border-base-300 pt-4">
            <TextField
              label={t("whatsapp.testPhone")}
              hint={t("whatsapp.testPhoneHint")}
              type="tel"
              dir="ltr"
              inputClassName="input w-full max-w-md text-start"
              value={testPhone}
              placeholder="+1 555 010 0100"
              onChange={(e) => setTestPhone(e.target.value)}
            />
            <div>
              <button
                type="button"
                className="btn btn-outline"
                disabled={!ready || testWhatsapp.isPending}
                onClick={onTest}
              >
                {testWhatsapp.isPending && <span className="loading loading-spinner loading-xs" aria-hidden="true" />}
                {t("whatsapp.test")}
              </button>
            </div>
            {!ready && <p className="text-sm text-base-content/70">{t("whatsapp.testDisabledHint")}</p>}
          </div>
        )}
      </div>
    </div>
  );
}

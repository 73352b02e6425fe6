/** The user's own notification switches (spec: Settings, notification toggles), saved on the server. */
import { useTranslation } from "react-i18next";
import { TitledCard } from "../../../components/titled-card.tsx";
import type { Preferences } from "../../../../../src/shared/schemas/preferences.ts";
import { useRole } from "../../../lib/authorization.tsx";
import { toast } from "../../../lib/toast.tsx";
import { usePreferences } from "../api/get-preferences.ts";
import { useUpdatePreferences } from "../api/update-preferences.ts";

const SWITCHES: (keyof Preferences)[] = ["emailNotifications", "opportunityEmails", "deadlineReminders"];
/** New-opportunity and quotation-deadline emails go to vendors only: staff get no switch that does nothing. */
const VENDOR_ONLY = new Set<keyof Preferences>(["opportunityEmails", "deadlineReminders"]);

export function NotificationsCard() {
  const { t } = useTranslation("settings");
  const prefs = usePreferences();
  const update = useUpdatePreferences();
  const isVendor = useRole() === "vendor";
  const switches = SWITCHES.filter((key) => isVendor || !VENDOR_ONLY.has(key));

  const toggle = (key: keyof Preferences, value: boolean) => {
    if (!prefs.data) return;
    update.mutate({ ...prefs.data, [key]: value }, {
      onSuccess: () => toast({ title: t("notifications.saved"), variant: "success" }),
      onError: () => toast({ title: t("notifications.saveFailed"), variant: "error" }),
    });
  };

  return (
    <TitledCard id="notifications-title" title={t("notifications.title")} bodyClassName="card-body gap-3">
      <p className="text-sm text-base-content/70">{t("notifications.text")}</p>
      {prefs.isError && <p role="alert" className="text-error text-sm">{t("notifications.loadError")}</p>}
      {switches.map((key) => (
        <label key={key} className="flex cursor-pointer items-center justify-between gap-3">
          <span>
            <span className="block font-medium">{t(`notifications.${key}`)}</span>
            <span className="block text-sm text-base-content/70">{t(`notifications.${key}Text`)}</span>
          </span>
          <input
            type="checkbox"
            className="toggle toggle-primary"
            checked={prefs.data?.[key] ?? false}
            disabled={!prefs.data || update.isPending ||
              (key !== "emailNotifications" && !prefs.data.emailNotifications)}
            onChange={(e) => toggle(key, e.currentTarget.checked)}
          />
        </label>
      ))}
    </TitledCard>
  );
}

/** Notifications tab: one switch per kind of notification, saved as soon as it is flipped. */
import { useTranslation } from "react-i18next";
import type { NotificationSetting } from "../api/get-notification-settings.ts";
import { useSaveSettings } from "./use-save-settings.ts";

const TOGGLES = [
  ["email_notifications_enabled", "email"],
  ["pr_notifications_enabled", "purchaseRequest"],
  ["deadline_reminders_enabled", "deadlineReminder"],
  ["vendor_approval_notifications_enabled", "vendorApproval"],
] as const;

export function NotificationTogglesTab({ settings, canEdit }: {
  settings: Map<string, NotificationSetting>;
  canEdit: boolean;
}) {
  const { t } = useTranslation("notification-settings");
  const { save, pending } = useSaveSettings();
  return (
    <div className="card bg-base-100 shadow-sm">
      <div className="card-body gap-2">
        <h3 className="card-title">{t("toggles.title")}</h3>
        <ul className="divide-y divide-base-300">
          {TOGGLES.map(([key, name]) => (
            <li key={key}>
              <label className="flex cursor-pointer items-center justify-between gap-4 py-3">
                <span className="flex flex-col">
                  <span className="font-medium">{t(`toggles.${name}`)}</span>
                  <span className="text-sm text-base-content/70">{t(`toggles.${name}Hint`)}</span>
                </span>
                <input
                  type="checkbox"
                  className="toggle toggle-primary"
                  checked={settings.get(key)?.settingValue === "true"}
                  disabled={!canEdit || pending}
                  onChange={(e) => save([{ key, value: String(e.target.checked) }])}
                />
              </label>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}

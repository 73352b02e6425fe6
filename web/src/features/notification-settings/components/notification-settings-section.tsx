import { useTranslation } from "react-i18next";
import { OutboxPanel } from "../../outbox/components/outbox-panel.tsx";

/** For now only the outbox ("Sent messages"); the provider, WhatsApp, toggle and template tabs come later. */
export default function NotificationSettingsSection() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="text-xl font-semibold">{t("dashboard.sections.notification-settings")}</h2>
      <OutboxPanel />
    </div>
  );
}

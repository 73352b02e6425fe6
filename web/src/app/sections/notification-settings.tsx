/** The notification settings section with the outbox feature's delivery log inside it. */
import NotificationSettingsSection from "../../features/notification-settings/components/notification-settings-section.tsx";
import { OutboxPanel } from "../../features/outbox/components/outbox-panel.tsx";

export default function NotificationSettings() {
  return <NotificationSettingsSection OutboxPanel={OutboxPanel} />;
}

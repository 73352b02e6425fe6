import { useTranslation } from "react-i18next";
import { SectionPlaceholder } from "../../../components/section-placeholder.tsx";

export default function NotificationSettingsSection() {
  const { t } = useTranslation();
  return <SectionPlaceholder title={t("dashboard.sections.notification-settings")} />;
}

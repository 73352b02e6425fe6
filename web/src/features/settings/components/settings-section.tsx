import { useTranslation } from "react-i18next";
import { SectionPlaceholder } from "../../../components/section-placeholder.tsx";

export default function SettingsSection() {
  const { t } = useTranslation();
  return <SectionPlaceholder title={t("dashboard.sections.settings")} />;
}

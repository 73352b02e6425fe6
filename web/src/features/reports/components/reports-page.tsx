import { useTranslation } from "react-i18next";
import { StandalonePage } from "../../../components/standalone-page.tsx";

export default function ReportsPage() {
  const { t } = useTranslation();
  return <StandalonePage title={t("pages.reports.title")} />;
}

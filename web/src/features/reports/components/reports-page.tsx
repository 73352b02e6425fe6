import { useTranslation } from "react-i18next";
import { StandalonePage } from "../../../components/standalone-page.tsx";
import { ReportsView, type SystemAnalyticsComponent } from "./reports-view.tsx";

/** /reports: the reports on a page of their own, the filter in the URL (bookmarkable). */
export default function ReportsPage({ SystemAnalyticsReport }: { SystemAnalyticsReport: SystemAnalyticsComponent }) {
  const { t } = useTranslation();
  return (
    <StandalonePage title={t("pages.reports.title")}>
      <ReportsView SystemAnalyticsReport={SystemAnalyticsReport} />
    </StandalonePage>
  );
}

import { useTranslation } from "react-i18next";
import { useSearch } from "wouter";
import { PageSection } from "../../../components/page-section.tsx";
import { ReportsView, type SystemAnalyticsComponent } from "./reports-view.tsx";

/** The Reports section of the dashboard, with a link to the same view on /reports (to bookmark or share). */
export default function ReportsSection({ SystemAnalyticsReport }: { SystemAnalyticsReport: SystemAnalyticsComponent }) {
  const { t } = useTranslation("reports");
  const search = useSearch();
  return (
    <PageSection
      title={t("title")}
      description={t("description")}
      href={`/reports${search ? `?${search}` : ""}`}
      linkLabel={t("openPage")}
    >
      <ReportsView SystemAnalyticsReport={SystemAnalyticsReport} />
    </PageSection>
  );
}

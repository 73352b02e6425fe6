import { useTranslation } from "react-i18next";
import { Link, useSearch } from "wouter";
import { ReportsView, type SystemAnalyticsComponent } from "./reports-view.tsx";

/** The Reports section of the dashboard, with a link to the same view on /reports (to bookmark or share). */
export default function ReportsSection({ SystemAnalyticsReport }: { SystemAnalyticsReport: SystemAnalyticsComponent }) {
  const { t } = useTranslation("reports");
  const search = useSearch();
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="text-xl font-bold">{t("title")}</h2>
          <p className="text-base-content/70">{t("description")}</p>
        </div>
        <Link href={`/reports${search ? `?${search}` : ""}`} className="btn btn-outline btn-sm">{t("openPage")}</Link>
      </div>
      <ReportsView SystemAnalyticsReport={SystemAnalyticsReport} />
    </div>
  );
}

/**
 * Admin system analytics in the Reports section (administrators only: system_settings.view). Of
 * the filter bar only the date range applies (sign-ins and outbox); users, files and the
 * database are as of now.
 */
import { useTranslation } from "react-i18next";
import { ReportCard } from "../../../components/report-card.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { systemAnalyticsExportUrl, useSystemAnalytics } from "../api/get-system-analytics.ts";
import { Figures } from "./figures.tsx";
import { OutboxByStatus, SignInsPerDay, StorageByPurpose, systemFigures, UsersByActivity } from "./system-charts.tsx";

export function SystemAnalyticsReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("analytics");
  const { t: tr } = useTranslation("reports");
  const query = useSystemAnalytics(filter);
  const data = query.data;
  const fmt = useReportFormat();
  return (
    <ReportCard id="system" title={t("title")} description={t("description")} query={query} isEmpty={false}>
      {data && (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-base-content/70">
              {t(data.range.truncated ? "rangeTruncated" : "range", {
                from: fmt.date(data.range.from, { utc: true }),
                to: fmt.date(data.range.to, { utc: true }),
              })}
            </p>
            <div className="flex flex-wrap gap-2">
              <a href={systemAnalyticsExportUrl(filter)} download className="btn btn-outline btn-sm">
                {tr("exportCsv")}
              </a>
              <a href={systemAnalyticsExportUrl(filter, "xlsx")} download className="btn btn-outline btn-sm">
                {tr("exportXlsx")}
              </a>
            </div>
          </div>
          <Figures items={systemFigures(data, t, fmt)} testId="system-figures" />
          <div className="grid gap-6 xl:grid-cols-2">
            <div className="xl:col-span-2">
              <UsersByActivity data={data} />
            </div>
            <div className="xl:col-span-2">
              <SignInsPerDay data={data} />
            </div>
            <OutboxByStatus data={data} />
            <StorageByPurpose data={data} />
          </div>
        </>
      )}
    </ReportCard>
  );
}

/** Pipeline: purchase requests by status, cycle times (median and p90 days), requests past deadline. */
import { useTranslation } from "react-i18next";
import { purchaseRequestReportUrl } from "../../../hooks/use-report.ts";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { ChartTable, medianChart, PastDeadline, PipelineByStatus } from "../../../components/report-tables.tsx";
import { LiveReport } from "./live-report.tsx";

export function PipelineReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  return (
    <LiveReport
      kind="pipeline"
      filter={filter}
      documents={[
        { href: purchaseRequestReportUrl(filter, "html"), label: t("exportRequestsHtml") },
        { href: purchaseRequestReportUrl(filter, "pdf"), label: t("exportRequestsPdf") },
      ]}
      isEmpty={(data) => data.byStatus.length === 0}
    >
      {(data, fmt) => (
        <div className="grid gap-6 xl:grid-cols-2">
          <PipelineByStatus rows={data.byStatus} fmt={fmt} />
          <ChartTable
            title={t("pipeline.cycleTimes")}
            caption={t("pipeline.cycleTimes")}
            chart={medianChart(data.cycleTimes.map((r) => ({ ...r, label: t(`cycle.${r.metric}`) })), t, fmt)}
            rows={data.cycleTimes}
            rowKey={(r) => r.metric}
            columns={[
              { header: t("columns.stage"), cell: (r) => t(`cycle.${r.metric}`) },
              { header: t("columns.median"), cell: (r) => fmt.days(r.medianDays), numeric: true },
              { header: t("columns.p90"), cell: (r) => fmt.days(r.p90Days), numeric: true },
              { header: t("columns.requests"), cell: (r) => fmt.number(r.count), numeric: true },
            ]}
          />
          <PastDeadline pastDeadline={data.pastDeadline} fmt={fmt} className="xl:col-span-2" />
        </div>
      )}
    </LiveReport>
  );
}

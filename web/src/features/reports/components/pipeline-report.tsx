/** Pipeline: purchase requests by status, cycle times (median and p90 days), requests past deadline. */
import { useTranslation } from "react-i18next";
import { purchaseRequestReportUrl, reportExportUrl, useReport } from "../../../hooks/use-report.ts";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { Chart, DataTable, ReportCard } from "../../../components/report-card.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";

export function PipelineReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  const query = useReport("pipeline", filter);
  const data = query.data;
  const fmt = useReportFormat();
  const status = (s: string) => t(`statuses.${s}`, { defaultValue: s });
  return (
    <ReportCard
      id="pipeline"
      title={t("pipeline.title")}
      description={t("pipeline.description")}
      exportUrl={reportExportUrl("pipeline", filter)}
      documents={[
        { href: purchaseRequestReportUrl(filter, "html"), label: t("exportRequestsHtml") },
        { href: purchaseRequestReportUrl(filter, "pdf"), label: t("exportRequestsPdf") },
      ]}
      query={query}
      isEmpty={!data || data.byStatus.length === 0}
    >
      {data && (
        <div className="grid gap-6 xl:grid-cols-2">
          <div>
            <h3 className="font-medium">{t("pipeline.byStatus")}</h3>
            <Chart
              data={data.byStatus.map((r) => ({ label: status(r.status), count: r.count }))}
              xKey="label"
              series={[{ key: "count", label: t("columns.requests") }]}
              integer
              formatValue={(v) => fmt.number(v)}
            />
            <DataTable
              caption={t("pipeline.byStatus")}
              rows={data.byStatus}
              rowKey={(r) => r.status}
              columns={[
                { header: t("columns.status"), cell: (r) => status(r.status) },
                { header: t("columns.requests"), cell: (r) => fmt.number(r.count), numeric: true },
              ]}
            />
          </div>
          <div>
            <h3 className="font-medium">{t("pipeline.cycleTimes")}</h3>
            <Chart
              data={data.cycleTimes.map((r) => ({
                label: t(`cycle.${r.metric}`),
                median: r.medianDays,
                p90: r.p90Days,
              }))}
              xKey="label"
              series={[{ key: "median", label: t("columns.median") }, { key: "p90", label: t("columns.p90") }]}
              formatValue={(v) => fmt.number(v, 1)}
            />
            <DataTable
              caption={t("pipeline.cycleTimes")}
              rows={data.cycleTimes}
              rowKey={(r) => r.metric}
              columns={[
                { header: t("columns.stage"), cell: (r) => t(`cycle.${r.metric}`) },
                { header: t("columns.median"), cell: (r) => fmt.days(r.medianDays), numeric: true },
                { header: t("columns.p90"), cell: (r) => fmt.days(r.p90Days), numeric: true },
                { header: t("columns.requests"), cell: (r) => fmt.number(r.count), numeric: true },
              ]}
            />
          </div>
          <div className="xl:col-span-2">
            <h3 className="font-medium">
              {t("pipeline.pastDeadline", {
                count: data.pastDeadline.count,
                value: fmt.number(data.pastDeadline.count),
              })}
            </h3>
            {data.pastDeadline.requests.length > 0 && (
              <DataTable
                caption={t("pipeline.pastDeadlineCaption")}
                rows={data.pastDeadline.requests}
                rowKey={(r) => r.id}
                columns={[
                  { header: t("columns.request"), cell: (r) => `${r.number} · ${r.title}` },
                  { header: t("columns.status"), cell: (r) => status(r.status) },
                  { header: t("columns.deadline"), cell: (r) => fmt.date(r.deadline) },
                  { header: t("columns.overdue"), cell: (r) => fmt.days(r.daysOverdue), numeric: true },
                ]}
              />
            )}
          </div>
        </div>
      )}
    </ReportCard>
  );
}

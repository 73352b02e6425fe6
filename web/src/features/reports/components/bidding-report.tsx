/** Bidding: bid requests by status, invited vs answering vendors, quotations per bid, open vs sealed (counts only). */
import { useTranslation } from "react-i18next";
import { reportExportUrl, useReport } from "../../../hooks/use-report.ts";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { Chart, DataTable, ReportCard } from "../../../components/report-card.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";

export function BiddingReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  const query = useReport("bidding", filter);
  const data = query.data;
  const fmt = useReportFormat();
  const status = (s: string) => t(`statuses.${s}`, { defaultValue: s });
  return (
    <ReportCard
      id="bidding"
      title={t("bidding.title")}
      description={t("bidding.description")}
      exportUrl={reportExportUrl("bidding", filter)}
      query={query}
      isEmpty={!data || data.byStatus.length === 0}
    >
      {data && (
        <>
          <dl className="stats stats-vertical bg-base-200 sm:stats-horizontal">
            {([
              ["invited", fmt.number(data.totals.invited)],
              ["answered", fmt.number(data.totals.answered)],
              ["responseRate", fmt.percent(data.totals.responseRate)],
              [
                "averageQuotations",
                data.totals.averageQuotations === null ? "-" : fmt.number(data.totals.averageQuotations, 2),
              ],
            ] as const).map(([key, value]) => (
              <div key={key} className="stat">
                <dt className="stat-title">{t(`columns.${key}`)}</dt>
                <dd className="stat-value text-xl">
                  <bdi>{value}</bdi>
                </dd>
              </div>
            ))}
          </dl>
          <div className="grid gap-6 xl:grid-cols-2">
            <div>
              <h3 className="font-medium">{t("bidding.byStatus")}</h3>
              <Chart
                data={data.byStatus.map((r) => ({ label: status(r.status), count: r.count }))}
                xKey="label"
                series={[{ key: "count", label: t("columns.bids") }]}
                integer
                formatValue={(v) => fmt.number(v)}
              />
              <DataTable
                caption={t("bidding.byStatus")}
                rows={data.byStatus}
                rowKey={(r) => r.status}
                columns={[
                  { header: t("columns.status"), cell: (r) => status(r.status) },
                  { header: t("columns.bids"), cell: (r) => fmt.number(r.count), numeric: true },
                ]}
              />
            </div>
            <div>
              <h3 className="font-medium">{t("bidding.byMode")}</h3>
              <Chart
                data={data.byMode.map((r) => ({ label: t(`modes.${r.mode}`), bids: r.bids, quotations: r.quotations }))}
                xKey="label"
                series={[{ key: "bids", label: t("columns.bids") }, {
                  key: "quotations",
                  label: t("columns.quotations"),
                }]}
                integer
                formatValue={(v) => fmt.number(v)}
              />
              <DataTable
                caption={t("bidding.byMode")}
                rows={data.byMode}
                rowKey={(r) => r.mode}
                columns={[
                  { header: t("columns.mode"), cell: (r) => t(`modes.${r.mode}`) },
                  { header: t("columns.bids"), cell: (r) => fmt.number(r.bids), numeric: true },
                  { header: t("columns.quotations"), cell: (r) => fmt.number(r.quotations), numeric: true },
                  {
                    header: t("columns.averageQuotations"),
                    cell: (r) => (r.averageQuotations === null ? "-" : fmt.number(r.averageQuotations, 2)),
                    numeric: true,
                  },
                ]}
              />
              <p className="text-sm text-base-content/70">{t("bidding.sealedNote")}</p>
            </div>
          </div>
        </>
      )}
    </ReportCard>
  );
}

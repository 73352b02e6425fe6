/** Bidding: bid requests by status, invited vs answering vendors, quotations per bid, open vs sealed (counts only). */
import { useTranslation } from "react-i18next";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { ChartTable, countChart, StatList } from "../../../components/report-tables.tsx";
import { LiveReport } from "./live-report.tsx";

export function BiddingReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  const status = (s: string) => t(`statuses.${s}`, { defaultValue: s });
  return (
    <LiveReport kind="bidding" filter={filter} isEmpty={(data) => data.byStatus.length === 0}>
      {(data, fmt) => {
        const average = (n: number | null) => (n === null ? "-" : fmt.number(n, 2));
        return (
          <>
            <StatList
              items={[
                ["invited", fmt.number(data.totals.invited)],
                ["answered", fmt.number(data.totals.answered)],
                ["responseRate", fmt.percent(data.totals.responseRate)],
                ["averageQuotations", average(data.totals.averageQuotations)],
              ]}
            />
            <div className="grid gap-6 xl:grid-cols-2">
              <ChartTable
                title={t("bidding.byStatus")}
                caption={t("bidding.byStatus")}
                chart={countChart(
                  data.byStatus.map((r) => ({ label: status(r.status), count: r.count })),
                  t("columns.bids"),
                  fmt,
                )}
                rows={data.byStatus}
                rowKey={(r) => r.status}
                columns={[
                  { header: t("columns.status"), cell: (r) => status(r.status) },
                  { header: t("columns.bids"), cell: (r) => fmt.number(r.count), numeric: true },
                ]}
              />
              <ChartTable
                title={t("bidding.byMode")}
                caption={t("bidding.byMode")}
                chart={{
                  data: data.byMode.map((r) => ({
                    label: t(`modes.${r.mode}`),
                    bids: r.bids,
                    quotations: r.quotations,
                  })),
                  series: [{ key: "bids", label: t("columns.bids") }, {
                    key: "quotations",
                    label: t("columns.quotations"),
                  }],
                  integer: true,
                  formatValue: (v) => fmt.number(v),
                }}
                rows={data.byMode}
                rowKey={(r) => r.mode}
                columns={[
                  { header: t("columns.mode"), cell: (r) => t(`modes.${r.mode}`) },
                  { header: t("columns.bids"), cell: (r) => fmt.number(r.bids), numeric: true },
                  { header: t("columns.quotations"), cell: (r) => fmt.number(r.quotations), numeric: true },
                  { header: t("columns.averageQuotations"), cell: (r) => average(r.averageQuotations), numeric: true },
                ]}
              >
                <p className="text-sm text-base-content/70">{t("bidding.sealedNote")}</p>
              </ChartTable>
            </div>
          </>
        );
      }}
    </LiveReport>
  );
}

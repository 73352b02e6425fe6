/** Supplier scorecards: every vendor for staff, the vendor's own figures for a vendor. */
import { useTranslation } from "react-i18next";
import { type Scorecard, useOwnScorecard } from "../../../hooks/use-report.ts";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { Chart, type Column, DataTable, ReportCard } from "../../../components/report-card.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";
import { LiveReport } from "./live-report.tsx";

function useColumns(): Column<Scorecard>[] {
  const { t } = useTranslation("reports");
  const fmt = useReportFormat();
  return [
    { header: t("columns.vendor"), cell: (r) => r.companyName },
    { header: t("columns.opportunities"), cell: (r) => fmt.number(r.opportunities), numeric: true },
    { header: t("columns.quotations"), cell: (r) => fmt.number(r.quotations), numeric: true },
    { header: t("columns.responseRate"), cell: (r) => fmt.percent(r.responseRate), numeric: true },
    { header: t("columns.wins"), cell: (r) => fmt.number(r.wins), numeric: true },
    { header: t("columns.winRate"), cell: (r) => fmt.percent(r.winRate), numeric: true },
    { header: t("columns.responseTime"), cell: (r) => fmt.days(r.medianResponseDays), numeric: true },
    { header: t("columns.aboveLowest"), cell: (r) => fmt.percent(r.averageAboveLowestPercent), numeric: true },
    { header: t("columns.awardedTotal"), cell: (r) => fmt.amount(r.awardedTotal), numeric: true },
    { header: t("columns.deliveries"), cell: (r) => fmt.number(r.deliveries), numeric: true },
    { header: t("columns.onTimeRate"), cell: (r) => fmt.percent(r.onTimeRate), numeric: true },
    { header: t("columns.averageDaysLate"), cell: (r) => fmt.days(r.averageDaysLate), numeric: true },
  ];
}

export function VendorsReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  const columns = useColumns();
  return (
    <LiveReport kind="vendors" filter={filter} isEmpty={(data) => data.vendors.length === 0}>
      {({ vendors: rows }, fmt) => {
        const top = rows.filter((r) => r.quotations > 0).slice(0, 10);
        return (
          <>
            {top.length > 0 && (
              <Chart
                horizontal
                height={Math.max(160, top.length * 36)}
                data={top.map((r) => ({ label: r.companyName, amount: Number(r.awardedTotal) }))}
                xKey="label"
                series={[{ key: "amount", label: t("columns.awardedTotal") }]}
                formatValue={fmt.amountTick}
              />
            )}
            <DataTable caption={t("vendors.caption")} rows={rows} rowKey={(r) => r.vendorId} columns={columns} />
          </>
        );
      }}
    </LiveReport>
  );
}

/** The signed-in vendor's own scorecard. */
export function OwnScorecard({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  const query = useOwnScorecard(filter);
  const fmt = useReportFormat();
  const me = query.data?.vendors[0];
  return (
    <ReportCard
      id="scorecard"
      title={t("vendors.ownTitle")}
      description={t("vendors.ownDescription")}
      query={query}
      isEmpty={!me}
    >
      {me && (
        <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {([
            ["opportunities", fmt.number(me.opportunities)],
            ["quotations", fmt.number(me.quotations)],
            ["responseRate", fmt.percent(me.responseRate)],
            ["wins", fmt.number(me.wins)],
            ["winRate", fmt.percent(me.winRate)],
            ["responseTime", fmt.days(me.medianResponseDays)],
            ["aboveLowest", fmt.percent(me.averageAboveLowestPercent)],
            ["awardedTotal", fmt.amount(me.awardedTotal)],
            ["onTimeRate", fmt.percent(me.onTimeRate)],
            ["averageDaysLate", fmt.days(me.averageDaysLate)],
          ] as const).map(([key, value]) => (
            <div key={key} className="rounded-box bg-base-200 p-4">
              <dt className="text-sm text-base-content/70">{t(`columns.${key}`)}</dt>
              <dd className="text-xl font-semibold">
                <bdi>{value}</bdi>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </ReportCard>
  );
}

/** Savings: estimated budget against the awarded amount, in total and per award. */
import { useTranslation } from "react-i18next";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { Chart, DataTable } from "../../../components/report-card.tsx";
import { StatList } from "../../../components/report-tables.tsx";
import { LiveReport } from "./live-report.tsx";

export function SavingsReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  return (
    <LiveReport kind="savings" filter={filter} isEmpty={(data) => data.total.awards === 0}>
      {(data, fmt) => (
        <>
          <StatList
            items={[
              ["estimated", fmt.amount(data.total.estimated)],
              ["awarded", fmt.amount(data.total.awarded)],
              ["saving", fmt.amount(data.total.saving)],
              ["savingPercent", fmt.percent(data.total.savingPercent)],
            ]}
          />
          {data.total.withoutBudget > 0 && (
            <p className="text-sm text-base-content/70">
              {t("savings.withoutBudget", {
                count: data.total.withoutBudget,
                value: fmt.number(data.total.withoutBudget),
              })}
            </p>
          )}
          <Chart
            horizontal
            height={Math.max(160, Math.min(data.rows.length, 15) * 36)}
            data={data.rows.slice(0, 15).map((r) => ({
              label: r.number,
              estimated: Number(r.estimated),
              awarded: Number(r.awarded),
            }))}
            xKey="label"
            series={[{ key: "estimated", label: t("columns.estimated") }, {
              key: "awarded",
              label: t("columns.awarded"),
            }]}
            formatValue={fmt.amountTick}
          />
          <DataTable
            caption={t("savings.caption", { count: data.rows.length, total: data.total.awards })}
            rows={data.rows}
            rowKey={(r) => r.awardId}
            columns={[
              { header: t("columns.request"), cell: (r) => `${r.number} · ${r.title}` },
              { header: t("columns.awardedAt"), cell: (r) => fmt.date(r.awardedAt) },
              { header: t("columns.estimated"), cell: (r) => fmt.amount(r.estimated), numeric: true },
              { header: t("columns.awarded"), cell: (r) => fmt.amount(r.awarded), numeric: true },
              { header: t("columns.saving"), cell: (r) => fmt.amount(r.saving), numeric: true },
              { header: t("columns.savingPercent"), cell: (r) => fmt.percent(r.savingPercent), numeric: true },
            ]}
          />
        </>
      )}
    </LiveReport>
  );
}

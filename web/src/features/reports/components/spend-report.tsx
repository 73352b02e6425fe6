/** Spend: awarded amount by month, category, department and vendor (top 10, then the others). */
import { useTranslation } from "react-i18next";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { SpendBreakdown, SpendByMonthAndCategory } from "../../../components/report-tables.tsx";
import { LiveReport } from "./live-report.tsx";

export function SpendReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  const none = t("none");
  return (
    <LiveReport
      kind="spend"
      filter={filter}
      currency={(data) => data?.total.currencies[0] ?? "USD"}
      isEmpty={(data) => data.total.awards === 0}
    >
      {(data, fmt) => (
        <>
          <p className="text-2xl font-semibold" data-testid="spend-total">
            <bdi>{fmt.amount(data.total.amount)}</bdi>{" "}
            <span className="text-base font-normal text-base-content/70">
              {t("spend.awards", { count: data.total.awards, value: fmt.number(data.total.awards) })}
            </span>
          </p>
          {data.total.currencies.length > 1 && (
            <p role="note" className="alert alert-warning alert-soft">
              {t("spend.currencies", { list: data.total.currencies.join(", ") })}
            </p>
          )}
          <div className="grid gap-6 xl:grid-cols-2">
            <SpendByMonthAndCategory data={data} fmt={fmt} withAwards />
            <SpendBreakdown
              title={t("spend.byDepartment")}
              header={t("columns.department")}
              label={(r) => r.department || none}
              rows={data.byDepartment}
              rowKey={(r) => r.department}
              fmt={fmt}
              withAwards
            />
            <SpendBreakdown
              title={t("spend.byVendor")}
              header={t("columns.vendor")}
              label={(r) => r.name ?? t("othersCount", { count: r.vendors, value: fmt.number(r.vendors) })}
              rows={data.byVendor}
              rowKey={(r) => r.vendorId ?? "others"}
              fmt={fmt}
              withAwards
            />
          </div>
        </>
      )}
    </LiveReport>
  );
}

/** Spend: awarded amount by month, category, department and vendor (top 10, then the others). */
import { useTranslation } from "react-i18next";
import { reportExportUrl, useReport } from "../../../hooks/use-report.ts";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { Chart, DataTable, ReportCard } from "../../../components/report-card.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";

export function SpendReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  const query = useReport("spend", filter);
  const data = query.data;
  const fmt = useReportFormat(data?.total.currencies[0] ?? "USD");
  const amountCol = {
    header: t("columns.amount"),
    cell: (r: { amount: string }) => fmt.amount(r.amount),
    numeric: true,
  };
  const awardsCol = {
    header: t("columns.awards"),
    cell: (r: { awards: number }) => fmt.number(r.awards),
    numeric: true,
  };
  const num = (rows: { amount: string }[] | undefined, label: (r: never) => string) =>
    (rows ?? []).map((r) => ({ label: label(r as never), amount: Number(r.amount) }));
  const series = [{ key: "amount", label: t("columns.amount") }];
  const none = t("none");

  return (
    <ReportCard
      id="spend"
      title={t("spend.title")}
      description={t("spend.description")}
      exportUrl={reportExportUrl("spend", filter)}
      query={query}
      isEmpty={!data || data.total.awards === 0}
    >
      {data && (
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
            <div>
              <h3 className="font-medium">{t("spend.byMonth")}</h3>
              <Chart
                data={num(data.byMonth, (r: { month: string }) => r.month)}
                xKey="label"
                series={series}
                formatValue={fmt.amountTick}
                formatLabel={fmt.month}
              />
              <DataTable
                caption={t("spend.byMonth")}
                rows={data.byMonth}
                rowKey={(r) => r.month}
                columns={[{ header: t("columns.month"), cell: (r) => fmt.month(r.month) }, amountCol, awardsCol]}
              />
            </div>
            <div>
              <h3 className="font-medium">{t("spend.byCategory")}</h3>
              <Chart
                horizontal
                data={num(data.byCategory, (r: { name: string | null }) => r.name ?? none)}
                xKey="label"
                series={series}
                formatValue={fmt.amountTick}
              />
              <DataTable
                caption={t("spend.byCategory")}
                rows={data.byCategory}
                rowKey={(r) => r.categoryId ?? 0}
                columns={[{ header: t("columns.category"), cell: (r) => r.name ?? none }, amountCol, awardsCol]}
              />
            </div>
            <div>
              <h3 className="font-medium">{t("spend.byDepartment")}</h3>
              <Chart
                horizontal
                data={num(data.byDepartment, (r: { department: string }) => r.department || none)}
                xKey="label"
                series={series}
                formatValue={fmt.amountTick}
              />
              <DataTable
                caption={t("spend.byDepartment")}
                rows={data.byDepartment}
                rowKey={(r) => r.department}
                columns={[
                  { header: t("columns.department"), cell: (r) => r.department || none },
                  amountCol,
                  awardsCol,
                ]}
              />
            </div>
            <div>
              <h3 className="font-medium">{t("spend.byVendor")}</h3>
              <Chart
                horizontal
                data={num(
                  data.byVendor,
                  (r: { name: string | null; vendors: number }) =>
                    r.name ?? t("othersCount", { count: r.vendors, value: fmt.number(r.vendors) }),
                )}
                xKey="label"
                series={series}
                formatValue={fmt.amountTick}
              />
              <DataTable
                caption={t("spend.byVendor")}
                rows={data.byVendor}
                rowKey={(r) => r.vendorId ?? "others"}
                columns={[
                  {
                    header: t("columns.vendor"),
                    cell: (r) => r.name ?? t("othersCount", { count: r.vendors, value: fmt.number(r.vendors) }),
                  },
                  amountCol,
                  awardsCol,
                ]}
              />
            </div>
          </div>
        </>
      )}
    </ReportCard>
  );
}

/** Approvals: turnaround per approver role, and requests waiting on each role now. */
import { useTranslation } from "react-i18next";
import { reportExportUrl, useReport } from "../../../hooks/use-report.ts";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { Chart, DataTable, ReportCard } from "../../../components/report-card.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";

export function ApprovalsReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  const { t: tc } = useTranslation();
  const query = useReport("approvals", filter);
  const data = query.data;
  const fmt = useReportFormat();
  const role = (r: string) => tc(`roles.${r}.name`, { defaultValue: r });
  return (
    <ReportCard
      id="approvals"
      title={t("approvals.title")}
      description={t("approvals.description")}
      exportUrl={reportExportUrl("approvals", filter)}
      query={query}
      isEmpty={!data || (data.turnaround.length === 0 && data.waiting.every((w) => w.count === 0))}
    >
      {data && (
        <div className="grid gap-6 xl:grid-cols-2">
          <div>
            <h3 className="font-medium">{t("approvals.turnaround")}</h3>
            <Chart
              data={data.turnaround.map((r) => ({ label: role(r.role), median: r.medianDays, p90: r.p90Days }))}
              xKey="label"
              series={[{ key: "median", label: t("columns.median") }, { key: "p90", label: t("columns.p90") }]}
              formatValue={(v) => fmt.number(v, 1)}
            />
            <DataTable
              caption={t("approvals.turnaround")}
              rows={data.turnaround}
              rowKey={(r) => r.role}
              columns={[
                { header: t("columns.role"), cell: (r) => role(r.role) },
                { header: t("columns.approved"), cell: (r) => fmt.number(r.approved), numeric: true },
                { header: t("columns.rejected"), cell: (r) => fmt.number(r.rejected), numeric: true },
                { header: t("columns.median"), cell: (r) => fmt.days(r.medianDays), numeric: true },
                { header: t("columns.p90"), cell: (r) => fmt.days(r.p90Days), numeric: true },
              ]}
            />
          </div>
          <div>
            <h3 className="font-medium">{t("approvals.waiting")}</h3>
            <Chart
              data={data.waiting.map((r) => ({ label: role(r.role), count: r.count }))}
              xKey="label"
              series={[{ key: "count", label: t("columns.requests") }]}
              integer
              formatValue={(v) => fmt.number(v)}
            />
            <DataTable
              caption={t("approvals.waiting")}
              rows={data.waiting}
              rowKey={(r) => r.role}
              columns={[
                { header: t("columns.role"), cell: (r) => role(r.role) },
                { header: t("columns.requests"), cell: (r) => fmt.number(r.count), numeric: true },
                { header: t("columns.oldest"), cell: (r) => fmt.days(r.oldestDays), numeric: true },
              ]}
            />
          </div>
        </div>
      )}
    </ReportCard>
  );
}

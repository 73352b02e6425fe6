/** Approvals: turnaround per approver role, and requests waiting on each role now. */
import { useTranslation } from "react-i18next";
import type { ReportFilterValues } from "../../../lib/report-filter.ts";
import { ApprovalsWaiting, ChartTable, medianChart } from "../../../components/report-tables.tsx";
import { LiveReport } from "./live-report.tsx";

export function ApprovalsReport({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation("reports");
  const { t: tc } = useTranslation();
  const role = (r: string) => tc(`roles.${r}.name`, { defaultValue: r });
  return (
    <LiveReport
      kind="approvals"
      filter={filter}
      isEmpty={(data) => data.turnaround.length === 0 && data.waiting.every((w) => w.count === 0)}
    >
      {(data, fmt) => (
        <div className="grid gap-6 xl:grid-cols-2">
          <ChartTable
            title={t("approvals.turnaround")}
            caption={t("approvals.turnaround")}
            chart={medianChart(data.turnaround.map((r) => ({ ...r, label: role(r.role) })), t, fmt)}
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
          <ApprovalsWaiting title={t("approvals.waiting")} rows={data.waiting} fmt={fmt} />
        </div>
      )}
    </LiveReport>
  );
}

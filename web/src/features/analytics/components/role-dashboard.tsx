/**
 * The charts that matter to each role, on the dashboard's overview, from the report
 * endpoints: finance sees spend this year, the purchase team its pipeline, a procurement manager
 * the approvals waiting and the pipeline, an administrator the system summary, a vendor its own
 * scorecard. Each chart has its table (the text alternative); the Reports section has the rest.
 */
import { useContext, useMemo } from "react";
import { useTranslation } from "react-i18next";
import type { RoleName } from "../../../../../src/shared/roles.ts";
import { DashboardNavigation } from "../../../hooks/dashboard-navigation.ts";
import { useOwnScorecard, useReport } from "../../../hooks/use-report.ts";
import { Chart, DataTable, ReportCard } from "../../../components/report-card.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";
import { type ReportFilterValues, resolveFilter } from "../../../lib/report-filter.ts";
import { useSystemAnalytics } from "../api/get-system-analytics.ts";
import { Figures } from "./figures.tsx";
import { ScorecardFigures } from "./scorecard.tsx";
import { SignInsPerDay, systemFigures, UsersByActivity } from "./system-charts.tsx";

const useRange = (range: "thisYear" | "last30" | "all") => useMemo(() => resolveFilter({ range }), [range]);

function SpendThisYear() {
  const { t } = useTranslation(["analytics", "reports"]);
  const filter = useRange("thisYear");
  const query = useReport("spend", filter);
  const data = query.data;
  const fmt = useReportFormat(data?.total.currencies[0] ?? "USD");
  const series = [{ key: "amount", label: t("reports:columns.amount") }];
  return (
    <ReportCard
      id="dashboard-spend"
      title={t("dashboard.spendTitle")}
      description={t("dashboard.spendDescription", { total: fmt.amount(data?.total.amount ?? 0) })}
      query={query}
      isEmpty={!data || data.total.awards === 0}
    >
      {data && (
        <div className="grid gap-6 xl:grid-cols-2">
          <div>
            <h3 className="font-medium">{t("reports:spend.byMonth")}</h3>
            <Chart
              data={data.byMonth.map((r) => ({ label: r.month, amount: Number(r.amount) }))}
              xKey="label"
              series={series}
              formatValue={fmt.amountTick}
              formatLabel={fmt.month}
              height={220}
            />
            <DataTable
              caption={t("reports:spend.byMonth")}
              rows={data.byMonth}
              rowKey={(r) => r.month}
              columns={[
                { header: t("reports:columns.month"), cell: (r) => fmt.month(r.month) },
                { header: t("reports:columns.amount"), cell: (r) => fmt.amount(r.amount), numeric: true },
              ]}
            />
          </div>
          <div>
            <h3 className="font-medium">{t("reports:spend.byCategory")}</h3>
            <Chart
              horizontal
              data={data.byCategory.map((r) => ({ label: r.name ?? t("reports:none"), amount: Number(r.amount) }))}
              xKey="label"
              series={series}
              formatValue={fmt.amountTick}
              height={Math.max(160, data.byCategory.length * 36)}
            />
            <DataTable
              caption={t("reports:spend.byCategory")}
              rows={data.byCategory}
              rowKey={(r) => r.categoryId ?? "none"}
              columns={[
                { header: t("reports:columns.category"), cell: (r) => r.name ?? t("reports:none") },
                { header: t("reports:columns.amount"), cell: (r) => fmt.amount(r.amount), numeric: true },
              ]}
            />
          </div>
        </div>
      )}
    </ReportCard>
  );
}

function Pipeline({ filter }: { filter: ReportFilterValues }) {
  const { t } = useTranslation(["analytics", "reports"]);
  const query = useReport("pipeline", filter);
  const data = query.data;
  const fmt = useReportFormat();
  const status = (s: string) => t(`reports:statuses.${s}`, { defaultValue: s });
  return (
    <ReportCard
      id="dashboard-pipeline"
      title={t("dashboard.pipelineTitle")}
      description={t("dashboard.pipelineDescription")}
      query={query}
      isEmpty={!data || data.byStatus.length === 0}
    >
      {data && (
        <div className="grid gap-6 xl:grid-cols-2">
          <div>
            <h3 className="font-medium">{t("reports:pipeline.byStatus")}</h3>
            <Chart
              data={data.byStatus.map((r) => ({ label: status(r.status), count: r.count }))}
              xKey="label"
              series={[{ key: "count", label: t("reports:columns.requests") }]}
              integer
              formatValue={(v) => fmt.number(v)}
              height={220}
            />
            <DataTable
              caption={t("reports:pipeline.byStatus")}
              rows={data.byStatus}
              rowKey={(r) => r.status}
              columns={[
                { header: t("reports:columns.status"), cell: (r) => status(r.status) },
                { header: t("reports:columns.requests"), cell: (r) => fmt.number(r.count), numeric: true },
              ]}
            />
          </div>
          <div>
            <h3 className="font-medium" data-testid="dashboard-past-deadline">
              {t("reports:pipeline.pastDeadline", {
                count: data.pastDeadline.count,
                value: fmt.number(data.pastDeadline.count),
              })}
            </h3>
            {data.pastDeadline.requests.length > 0 && (
              <DataTable
                caption={t("reports:pipeline.pastDeadlineCaption")}
                rows={data.pastDeadline.requests.slice(0, 5)}
                rowKey={(r) => r.id}
                columns={[
                  { header: t("reports:columns.request"), cell: (r) => `${r.number} · ${r.title}` },
                  { header: t("reports:columns.overdue"), cell: (r) => fmt.days(r.daysOverdue), numeric: true },
                ]}
              />
            )}
          </div>
        </div>
      )}
    </ReportCard>
  );
}

function ApprovalsWaiting() {
  const { t } = useTranslation(["analytics", "reports"]);
  const { t: tc } = useTranslation();
  const filter = useRange("all");
  const query = useReport("approvals", filter);
  const data = query.data;
  const fmt = useReportFormat();
  const role = (r: string) => tc(`roles.${r}.name`, { defaultValue: r });
  return (
    <ReportCard
      id="dashboard-approvals"
      title={t("dashboard.approvalsTitle")}
      description={t("dashboard.approvalsDescription")}
      query={query}
      isEmpty={false}
    >
      {data && (
        <div className="grid gap-6 xl:grid-cols-2">
          <Chart
            data={data.waiting.map((r) => ({ label: role(r.role), count: r.count }))}
            xKey="label"
            series={[{ key: "count", label: t("reports:columns.requests") }]}
            integer
            formatValue={(v) => fmt.number(v)}
            height={200}
          />
          <DataTable
            caption={t("reports:approvals.waiting")}
            rows={data.waiting}
            rowKey={(r) => r.role}
            columns={[
              { header: t("reports:columns.role"), cell: (r) => role(r.role) },
              { header: t("reports:columns.requests"), cell: (r) => fmt.number(r.count), numeric: true },
              { header: t("reports:columns.oldest"), cell: (r) => fmt.days(r.oldestDays), numeric: true },
            ]}
          />
        </div>
      )}
    </ReportCard>
  );
}

function SystemSummary() {
  const { t } = useTranslation("analytics");
  const filter = useRange("last30");
  const query = useSystemAnalytics(filter);
  const data = query.data;
  const fmt = useReportFormat();
  return (
    <ReportCard
      id="dashboard-system"
      title={t("dashboard.systemTitle")}
      description={t("dashboard.systemDescription")}
      query={query}
      isEmpty={false}
    >
      {data && (
        <>
          <Figures items={systemFigures(data, t, fmt)} testId="system-figures" />
          <div className="grid gap-6 xl:grid-cols-2">
            <SignInsPerDay data={data} />
            <UsersByActivity data={data} withRoles={false} />
          </div>
        </>
      )}
    </ReportCard>
  );
}

function OwnScorecard() {
  const { t } = useTranslation("analytics");
  const filter = useRange("all");
  const query = useOwnScorecard(filter);
  const card = query.data?.vendors[0];
  return (
    <ReportCard
      id="dashboard-scorecard"
      title={t("dashboard.scorecardTitle")}
      description={t("dashboard.scorecardDescription")}
      query={query}
      isEmpty={!card}
    >
      {card && <ScorecardFigures card={card} />}
    </ReportCard>
  );
}

export function RoleDashboard({ role }: { role: RoleName }) {
  const { t } = useTranslation("analytics");
  const navigate = useContext(DashboardNavigation);
  const thisYear = useRange("thisYear");
  let charts;
  switch (role) {
    case "cost_finance_controller":
      charts = <SpendThisYear />;
      break;
    case "purchase_team":
      charts = <Pipeline filter={thisYear} />;
      break;
    case "procurement_manager":
      charts = (
        <>
          <ApprovalsWaiting />
          <Pipeline filter={thisYear} />
        </>
      );
      break;
    case "admin":
      charts = <SystemSummary />;
      break;
    case "vendor":
      charts = <OwnScorecard />;
      break;
  }
  return (
    <section aria-labelledby="role-dashboard-title" className="flex flex-col gap-4" data-testid="role-dashboard">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="role-dashboard-title" className="text-lg font-semibold">{t("dashboard.title")}</h3>
        <button type="button" className="btn btn-outline btn-sm" onClick={() => navigate("reports")}>
          {t("dashboard.allReports")}
        </button>
      </div>
      {charts}
    </section>
  );
}

/**
 * The charts that matter to each role, on the dashboard's overview, from the report
 * endpoints: finance sees spend this year, the purchase team its pipeline, a procurement manager
 * the approvals waiting and the pipeline, an administrator the system summary, a vendor its own
 * scorecard. Each chart has its table (the text alternative); the Reports section has the rest.
 */
import { type ReactNode, useContext, useMemo } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { RoleName } from "../../../../../src/shared/roles.ts";
import { DashboardNavigation } from "../../../hooks/dashboard-navigation.ts";
import { useOwnScorecard, useReport } from "../../../hooks/use-report.ts";
import { ReportCard } from "../../../components/report-card.tsx";
import {
  ApprovalsWaiting,
  PastDeadline,
  PipelineByStatus,
  SpendByMonthAndCategory,
} from "../../../components/report-tables.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";
import { type ReportFilterValues, resolveFilter } from "../../../lib/report-filter.ts";
import { useSystemAnalytics } from "../api/get-system-analytics.ts";
import { Figures } from "./figures.tsx";
import { ScorecardFigures } from "./scorecard.tsx";
import { SignInsPerDay, systemFigures, UsersByActivity } from "./system-charts.tsx";

const useRange = (range: "thisYear" | "last30" | "all") => useMemo(() => resolveFilter({ range }), [range]);

type CardName = "spend" | "pipeline" | "approvals" | "system" | "scorecard";

/** Every card's title and description, each a literal t() of its key so the locales test checks the key. */
const cardText = (t: TFunction<"analytics">): Record<CardName, [title: string, description: string]> => ({
  spend: [t("dashboard.spendTitle"), t("dashboard.spendDescription")],
  pipeline: [t("dashboard.pipelineTitle"), t("dashboard.pipelineDescription")],
  approvals: [t("dashboard.approvalsTitle"), t("dashboard.approvalsDescription")],
  system: [t("dashboard.systemTitle"), t("dashboard.systemDescription")],
  scorecard: [t("dashboard.scorecardTitle"), t("dashboard.scorecardDescription")],
});

/** One card of the dashboard: its title and description over what `children` draws from the loaded data. */
function DashboardCard<T>({ name, query, isEmpty = () => false, description, children }: {
  name: CardName;
  query: { data: T | undefined; isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  isEmpty?: (data: T) => boolean;
  /** In place of the plain description (one with figures in it). */
  description?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation("analytics");
  const [title, plainDescription] = cardText(t)[name];
  return (
    <ReportCard
      id={`dashboard-${name}`}
      title={title}
      description={description ?? plainDescription}
      query={query}
      isEmpty={!query.data || isEmpty(query.data)}
    >
      {query.data && children(query.data)}
    </ReportCard>
  );
}

function SpendThisYear() {
  const { t } = useTranslation("analytics");
  const query = useReport("spend", useRange("thisYear"));
  const fmt = useReportFormat(query.data?.total.currencies[0] ?? "USD");
  return (
    <DashboardCard
      name="spend"
      query={query}
      description={t("dashboard.spendDescription", { total: fmt.amount(query.data?.total.amount ?? 0) })}
      isEmpty={(data) => data.total.awards === 0}
    >
      {(data) => (
        <div className="grid gap-6 xl:grid-cols-2">
          <SpendByMonthAndCategory data={data} fmt={fmt} withAwards={false} height={220} />
        </div>
      )}
    </DashboardCard>
  );
}

function Pipeline({ filter }: { filter: ReportFilterValues }) {
  const fmt = useReportFormat();
  return (
    <DashboardCard
      name="pipeline"
      query={useReport("pipeline", filter)}
      isEmpty={(data) => data.byStatus.length === 0}
    >
      {(data) => (
        <div className="grid gap-6 xl:grid-cols-2">
          <PipelineByStatus rows={data.byStatus} fmt={fmt} height={220} />
          <PastDeadline pastDeadline={data.pastDeadline} fmt={fmt} brief testId="dashboard-past-deadline" />
        </div>
      )}
    </DashboardCard>
  );
}

function ApprovalsWaitingCard() {
  const fmt = useReportFormat();
  return (
    <DashboardCard name="approvals" query={useReport("approvals", useRange("all"))}>
      {(data) => (
        <div className="grid gap-6 xl:grid-cols-2">
          <ApprovalsWaiting rows={data.waiting} fmt={fmt} height={200} />
        </div>
      )}
    </DashboardCard>
  );
}

function SystemSummary() {
  const { t } = useTranslation("analytics");
  const fmt = useReportFormat();
  return (
    <DashboardCard name="system" query={useSystemAnalytics(useRange("last30"))}>
      {(data) => (
        <>
          <Figures items={systemFigures(data, t, fmt)} testId="system-figures" />
          <div className="grid gap-6 xl:grid-cols-2">
            <SignInsPerDay data={data} />
            <UsersByActivity data={data} withRoles={false} />
          </div>
        </>
      )}
    </DashboardCard>
  );
}

function OwnScorecard() {
  return (
    <DashboardCard name="scorecard" query={useOwnScorecard(useRange("all"))} isEmpty={(data) => !data.vendors[0]}>
      {(data) => <ScorecardFigures card={data.vendors[0]} />}
    </DashboardCard>
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
          <ApprovalsWaitingCard />
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

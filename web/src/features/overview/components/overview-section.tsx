/** Overview (spec section 2): greeting, live stat cards for the role, quick actions to other sections. */
import { useQuery } from "@tanstack/react-query";
import { type ComponentType, Suspense, useContext } from "react";
import { useTranslation } from "react-i18next";
import { type DashboardSection, sectionsFor } from "../../../../../src/shared/permissions.ts";
import { isRoleName, type RoleName } from "../../../../../src/shared/roles.ts";
import { StatCard } from "../../../components/stat-card.tsx";
import { Loading } from "../../../components/load-states.tsx";
import { isolate } from "../../../lib/i18n.ts";
import { useCurrentUser, userDisplayName } from "../../../hooks/use-current-user.ts";
import { DashboardNavigation } from "../../../hooks/dashboard-navigation.ts";
import { purchaseRequestStatsQueryOptions } from "../../../hooks/use-purchase-request-stats.ts";
import { useAdminStats } from "../../../hooks/use-admin-stats.ts";

const PURCHASE_ROLES: RoleName[] = ["purchase_team", "procurement_manager", "cost_finance_controller"];
/** Quick actions, most useful first; each role gets the first few it may open. */
const QUICK_ACTIONS: DashboardSection[] = [
  "requests",
  "opportunities",
  "users",
  "bids",
  "vendors",
  "audit-logs",
  "categories",
  "quotations",
  "reports",
  "profile",
  "settings",
];
const QUICK_ACTION_COUNT = 4;

function AdminStats() {
  const { t } = useTranslation("overview");
  const stats = useAdminStats({ enabled: true });
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <StatCard label={t("stats.totalUsers")} value={stats.data?.totalUsers ?? "—"} loading={stats.isPending} />
      <StatCard label={t("stats.activeUsers")} value={stats.data?.activeUsers ?? "—"} loading={stats.isPending} />
      <StatCard label={t("stats.pendingVendors")} value={stats.data?.pendingVendors ?? "—"} loading={stats.isPending} />
      {stats.isError && <p className="text-error sm:col-span-3" role="alert">{t("stats.error")}</p>}
    </div>
  );
}

function PurchaseStats() {
  const { t } = useTranslation("overview");
  const stats = useQuery(purchaseRequestStatsQueryOptions());
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      <StatCard label={t("stats.totalRequests")} value={stats.data?.total ?? "—"} loading={stats.isPending} />
      <StatCard label={t("stats.pendingRequests")} value={stats.data?.pending ?? "—"} loading={stats.isPending} />
      <StatCard label={t("stats.activeRequests")} value={stats.data?.active ?? "—"} loading={stats.isPending} />
      <StatCard label={t("stats.completedRequests")} value={stats.data?.completed ?? "—"} loading={stats.isPending} />
      {stats.isError && <p className="text-error sm:col-span-2 lg:col-span-4" role="alert">{t("stats.error")}</p>}
    </div>
  );
}

function QuickActions({ role }: { role: RoleName }) {
  const { t } = useTranslation("overview");
  const navigate = useContext(DashboardNavigation);
  const allowed = sectionsFor(role);
  const actions = QUICK_ACTIONS.filter((section) => allowed.includes(section)).slice(0, QUICK_ACTION_COUNT);
  return (
    <section aria-labelledby="quick-actions-title" className="flex flex-col gap-3">
      <h3 id="quick-actions-title" className="text-lg font-semibold">{t("quickActions.title")}</h3>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {actions.map((section) => (
          <li key={section}>
            <button
              type="button"
              className="card h-full w-full bg-base-100 text-start shadow-sm transition hover:shadow-md focus-visible:outline-2 focus-visible:outline-primary"
              onClick={() => navigate(section)}
            >
              <span className="card-body gap-1 p-4">
                <span className="font-semibold text-primary">{t(`translation:dashboard.sections.${section}`)}</span>
                <span className="text-sm text-base-content/70">{t(`quickActions.${section}`)}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** `RoleDashboard` (the analytics feature's figures for the role) comes from the app: web/src/app/sections/overview.tsx. */
export default function OverviewSection({ RoleDashboard }: { RoleDashboard: ComponentType<{ role: RoleName }> }) {
  const { t } = useTranslation("overview");
  const { data: user } = useCurrentUser();
  const role = isRoleName(user?.role.name) ? user.role.name : null;
  const name = (user && userDisplayName(user)) ?? t("translation:dashboard.defaultUserName");
  return (
    <section aria-labelledby="overview-title" className="flex flex-col gap-6">
      <div>
        <h2 id="overview-title" className="text-2xl font-bold">{t("greeting", { name: isolate(name) })}</h2>
        <p className="text-base-content/70">{t("intro")}</p>
      </div>
      {role === "admin" && <AdminStats />}
      {role && PURCHASE_ROLES.includes(role) && <PurchaseStats />}
      {
        /* The quick actions before the figures: they are ready at once, so nothing pushes or hides them
          while the figures load (no layout shift); the figures wait in a boundary of their own. */
      }
      {role && <QuickActions role={role} />}
      {role && (
        <Suspense fallback={<Loading />}>
          <RoleDashboard role={role} />
        </Suspense>
      )}
    </section>
  );
}

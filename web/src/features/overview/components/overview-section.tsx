import { useTranslation } from "react-i18next";
import { isolate } from "../../../lib/i18n.ts";
import { useCurrentUser, userDisplayName } from "../../auth/api/get-current-user.ts";
import { useAdminStats } from "../api/get-admin-stats.ts";

function StatCard({ label, value, loading }: { label: string; value: number | undefined; loading: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="stat rounded-box bg-base-100 shadow-sm">
      <div className="stat-title">{label}</div>
      <div className="stat-value text-3xl">
        {loading ? <span className="loading loading-dots loading-sm" aria-label={t("common.loading")} /> : value ?? "-"}
      </div>
    </div>
  );
}

export default function OverviewSection() {
  const { t } = useTranslation();
  const { data: user } = useCurrentUser();
  const isAdmin = user?.role.name === "admin";
  const stats = useAdminStats({ enabled: isAdmin });
  const name = (user && userDisplayName(user)) ?? t("dashboard.defaultUserName");
  return (
    <section aria-labelledby="overview-title" className="flex flex-col gap-6">
      <div>
        <h2 id="overview-title" className="text-2xl font-bold">{t("overview.greeting", { name: isolate(name) })}</h2>
        <p className="text-base-content/70">{t("overview.intro")}</p>
      </div>
      {isAdmin && (
        <div className="grid gap-4 sm:grid-cols-3">
          <StatCard label={t("overview.totalUsers")} value={stats.data?.totalUsers} loading={stats.isPending} />
          <StatCard label={t("overview.activeUsers")} value={stats.data?.activeUsers} loading={stats.isPending} />
          <StatCard
            label={t("overview.pendingVendors")}
            value={stats.data?.pendingVendors}
            loading={stats.isPending}
          />
          {stats.isError && <p className="text-error sm:col-span-3" role="alert">{t("overview.statsError")}</p>}
        </div>
      )}
    </section>
  );
}

import { useTranslation } from "react-i18next";
import { StatCard } from "../../../components/stat-card.tsx";
import { formatMoney } from "../../../lib/format.ts";
import { useBidRequestStats } from "../api/get-bid-request-stats.ts";

const COUNTS = [
  ["active", "stats.active"],
  ["drafts", "stats.drafts"],
  ["completed", "stats.completed"],
] as const;

/** Summary cards from GET /api/bid-requests/stats (live); '-' when they cannot be loaded. */
export function BidStats() {
  const { t, i18n } = useTranslation("bids");
  const stats = useBidRequestStats();
  const number = new Intl.NumberFormat(i18n.language);
  const noData = stats.isError ? t("stats.noData") : undefined;
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {COUNTS.map(([key, label]) => (
        <StatCard
          key={key}
          label={t(label)}
          loading={stats.isPending}
          value={stats.data ? number.format(stats.data[key]) : "-"}
          note={noData}
        />
      ))}
      <StatCard
        label={t("stats.totalValue")}
        loading={stats.isPending}
        value={stats.data ? formatMoney(stats.data.totalValue, i18n.language) : "-"}
        note={noData ?? t("stats.totalValueHint")}
        valueClassName="text-2xl break-all"
      />
    </div>
  );
}

import { useTranslation } from "react-i18next";
import { StatCard } from "../../../components/stat-card.tsx";
import { usePurchaseRequestStats } from "../../../hooks/use-purchase-request-stats.ts";
import { formatNumber } from "../../../lib/format.ts";

const STATS = ["total", "active", "pending", "completed"] as const;

/** Stat cards from GET /api/purchase-requests/stats; on failure '-' and 'No data available' (spec section 2). */
export function RequestStats() {
  const { t, i18n } = useTranslation("requests");
  const stats = usePurchaseRequestStats();
  // Through the shared helper: a language Intl lacks (Dhivehi) gets Western digits, not the host's locale.
  const number = { format: (value: number) => formatNumber(value, i18n.language) };
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {STATS.map((key) => (
        <StatCard
          key={key}
          label={t(`stats.${key}`)}
          loading={stats.isPending}
          value={stats.data ? number.format(stats.data[key]) : "-"}
          note={stats.isError ? t("stats.noData") : undefined}
        />
      ))}
    </div>
  );
}

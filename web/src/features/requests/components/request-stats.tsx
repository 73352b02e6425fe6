import { useTranslation } from "react-i18next";
import { usePurchaseRequestStats } from "../api/get-purchase-request-stats.ts";

const STATS = ["total", "active", "pending", "completed"] as const;

/** Stat cards from GET /api/purchase-requests/stats; on failure '-' and 'No data available' (spec section 2). */
export function RequestStats() {
  const { t, i18n } = useTranslation("requests");
  const stats = usePurchaseRequestStats();
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {STATS.map((key) => (
        <div key={key} className="stat rounded-box border border-base-300 bg-base-100 shadow-sm">
          <div className="stat-title">{t(`stats.${key}`)}</div>
          <div className="stat-value text-3xl">
            {stats.isPending
              ? <span className="loading loading-dots loading-sm" aria-label={t("translation:common.loading")} />
              : stats.data
              ? number.format(stats.data[key])
              : "-"}
          </div>
          {stats.isError && <div className="stat-desc">{t("stats.noData")}</div>}
        </div>
      ))}
    </div>
  );
}

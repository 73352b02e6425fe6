import { useTranslation } from "react-i18next";
import { useBidRequestStats } from "../api/get-bid-request-stats.ts";
import { formatMoney } from "./format.ts";

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
  const value = (render: () => string) =>
    stats.isPending
      ? <span className="loading loading-dots loading-sm" aria-label={t("translation:common.loading")} />
      : stats.data
      ? render()
      : "-";
  return (
    <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
      {COUNTS.map(([key, label]) => (
        <div key={key} className="stat rounded-box border border-base-300 bg-base-100 shadow-sm">
          <div className="stat-title">{t(label)}</div>
          <div className="stat-value text-3xl">
            {value(() =>
              number.format(stats.data![key])
            )}
          </div>
          {stats.isError && <div className="stat-desc">{t("stats.noData")}</div>}
        </div>
      ))}
      <div className="stat rounded-box border border-base-300 bg-base-100 shadow-sm">
        <div className="stat-title">{t("stats.totalValue")}</div>
        <div className="stat-value text-2xl break-all">
          {value(() => formatMoney(stats.data!.totalValue, i18n.language))}
        </div>
        <div className="stat-desc whitespace-normal">
          {stats.isError ? t("stats.noData") : t("stats.totalValueHint")}
        </div>
      </div>
    </div>
  );
}

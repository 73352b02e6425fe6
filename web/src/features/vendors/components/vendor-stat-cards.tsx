import { useTranslation } from "react-i18next";
import { useVendorStats } from "../api/get-vendor-stats.ts";

/** Pending, Approved and Rejected Vendors, live from /api/admin/vendor-stats. */
export function VendorStatCards() {
  const { t } = useTranslation("vendors");
  const stats = useVendorStats();
  const value = (n: number | undefined) => (stats.isError ? "-" : n ?? "…");
  const cards = [
    { label: t("stats.pending"), value: value(stats.data?.pendingVendors), tone: "text-warning" },
    { label: t("stats.approved"), value: value(stats.data?.approvedVendors), tone: "text-success" },
    { label: t("stats.rejected"), value: value(stats.data?.rejectedVendors), tone: "text-error" },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-3" aria-busy={stats.isPending}>
      {cards.map((card) => (
        <div key={card.label} className="stat rounded-box border border-base-300 bg-base-100">
          <dt className="stat-title">{card.label}</dt>
          <dd className={`stat-value text-3xl ${card.tone}`}>{card.value}</dd>
          {stats.isError && <dd className="stat-desc">{t("stats.error")}</dd>}
        </div>
      ))}
    </dl>
  );
}

import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** A daisyUI stat card: label and value (loading dots while it loads), and an optional note below. */
export function StatCard({ label, value, loading, note, valueClassName = "text-3xl" }: {
  label: string;
  /** What to show once loaded; the caller decides what stands for a missing value ("-"). */
  value: ReactNode;
  loading: boolean;
  note?: string;
  valueClassName?: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="stat rounded-box border border-base-300 bg-base-100 shadow-sm">
      <div className="stat-title whitespace-normal">{label}</div>
      <div className={`stat-value ${valueClassName}`}>
        {loading ? <span className="loading loading-dots loading-sm" aria-label={t("common.loading")} /> : value}
      </div>
      {note && <div className="stat-desc whitespace-normal">{note}</div>}
    </div>
  );
}

import { useTranslation } from "react-i18next";

/** Total, Subscribed and Available category counts. */
export function SubscriptionCounts({ total, subscribed }: { total: number; subscribed: number }) {
  const { t } = useTranslation("subscriptions");
  const items = [
    { label: t("counts.total"), value: total },
    { label: t("counts.subscribed"), value: subscribed },
    { label: t("counts.available"), value: Math.max(total - subscribed, 0) },
  ];
  return (
    <dl className="stats stats-vertical w-full border border-base-300 sm:stats-horizontal">
      {items.map((item) => (
        <div key={item.label} className="stat">
          <dt className="stat-title">{item.label}</dt>
          <dd className="stat-value text-2xl">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

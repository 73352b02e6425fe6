import { useTranslation } from "react-i18next";
import { RecordCard } from "../../../components/record-card.tsx";
import { isolate } from "../../../lib/i18n.ts";
import type { PurchaseRequestSummary } from "../api/get-purchase-requests.ts";
import { formatDate, formatMoney } from "../../../lib/format.ts";
import { type RequestAction, RequestActions } from "./request-actions.tsx";
import { StatusBadge } from "./status-badge.tsx";

const SHOWN_ITEMS = 3;

export function RequestCard({ pr, onAction }: {
  pr: PurchaseRequestSummary;
  onAction: (action: RequestAction, pr: PurchaseRequestSummary) => void;
}) {
  const { t, i18n } = useTranslation("requests");
  const lang = i18n.language;
  const more = pr.itemCount - SHOWN_ITEMS;
  const headingId = `pr-card-${pr.id}`;
  return (
    <RecordCard
      id={headingId}
      title={pr.title}
      number={pr.requestId}
      titleSize="text-lg"
      bodyClassName="card-body gap-3 p-4 sm:p-5"
      badges={
        <div className="flex flex-wrap gap-2">
          <StatusBadge status={pr.status} />
          {pr.category && <span className="badge badge-outline badge-primary" dir="auto">{pr.category.name}</span>}
        </div>
      }
    >
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-base-content/60">{t("fields.createdAt")}</dt>
          <dd>{formatDate(pr.createdAt, lang)}</dd>
        </div>
        <div>
          <dt className="text-base-content/60">{t("fields.deadline")}</dt>
          <dd>{formatDate(pr.deadline, lang, { utc: true })}</dd>
        </div>
        <div>
          <dt className="text-base-content/60">{t("fields.estimatedBudget")}</dt>
          <dd className="font-semibold">{formatMoney(pr.estimatedBudget, lang)}</dd>
        </div>
      </dl>
      {pr.description && (
        <p className="line-clamp-3 text-sm text-base-content/80 break-words" dir="auto">{pr.description}</p>
      )}
      {pr.items.length > 0 && (
        <div>
          <p className="text-sm font-medium">{t("list.itemsHeading", { count: pr.itemCount })}</p>
          <ul className="mt-1 list-inside list-disc text-sm text-base-content/80">
            {pr.items.slice(0, SHOWN_ITEMS).map((item) => (
              <li key={item.id} className="break-words">
                {t("list.itemLine", { name: isolate(item.name), amount: isolate(`${item.quantity} ${item.unit}`) })}
              </li>
            ))}
          </ul>
          {more > 0 && <p className="text-sm text-base-content/60">{t("list.moreItems", { count: more })}</p>}
        </div>
      )}
      <div className="card-actions mt-auto justify-end">
        <RequestActions pr={pr} describedBy={headingId} onAction={(action) => onAction(action, pr)} />
      </div>
    </RecordCard>
  );
}

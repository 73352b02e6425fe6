/** One inbox item: a link to where its action is taken, with what is asked, the amount and the time. */
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useFormat } from "../../../lib/format.ts";
import { isolate } from "../../../lib/i18n.ts";
import type { InboxItem } from "../../../../../src/shared/schemas/responses/inbox.ts";

/** The item's time: a deadline, a closing time or a delivery date, each in its own words. */
function When({ item }: { item: InboxItem }) {
  const { t } = useTranslation();
  const f = useFormat();
  // A delivery date is a calendar day (UTC midnight as text): shown as that day everywhere.
  if (item.dueDate && item.kind === "delivery") {
    const date = isolate(f.date(item.dueDate, { utc: true }));
    return (
      <span className={item.overdue ? "font-semibold text-error" : undefined}>
        {item.overdue ? t("inbox.when.overdue", { date }) : t("inbox.when.deliveryDue", { date })}
      </span>
    );
  }
  if (!item.due) return null;
  // A request's deadline is a calendar day too; every other time is an instant, shown in the user's
  // own time zone.
  const day = item.kind === "request_approval" || item.action === "purchase_request";
  const time = isolate(day ? f.date(item.due, { utc: true }) : f.dateTime(item.due));
  const key = {
    request_approval: "deadline",
    bid_approval: "closes",
    bid_closing: "closes",
    bid_evaluation: "closed",
    order_action: "updated",
    order_acknowledge: "issued",
    delivery: "deadline",
    opportunity: "closes",
    vendor_application: "applied",
  }[item.kind];
  return <span>{t(`inbox.when.${key}`, { time })}</span>;
}

/** What is asked, when the kind asks more than one thing or an approval has a level. */
function Asked({ item }: { item: InboxItem }) {
  const { t } = useTranslation();
  if (item.level) {
    return (
      <span className="badge badge-outline">
        {t("inbox.level", { level: item.level.given + 1, required: item.level.required })}
      </span>
    );
  }
  if (!item.action) return null;
  const key = item.kind === "bid_closing"
    ? `mode.${item.action}`
    : item.kind === "delivery"
    ? `orderStatus.${item.action}`
    : `action.${item.action}`;
  return <span className="badge badge-outline">{t(`inbox.${key}`)}</span>;
}

export function InboxEntry({ item }: { item: InboxItem }) {
  const { t } = useTranslation();
  const f = useFormat();
  const budget = item.budget;
  return (
    <li>
      <Link
        href={item.path}
        className="flex flex-col gap-1 rounded-box px-3 py-2 hover:bg-base-200 focus-visible:outline-2 focus-visible:outline-primary"
      >
        <span className="flex flex-wrap items-baseline gap-x-2">
          {item.number && <span className="font-mono text-sm" dir="ltr">{item.number}</span>}
          <span className="font-medium text-primary underline-offset-2 hover:underline" dir="auto">{item.title}</span>
        </span>
        <span className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-base-content/80">
          <Asked item={item} />
          {item.amount !== null && (
            <span>{t("inbox.amount", { amount: isolate(f.money(item.amount, item.currency ?? undefined)) })}</span>
          )}
          <When item={item} />
        </span>
        {budget && (
          <span className={`text-sm ${budget.overrun ? "font-semibold text-error" : "text-base-content/80"}`}>
            {t(budget.overrun ? "inbox.budget.overrun" : "inbox.budget.within", {
              budget: isolate(budget.name),
              remaining: isolate(f.money(budget.remaining)),
              after: isolate(f.money(budget.after)),
            })}
          </span>
        )}
      </Link>
    </li>
  );
}

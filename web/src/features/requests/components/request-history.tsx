import { useTranslation } from "react-i18next";
import { isolate } from "../../../lib/i18n.ts";
import type { PurchaseRequestEvent } from "../api/get-purchase-request.ts";
import { formatDateTime } from "../../../lib/format.ts";
import { isKnownStatus } from "./status-badge.tsx";

const KNOWN_ACTIONS = ["created", "updated", "approved", "rejected", "status_changed"];
const KNOWN_STAGES = ["manager", "finance"];

/** The request's approvals and status changes, oldest first, with who did it, at which stage and why. */
export function RequestHistory({ events }: { events: PurchaseRequestEvent[] }) {
  const { t, i18n } = useTranslation("requests");
  if (events.length === 0) return <p className="text-sm text-base-content/60">{t("details.noHistory")}</p>;
  const statusLabel = (status: string | null) => status ? (isKnownStatus(status) ? t(`status.${status}`) : status) : "";
  return (
    <ol className="flex flex-col gap-3 border-s-2 border-base-300 ps-4">
      {events.map((event) => (
        <li key={event.id} className="relative">
          <span
            className="absolute -start-[1.4rem] top-1.5 h-3 w-3 rounded-full bg-primary"
            aria-hidden="true"
          />
          <div className="flex flex-wrap items-baseline gap-x-2">
            <span className="font-medium">
              {KNOWN_ACTIONS.includes(event.action) ? t(`history.action.${event.action}`) : event.action}
            </span>
            {event.stage && (
              <span className="badge badge-sm badge-outline">
                {KNOWN_STAGES.includes(event.stage) ? t(`history.stage.${event.stage}`) : event.stage}
              </span>
            )}
            {event.fromStatus && event.toStatus && event.fromStatus !== event.toStatus && (
              <span className="text-sm text-base-content/70">
                {t("history.transition", { from: statusLabel(event.fromStatus), to: statusLabel(event.toStatus) })}
              </span>
            )}
          </div>
          <p className="text-sm text-base-content/70">
            {t("history.by", {
              name: isolate(event.actor?.name || event.actor?.email || t("history.system")),
              date: formatDateTime(event.createdAt, i18n.language),
            })}
          </p>
          {event.comment && (
            <blockquote className="mt-1 rounded bg-base-200 px-3 py-2 text-sm break-words" dir="auto">
              {event.comment}
            </blockquote>
          )}
        </li>
      ))}
    </ol>
  );
}

import { useTranslation } from "react-i18next";
import { PR_STATUSES, type PrStatus } from "../../../../../src/shared/status/purchase-request.ts";

const STATUS_CLASS: Record<PrStatus, string> = {
  draft: "badge-ghost",
  pending: "badge-warning",
  active: "badge-info",
  completed: "badge-success",
  cancelled: "badge-neutral",
  rejected: "badge-error",
};

export function isKnownStatus(status: string): status is PrStatus {
  return (PR_STATUSES as readonly string[]).includes(status);
}

/** Known statuses get a colour and a translated label; any other value is shown as is, neutrally (spec section 4). */
export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("requests");
  if (!isKnownStatus(status)) return <span className="badge badge-outline">{status}</span>;
  return <span className={`badge ${STATUS_CLASS[status]}`}>{t(`status.${status}`)}</span>;
}

import { useTranslation } from "react-i18next";
import { OUTBOX_STATUSES } from "../api/get-outbox.ts";

const TONE: Record<string, string> = {
  pending: "badge-warning",
  sending: "badge-info",
  sent: "badge-success",
  failed: "badge-error",
  logged: "badge-neutral",
};

export function OutboxStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation("outbox");
  const known = (OUTBOX_STATUSES as readonly string[]).includes(status);
  return (
    <span className={`badge badge-soft whitespace-nowrap ${TONE[status] ?? "badge-neutral"}`}>
      {known ? t(`status.${status}`) : status}
    </span>
  );
}

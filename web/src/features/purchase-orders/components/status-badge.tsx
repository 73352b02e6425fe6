import { useTranslation } from "react-i18next";
import type { PurchaseOrderStatus } from "../../../../../src/shared/schemas/purchase-orders.ts";

const CLASS: Record<PurchaseOrderStatus, string> = {
  issued: "badge-info",
  acknowledged: "badge-primary",
  declined: "badge-error",
  partially_received: "badge-warning",
  received: "badge-success",
  closed: "badge-neutral",
  cancelled: "badge-ghost",
};

export function PurchaseOrderStatusBadge({ status }: { status: PurchaseOrderStatus }) {
  const { t } = useTranslation("purchase-orders");
  return <span className={`badge badge-soft whitespace-nowrap ${CLASS[status] ?? ""}`}>{t(`status.${status}`)}</span>;
}

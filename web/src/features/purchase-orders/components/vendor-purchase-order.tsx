import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { usePurchaseOrder } from "../api/get-purchase-order.ts";
import { type DialogKind, PurchaseOrderActionDialog } from "./action-dialogs.tsx";
import { PurchaseOrderStatusBadge } from "./status-badge.tsx";

/** On a vendor's quotation card: its order's status, and Acknowledge / Decline while it is issued. */
export function VendorPurchaseOrder({ id }: { id: number }) {
  const { t } = useTranslation("purchase-orders");
  const query = usePurchaseOrder(id);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  if (!query.data) return null;
  const order = query.data;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <PurchaseOrderStatusBadge status={order.status} />
      {order.status === "issued" && (
        <>
          <span className="text-sm">{t("vendor.answerNeeded")}</span>
          <button type="button" className="btn btn-primary btn-xs" onClick={() => setDialog("acknowledge")}>
            {t("actions.acknowledge")}
          </button>
          <button type="button" className="btn btn-outline btn-error btn-xs" onClick={() => setDialog("decline")}>
            {t("actions.decline")}
          </button>
        </>
      )}
      <Link href={`/purchase-orders/${order.id}`} className="link link-primary text-sm">{t("vendor.view")}</Link>
      <PurchaseOrderActionDialog
        kind={dialog}
        id={order.id}
        poNumber={order.poNumber}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}

/** The order's actions: the vendor's answer, staff's cancel / close / receipt; each refreshes the register. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { ReceiptInput } from "../../../../../src/shared/schemas/purchase-orders.ts";
import { reportsQueryKey } from "../../../hooks/use-report.ts";
import { type PurchaseOrder, purchaseOrderKey } from "./get-purchase-order.ts";
import { purchaseOrdersKey } from "./get-purchase-orders.ts";

type Action =
  | { kind: "acknowledge"; promisedDeliveryDate: string | null }
  | { kind: "decline"; reason: string }
  | { kind: "cancel"; reason: string }
  | { kind: "close" };

export function purchaseOrderAction(id: number, action: Action): Promise<PurchaseOrder> {
  const { kind, ...body } = action;
  return apiJson<PurchaseOrder>(`/api/purchase-orders/${id}/${kind}`, { method: "POST", json: body });
}

/** POST /api/purchase-orders/{id}/receipts: multipart when a delivery note is attached. */
export function recordReceipt(id: number, receipt: ReceiptInput, deliveryNote?: File | null) {
  const path = `/api/purchase-orders/${id}/receipts`;
  if (!deliveryNote) return apiJson<{ purchaseOrder: PurchaseOrder }>(path, { method: "POST", json: receipt });
  const form = new FormData();
  form.set("receipt", JSON.stringify(receipt));
  form.set("deliveryNote", deliveryNote);
  return apiJson<{ purchaseOrder: PurchaseOrder }>(path, { method: "POST", formData: form });
}

function useRefresh() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: purchaseOrdersKey });
    void client.invalidateQueries({ queryKey: ["vendor", "quotations"] });
    // Reports are never stale on their own (query-client.ts): a receipt changes the vendor's
    // deliveries and on-time rate, a cancellation the spend, so they are read again.
    void client.invalidateQueries({ queryKey: reportsQueryKey });
  };
}

export function usePurchaseOrderAction(id: number) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (action: Action) => purchaseOrderAction(id, action), onSuccess: refresh });
}

export function useRecordReceipt(id: number) {
  const client = useQueryClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ receipt, deliveryNote }: { receipt: ReceiptInput; deliveryNote?: File | null }) =>
      recordReceipt(id, receipt, deliveryNote),
    onSuccess: ({ purchaseOrder }) => {
      // The answer is the order as it now stands: the page shows it at once, so the next receipt
      // starts from what is really still to come, even before the refetch.
      client.setQueryData(purchaseOrderKey(id), purchaseOrder);
      refresh();
    },
  });
}

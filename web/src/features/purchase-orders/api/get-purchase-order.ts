import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { purchaseOrdersKey, type PurchaseOrderSummary } from "./get-purchase-orders.ts";

export type PurchaseOrderLine = {
  id: number;
  name: string;
  quantity: number;
  unit: string;
  unitPrice: string;
  totalPrice: string;
  received: string;
};

export type GoodsReceipt = {
  id: number;
  receivedAt: string;
  receivedBy: { id: number; name: string } | null;
  notes: string;
  deliveryNote: { id: number; filename: string } | null;
  lines: { quotationItemId: number; name: string; quantity: string; overReceiptReason: string | null }[];
};

export type HistoryEntry = {
  id: number;
  action: string;
  createdAt: string;
  user: string | null;
  metadata: { event?: string; reason?: string; promisedDeliveryDate?: string | null; notes?: string };
};

export type PurchaseOrder = PurchaseOrderSummary & {
  vendor: { companyName: string; contactPerson: string; email: string; phone: string };
  validUntil: string;
  leadTimeDays: number | null;
  declinedAt: string | null;
  cancelledAt: string | null;
  closedAt: string | null;
  createdBy: { id: number; name: string };
  lines: PurchaseOrderLine[];
  /** Staff only. */
  award?: { justification: string; awardedAt: string; awardedBy: string | null } | null;
  receipts?: GoodsReceipt[];
  history?: HistoryEntry[];
};

export const purchaseOrderKey = (id: number) => [...purchaseOrdersKey, "detail", id] as const;

/** GET /api/purchase-orders/{id}. */
export const purchaseOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: purchaseOrderKey(id),
    queryFn: ({ signal }) => apiJson<PurchaseOrder>(`/api/purchase-orders/${id}`, { signal }),
  });

export const usePurchaseOrder = (id: number) => useQuery(purchaseOrderQueryOptions(id));

/** GET /api/purchase-orders/{id}/pdf: a link (the server sends it as an attachment). */
export const purchaseOrderPdfUrl = (id: number) => `/api/purchase-orders/${id}/pdf`;

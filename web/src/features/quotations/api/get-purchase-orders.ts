import { queryOptions, useQuery } from "@tanstack/react-query";
import type { z } from "zod";
import { apiJson } from "../../../lib/api-client.ts";
import type { purchaseOrderRowSchema } from "../../../../../src/shared/schemas/responses/purchase-orders.ts";

/** A purchase order as the server's response schema declares it. */
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderRowSchema>;

export const purchaseOrdersQueryKey = ["purchase-orders"] as const;

/** The API's page cap: enough to find the order of every approved quotation on screen. */
const LIMIT = 200;

/** GET /api/purchase-orders (newest first): lets an approved quotation's card show its order. */
export function getPurchaseOrders({ signal }: { signal?: AbortSignal } = {}): Promise<PurchaseOrderSummary[]> {
  return apiJson<PurchaseOrderSummary[]>(`/api/purchase-orders?limit=${LIMIT}`, { signal });
}

export const purchaseOrdersQueryOptions = () =>
  queryOptions({ queryKey: [...purchaseOrdersQueryKey, "list"], queryFn: getPurchaseOrders });

/** Purchase orders by the quotation they were issued for. */
export function usePurchaseOrdersByQuotation() {
  return useQuery({
    ...purchaseOrdersQueryOptions(),
    select: (orders) => new Map(orders.map((order) => [order.quotationId, order])),
  });
}

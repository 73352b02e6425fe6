import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../../../lib/api-client.ts";
import type { z } from "zod";
import type { PurchaseOrderStatus } from "../../../../../src/shared/schemas/purchase-orders.ts";
import type {
  purchaseOrderRowSchema,
  purchaseOrderTotalsSchema,
} from "../../../../../src/shared/schemas/responses/purchase-orders.ts";

/** A row of the register, as the server's response schema declares it. */
export type PurchaseOrderSummary = z.infer<typeof purchaseOrderRowSchema>;

export type PurchaseOrderFilters = {
  status?: PurchaseOrderStatus;
  vendorId?: number;
  purchaseRequestId?: number;
  from?: string;
  to?: string;
  minAmount?: string;
  maxAmount?: string;
  search?: string;
};

export const PAGE_SIZE = 20;
export const purchaseOrdersKey = ["purchase-orders"] as const;

function queryString(filters: PurchaseOrderFilters, extra: Record<string, string | number> = {}) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filters, ...extra })) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  return params.toString();
}

/** GET /api/purchase-orders: one page of the register and the filter's count (X-Total-Count). */
export async function getPurchaseOrders(filters: PurchaseOrderFilters, page: number, signal?: AbortSignal) {
  const res = await apiRequest(
    `/api/purchase-orders?${queryString(filters, { limit: PAGE_SIZE, offset: page * PAGE_SIZE })}`,
    {
      signal,
    },
  );
  return { items: await res.json() as PurchaseOrderSummary[], total: Number(res.headers.get("X-Total-Count") ?? 0) };
}

export const purchaseOrdersQueryOptions = (filters: PurchaseOrderFilters, page: number) =>
  queryOptions({
    queryKey: [...purchaseOrdersKey, "list", filters, page],
    queryFn: ({ signal }) => getPurchaseOrders(filters, page, signal),
    placeholderData: keepPreviousData,
  });

export const usePurchaseOrders = (filters: PurchaseOrderFilters, page: number) =>
  useQuery(purchaseOrdersQueryOptions(filters, page));

export type PurchaseOrderTotals = z.infer<typeof purchaseOrderTotalsSchema>;

/** GET /api/purchase-orders/totals: the sum of the filter's orders per currency. */
export const usePurchaseOrderTotals = (filters: PurchaseOrderFilters) =>
  useQuery({
    queryKey: [...purchaseOrdersKey, "totals", filters],
    queryFn: ({ signal }) =>
      apiJson<PurchaseOrderTotals>(`/api/purchase-orders/totals?${queryString(filters)}`, { signal }),
    placeholderData: keepPreviousData,
  });

/** GET /api/purchase-orders/vendors: the vendor filter's options. */
export const usePurchaseOrderVendors = () =>
  useQuery({
    queryKey: [...purchaseOrdersKey, "vendors"],
    queryFn: ({ signal }) => apiJson<{ id: number; name: string }[]>("/api/purchase-orders/vendors", { signal }),
  });

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";
import { purchaseRequestsQueryKey } from "../lib/query-keys.ts";

export type PurchaseRequestStats = { total: number; active: number; pending: number; completed: number };

/** GET /api/purchase-requests/stats */
export function getPurchaseRequestStats({ signal }: { signal?: AbortSignal } = {}): Promise<PurchaseRequestStats> {
  return apiJson<PurchaseRequestStats>("/api/purchase-requests/stats", { signal });
}

export const purchaseRequestStatsQueryOptions = () =>
  queryOptions({ queryKey: [...purchaseRequestsQueryKey, "stats"], queryFn: getPurchaseRequestStats });

export function usePurchaseRequestStats() {
  return useQuery(purchaseRequestStatsQueryOptions());
}

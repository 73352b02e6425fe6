import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { purchaseRequestsQueryKey } from "../../../lib/query-keys.ts";
import type { PrStatus } from "../../../../../src/shared/status/purchase-request.ts";
import type { PRIORITIES, REQUEST_TYPES } from "../../../../../src/shared/schemas/purchase-requests.ts";

export type RequestType = (typeof REQUEST_TYPES)[number];
export type Priority = (typeof PRIORITIES)[number];

export type PurchaseRequestItemSummary = {
  id: number;
  name: string;
  quantity: number;
  unit: string;
  /** Decimal string, e.g. "12.50". */
  estimatedPrice: string;
};

export type PurchaseRequestSummary = {
  id: number;
  requestId: string;
  title: string;
  description: string;
  status: PrStatus;
  requestType: RequestType;
  priority: Priority;
  department: string;
  biddingMode: string;
  deadline: string;
  createdAt: string;
  updatedAt: string;
  estimatedBudget: string;
  approvalsRequired: number;
  /** Users who approved it in its current pending round (empty unless pending). */
  approvedBy?: number[];
  version: number;
  createdById: number;
  category: { id: number; name: string } | null;
  itemCount: number;
  /** The first three items only; itemCount says how many there are. */
  items: PurchaseRequestItemSummary[];
};

export type PurchaseRequestFilters = {
  status?: PrStatus;
  categoryId?: number;
  requestType?: RequestType;
  q?: string;
  limit: number;
  offset: number;
};

export type PurchaseRequestPage = { items: PurchaseRequestSummary[]; total: number };

/** The root of every purchase-request query, shared with the dashboard's request stats. */
export { purchaseRequestsQueryKey };

/** GET /api/purchase-requests; the total for pagination comes in the X-Total-Count header. */
export async function getPurchaseRequests(
  filters: PurchaseRequestFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PurchaseRequestPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const response = await apiRequest(`/api/purchase-requests?${params}`, { signal });
  const items = (await response.json()) as PurchaseRequestSummary[];
  const total = Number(response.headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export const purchaseRequestsQueryOptions = (filters: PurchaseRequestFilters) =>
  queryOptions({
    queryKey: [...purchaseRequestsQueryKey, "list", filters],
    queryFn: ({ signal }) => getPurchaseRequests(filters, { signal }),
  });

export function usePurchaseRequests(filters: PurchaseRequestFilters) {
  // Keep the current page on screen while the next filter or page loads, instead of a spinner flash.
  return useQuery({ ...purchaseRequestsQueryOptions(filters), placeholderData: keepPreviousData });
}

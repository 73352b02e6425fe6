import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";

export type ConvertiblePurchaseRequest = {
  id: number;
  /** The PR-YYYY-NNNN number. */
  requestId: string;
  title: string;
  status: "active";
};

export type ConvertiblePage = { items: ConvertiblePurchaseRequest[]; next: string | null };

/**
 * GET /api/bid-requests/candidates: purchase requests a bid request can be made from, chosen by the
 * server (approved bid_required ones without a bid request that is not cancelled), newest first, 50
 * a page; `q` narrows to a part of the number or title; the next page is `after` = X-Next-Cursor.
 */
export async function getConvertiblePurchaseRequests(
  { q, after, signal }: { q?: string; after?: string; signal?: AbortSignal } = {},
): Promise<ConvertiblePage> {
  const query = new URLSearchParams();
  if (q) query.set("q", q);
  if (after) query.set("after", after);
  const response = await apiRequest(`/api/bid-requests/candidates${query.size ? `?${query}` : ""}`, { signal });
  return {
    items: (await response.json()) as ConvertiblePurchaseRequest[],
    next: response.headers.get("X-Next-Cursor"),
  };
}

export const convertiblePurchaseRequestsQueryOptions = (q = "") =>
  infiniteQueryOptions({
    // Under the purchase-requests key: creating, approving or converting a request refreshes it.
    queryKey: ["purchase-requests", "bid-candidates", q],
    queryFn: ({ pageParam, signal }) => getConvertiblePurchaseRequests({ q: q || undefined, after: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** The picker's matches for `q` (already debounced), a page at a time: `candidates` holds every page loaded. */
export function useConvertiblePurchaseRequests(q = "") {
  const query = useInfiniteQuery({
    ...convertiblePurchaseRequestsQueryOptions(q),
    refetchOnMount: "always",
    // While the next search runs, the options of the last one stay (no empty flash while typing).
    placeholderData: keepPreviousData,
  });
  return { ...query, candidates: query.data?.pages.flatMap((p) => p.items) ?? [] };
}

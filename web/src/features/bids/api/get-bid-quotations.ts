import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { quotationsQueryKey } from "../../../lib/query-keys.ts";

/** A bid a request received, as the staff quotation list gives it (the fields the details show). */
export type ReceivedBid = {
  id: number;
  vendorName: string;
  totalAmount: string;
  currency: string;
  status: string;
  validUntil: string;
  expired: boolean;
  submittedAt: string;
};

/**
 * GET /api/quotations?bidRequestId=: the request's current bids, newest first. Nothing while a sealed
 * bid is not unsealed (the server lists none). 200 is the API's page cap, far beyond any tender here.
 */
export function getBidQuotations(bidRequestId: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiJson<ReceivedBid[]>(`/api/quotations?bidRequestId=${bidRequestId}&limit=200`, { signal });
}

// Under the quotations' key: an award, a review or the unsealing refreshes it with the other quotation queries.
export const bidQuotationsQueryOptions = (bidRequestId: number) =>
  queryOptions({
    queryKey: [...quotationsQueryKey, "bid-request", bidRequestId],
    queryFn: ({ signal }) => getBidQuotations(bidRequestId, { signal }),
  });

export function useBidQuotations(bidRequestId: number) {
  // Vendors keep submitting to an open bid: read afresh whenever the details open.
  return useQuery({ ...bidQuotationsQueryOptions(bidRequestId), refetchOnMount: "always" });
}

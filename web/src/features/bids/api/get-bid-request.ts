import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { type BidRequest, bidRequestsQueryKey } from "./get-bid-requests.ts";

export const bidRequestQueryKey = (id: number) => [...bidRequestsQueryKey, "detail", id] as const;

/** GET /api/bid-requests/{id}: every field, the items and the number of submissions. */
export function getBidRequest(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<BidRequest> {
  return apiJson<BidRequest>(`/api/bid-requests/${id}`, { signal });
}

export const bidRequestQueryOptions = (id: number) =>
  queryOptions({ queryKey: bidRequestQueryKey(id), queryFn: ({ signal }) => getBidRequest(id, { signal }) });

export function useBidRequest(id: number) {
  // Vendors keep submitting and the clock closes bidding: read it afresh whenever the dialog opens.
  return useQuery({ ...bidRequestQueryOptions(id), refetchOnMount: "always" });
}

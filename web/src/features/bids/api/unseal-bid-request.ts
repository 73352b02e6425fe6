import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { quotationsQueryKey } from "../../../lib/query-keys.ts";
import { type BidRequest, bidRequestsQueryKey } from "./get-bid-requests.ts";

/** POST /api/bid-requests/{id}/unseal: opens a sealed request's quotations after close (audited, once). */
export function unsealBidRequest(id: number): Promise<BidRequest> {
  return apiJson<BidRequest>(`/api/bid-requests/${id}/unseal`, { method: "POST" });
}

export function useUnsealBidRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsealBidRequest,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bidRequestsQueryKey });
      // The staff quotation lists (and the bid's received bids) now show the unsealed prices.
      void queryClient.invalidateQueries({ queryKey: quotationsQueryKey });
    },
  });
}

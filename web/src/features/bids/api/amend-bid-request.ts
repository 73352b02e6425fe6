import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { type BidRequest, bidRequestsQueryKey } from "./get-bid-requests.ts";

export type AmendBidRequestInput = {
  id: number;
  version: number;
  /** ISO 8601; the same or later than the advertised deadline. */
  biddingDeadline?: string;
  /** ISO 8601 */
  deadline?: string;
  clarification: string;
};

/** POST /api/bid-requests/{id}/amendments: extend the deadline or clarify; every vendor that can see it is told. */
export function amendBidRequest({ id, ...body }: AmendBidRequestInput): Promise<BidRequest> {
  return apiJson<BidRequest>(`/api/bid-requests/${id}/amendments`, { method: "POST", json: body });
}

export function useAmendBidRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: amendBidRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidRequestsQueryKey }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { BidStatus } from "../../../../../src/shared/status/bid-request.ts";
import { type BidRequest, bidRequestsQueryKey } from "./get-bid-requests.ts";

/** `reason` is required when bidding is closed before its deadline. */
export type UpdateBidRequestStatusInput = { id: number; status: BidStatus; reason?: string };

/** PATCH /api/bid-requests/{id}/status: Publish, Close Bidding, Start Evaluation, Cancel, Withdraw. */
export function updateBidRequestStatus({ id, status, reason }: UpdateBidRequestStatusInput): Promise<BidRequest> {
  return apiJson<BidRequest>(`/api/bid-requests/${id}/status`, {
    method: "PATCH",
    json: reason ? { status, reason } : { status },
  });
}

export function useUpdateBidRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBidRequestStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidRequestsQueryKey }),
  });
}

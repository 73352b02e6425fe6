import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { BidStatus } from "../../../../../src/shared/status/bid-request.ts";
import { type BidRequest, bidRequestsQueryKey } from "./get-bid-requests.ts";

export type UpdateBidRequestStatusInput = { id: number; status: BidStatus };

/** PATCH /api/bid-requests/{id}/status: Publish, Close Bidding, Start Evaluation, Cancel. */
export function updateBidRequestStatus({ id, status }: UpdateBidRequestStatusInput): Promise<BidRequest> {
  return apiJson<BidRequest>(`/api/bid-requests/${id}/status`, { method: "PATCH", json: { status } });
}

export function useUpdateBidRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBidRequestStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidRequestsQueryKey }),
  });
}

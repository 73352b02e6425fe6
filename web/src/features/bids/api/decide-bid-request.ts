import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { type BidRequest, bidRequestsQueryKey } from "./get-bid-requests.ts";

export type DecideBidRequestInput = { id: number; decision: "approve" | "reject"; comment: string };

/** POST /api/bid-requests/{id}/approve or /reject: the approval before a bid above the threshold is published. */
export function decideBidRequest({ id, decision, comment }: DecideBidRequestInput): Promise<BidRequest> {
  return apiJson<BidRequest>(`/api/bid-requests/${id}/${decision}`, { method: "POST", json: { comment } });
}

export function useDecideBidRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideBidRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidRequestsQueryKey }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { CreateBidRequestInput } from "./create-bid-request.ts";
import { type BidRequest, bidRequestsQueryKey } from "./get-bid-requests.ts";

export type UpdateBidRequestInput = { id: number; version: number; payload: CreateBidRequestInput };

/** PUT /api/bid-requests/{id}: edit a draft (everything), with the version that was read. */
export function updateBidRequest({ id, version, payload }: UpdateBidRequestInput): Promise<BidRequest> {
  return apiJson<BidRequest>(`/api/bid-requests/${id}`, { method: "PUT", json: { ...payload, version } });
}

export function useUpdateBidRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBidRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bidRequestsQueryKey }),
  });
}

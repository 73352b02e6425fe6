import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { PurchaseRequestDetail } from "./get-purchase-request.ts";
import { purchaseRequestsQueryKey } from "./get-purchase-requests.ts";

export type RejectPurchaseRequestInput = { id: number; comment: string };

/** POST /api/purchase-requests/{id}/reject; the reason is required. */
export function rejectPurchaseRequest({ id, comment }: RejectPurchaseRequestInput): Promise<PurchaseRequestDetail> {
  return apiJson<PurchaseRequestDetail>(`/api/purchase-requests/${id}/reject`, { method: "POST", json: { comment } });
}

export function useRejectPurchaseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectPurchaseRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryKey }),
  });
}

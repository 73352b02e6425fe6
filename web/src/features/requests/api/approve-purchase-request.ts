import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { PurchaseRequestDetail } from "./get-purchase-request.ts";
import { purchaseRequestsQueryKey } from "./get-purchase-requests.ts";

export type ApprovePurchaseRequestInput = { id: number; comment: string };

/** POST /api/purchase-requests/{id}/approve; above the threshold the request stays pending for a second approval. */
export function approvePurchaseRequest({ id, comment }: ApprovePurchaseRequestInput): Promise<PurchaseRequestDetail> {
  return apiJson<PurchaseRequestDetail>(`/api/purchase-requests/${id}/approve`, { method: "POST", json: { comment } });
}

export function useApprovePurchaseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approvePurchaseRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryKey }),
  });
}

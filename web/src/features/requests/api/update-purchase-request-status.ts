import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { PurchaseRequestDetail } from "./get-purchase-request.ts";
import { purchaseRequestsQueryKey } from "./get-purchase-requests.ts";

export type UpdatePurchaseRequestStatusInput = {
  id: number;
  status: "cancelled" | "completed" | "pending";
  version: number;
};

/** PUT /api/purchase-requests/{id}/status: cancel, complete, or submit a draft. */
export function updatePurchaseRequestStatus(
  { id, ...body }: UpdatePurchaseRequestStatusInput,
): Promise<PurchaseRequestDetail> {
  return apiJson<PurchaseRequestDetail>(`/api/purchase-requests/${id}/status`, { method: "PUT", json: body });
}

export function useUpdatePurchaseRequestStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePurchaseRequestStatus,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryKey }),
  });
}

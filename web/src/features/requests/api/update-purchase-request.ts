import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { PurchaseRequestDetail } from "./get-purchase-request.ts";
import { purchaseRequestsQueryKey } from "./get-purchase-requests.ts";

export type UpdatePurchaseRequestInput = {
  id: number;
  title: string;
  description: string;
  /** ISO 8601 */
  deadline: string;
  categoryId?: number;
  items: { name: string; unit: string; quantity: number | string; specifications: string; estimatedPrice: string }[];
  /** The version read; a stale one answers 409 and changes nothing. */
  version: number;
};

/** PUT /api/purchase-requests/{id} */
export function updatePurchaseRequest({ id, ...body }: UpdatePurchaseRequestInput): Promise<PurchaseRequestDetail> {
  return apiJson<PurchaseRequestDetail>(`/api/purchase-requests/${id}`, { method: "PUT", json: body });
}

export function useUpdatePurchaseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePurchaseRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryKey }),
  });
}

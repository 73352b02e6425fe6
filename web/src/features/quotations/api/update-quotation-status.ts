import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { QuotationDetail } from "./get-quotation.ts";
import { quotationsQueryKey } from "./get-quotations.ts";
import { purchaseOrdersQueryKey } from "./get-purchase-orders.ts";
import type { PurchaseOrderRef } from "./award-quotation.ts";

export type QuotationStatusInput = {
  id: number;
  status: "under_review" | "approved" | "rejected";
  comment: string;
  /** For approved: required when the quotation is not the best by the evaluation method. */
  justification?: string;
};

/** Approving answers with the purchase order the award issued. */
export type QuotationStatusResult = QuotationDetail & { purchaseOrder?: PurchaseOrderRef };

/** PATCH /api/quotations/{id}/status; 'approved' awards the quotation (the others of its request are rejected). */
export function updateQuotationStatus(
  { id, status, comment, justification }: QuotationStatusInput,
): Promise<QuotationStatusResult> {
  return apiJson<QuotationStatusResult>(`/api/quotations/${id}/status`, {
    method: "PATCH",
    json: justification ? { status, comment, justification } : { status, comment },
  });
}

export function useUpdateQuotationStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateQuotationStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quotationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey }),
      ]),
  });
}

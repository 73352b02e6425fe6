import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { bidRequestsQueryKey } from "../../../lib/query-keys.ts";
import type { RequestKind } from "./get-comparison.ts";
import { quotationsQueryKey } from "./get-quotations.ts";
import { purchaseOrdersQueryKey } from "./get-purchase-orders.ts";

export type PurchaseOrderRef = { id: number; poNumber: string; totalAmount: string };
export type AwardInput = {
  kind: RequestKind;
  requestId: number;
  quotationId: number;
  comment?: string;
  /** Required when the quotation is not the best by the evaluation method. */
  justification?: string;
};
export type AwardResult = { purchaseOrder: PurchaseOrderRef; quotationId: number };

const PATH: Record<RequestKind, string> = { purchase_request: "purchase-requests", bid_request: "bid-requests" };

/** POST /api/{purchase-requests|bid-requests}/{id}/award: approve one, reject the others, issue the purchase order. */
export function awardQuotation(
  { kind, requestId, quotationId, comment, justification }: AwardInput,
): Promise<AwardResult> {
  return apiJson<AwardResult>(`/api/${PATH[kind]}/${requestId}/award`, {
    method: "POST",
    json: { quotationId, comment: comment ?? "", justification: justification ?? "" },
  });
}

export function useAwardQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: awardQuotation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: quotationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey }),
        // A bid's award closes it: the bid's details, where the comparison is also opened, show it awarded.
        queryClient.invalidateQueries({ queryKey: bidRequestsQueryKey }),
      ]),
  });
}

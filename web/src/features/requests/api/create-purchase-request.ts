import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { z } from "zod";
import type {
  fullPurchaseRequestSchema,
  quickPurchaseRequestSchema,
} from "../../../../../src/shared/schemas/purchase-requests.ts";
import type { PurchaseRequestDetail } from "./get-purchase-request.ts";
import { purchaseRequestsQueryKey } from "./get-purchase-requests.ts";

/**
 * The full form's payload (spec section 3) and the quick-create one (spec section 7): the server's
 * schemas as they parse them, since each form fills in every field the server would default. The
 * server computes estimatedBudget from the items.
 */
export type FullPurchaseRequestInput = z.infer<typeof fullPurchaseRequestSchema>;
export type QuickPurchaseRequestInput = z.infer<typeof quickPurchaseRequestSchema>;

export type CreatePurchaseRequestInput = FullPurchaseRequestInput | QuickPurchaseRequestInput;

/** POST /api/purchase-requests (either payload; the server tells them apart by department/justification). */
export function createPurchaseRequest(input: CreatePurchaseRequestInput): Promise<PurchaseRequestDetail> {
  return apiJson<PurchaseRequestDetail>("/api/purchase-requests", { method: "POST", json: input });
}

export function useCreatePurchaseRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPurchaseRequest,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseRequestsQueryKey }),
  });
}

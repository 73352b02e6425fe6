import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { PurchaseRequestDetail } from "./get-purchase-request.ts";
import { type Priority, purchaseRequestsQueryKey, type RequestType } from "./get-purchase-requests.ts";
import type { Urgency } from "./get-purchase-request.ts";

/** The full form's payload (spec section 3); the server computes estimatedBudget from the items. */
export type FullPurchaseRequestInput = {
  title: string;
  description: string;
  department: string;
  justification: string;
  priority: Priority;
  requestType: RequestType;
  /** YYYY-MM-DD */
  deadline: string;
  categoryId?: number;
  approvalRequired: boolean;
  vendorPreferences: string;
  internalSupplier: string;
  biddingMode: "open" | "sealed";
  items: {
    itemName: string;
    specification: string;
    quantity: number | string;
    unit: string;
    estimatedPrice: string;
    categoryId?: number;
    urgency: Urgency;
    notes: string;
  }[];
};

/** The quick-create payload (spec section 7). */
export type QuickPurchaseRequestInput = {
  title: string;
  description: string;
  /** ISO 8601 */
  deadline: string;
  status: "pending";
  biddingMode: "unsealed";
  categoryId?: number;
  items: { name: string; unit: string; quantity: number | string; specifications: string; estimatedPrice: string }[];
};

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

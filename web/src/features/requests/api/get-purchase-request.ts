import { useQuery } from "@tanstack/react-query";
import { purchaseRequestDetailQueryOptions, type PurchaseRequestItem } from "../../../hooks/purchase-request-detail.ts";
import type { PrStatus } from "../../../../../src/shared/status/purchase-request.ts";
import type { PurchaseRequestSummary } from "./get-purchase-requests.ts";

export type { PurchaseRequestItem, Urgency } from "../../../hooks/purchase-request-detail.ts";

export type PurchaseRequestEvent = {
  id: number;
  action: string;
  stage: string | null;
  fromStatus: PrStatus | null;
  toStatus: PrStatus | null;
  comment: string;
  createdAt: string;
  actor: { id: number; name: string; email: string } | null;
};

export type PurchaseRequestDetail = Omit<PurchaseRequestSummary, "items" | "itemCount"> & {
  justification: string;
  approvalRequired: boolean;
  vendorPreferences: string;
  internalSupplier: string;
  rejectionReason: string | null;
  createdBy: { id: number; name: string; email: string };
  items: PurchaseRequestItem[];
  history: PurchaseRequestEvent[];
};

export const purchaseRequestQueryOptions = (id: number) => purchaseRequestDetailQueryOptions<PurchaseRequestDetail>(id);

export function usePurchaseRequest(id: number) {
  // Another user may have approved or edited it since it was cached: always read it afresh on open.
  return useQuery({ ...purchaseRequestQueryOptions(id), refetchOnMount: "always" });
}

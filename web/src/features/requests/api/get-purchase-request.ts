import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { PrStatus } from "../../../../../src/shared/status/purchase-request.ts";
import type { URGENCIES } from "../../../../../src/shared/schemas/purchase-requests.ts";
import { purchaseRequestsQueryKey, type PurchaseRequestSummary } from "./get-purchase-requests.ts";

export type Urgency = (typeof URGENCIES)[number];

export type PurchaseRequestItem = {
  id: number;
  name: string;
  specifications: string;
  quantity: number;
  unit: string;
  estimatedPrice: string;
  categoryId: number | null;
  urgency: Urgency;
  notes: string;
};

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

export const purchaseRequestQueryKey = (id: number) => [...purchaseRequestsQueryKey, "detail", id] as const;

/** GET /api/purchase-requests/{id}: all fields, all items and the approval/status history. */
export function getPurchaseRequest(
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PurchaseRequestDetail> {
  return apiJson<PurchaseRequestDetail>(`/api/purchase-requests/${id}`, { signal });
}

export const purchaseRequestQueryOptions = (id: number) =>
  queryOptions({ queryKey: purchaseRequestQueryKey(id), queryFn: ({ signal }) => getPurchaseRequest(id, { signal }) });

export function usePurchaseRequest(id: number) {
  // Another user may have approved or edited it since it was cached: always read it afresh on open.
  return useQuery({ ...purchaseRequestQueryOptions(id), refetchOnMount: "always" });
}

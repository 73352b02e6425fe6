/**
 * One purchase request with its items and history (GET /api/purchase-requests/{id}), cached under
 * one key for every feature that reads it: the requests feature's details and edit forms, the bids
 * feature's conversion of a request. Each feature names the fields it reads as `T`; both read the
 * items whole.
 */
import { queryOptions } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";
import { purchaseRequestsQueryKey } from "../lib/query-keys.ts";
import type { URGENCIES } from "../../../src/shared/schemas/purchase-requests.ts";

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

export const purchaseRequestQueryKey = (id: number) => [...purchaseRequestsQueryKey, "detail", id] as const;

export const purchaseRequestDetailQueryOptions = <T>(id: number) =>
  queryOptions({
    queryKey: purchaseRequestQueryKey(id),
    queryFn: ({ signal }) => apiJson<T>(`/api/purchase-requests/${id}`, { signal }),
  });

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { EvaluationMethod } from "../../../../../src/shared/evaluation.ts";
import { quotationsQueryKey } from "./get-quotations.ts";

export type RequestKind = "purchase_request" | "bid_request";

export type ComparisonColumn = {
  id: number;
  vendorId: number;
  vendorName: string;
  totalAmount: string;
  currency: string;
  validUntil: string;
  expired: boolean;
  /** When the vendor was asked to extend it (cleared when it does). */
  extensionRequestedAt?: string | null;
  leadTimeDays: number | null;
  technicalScore: number | null;
  status: string;
  isLowestTotal: boolean;
  rank: number;
  priceScore: number;
  combinedScore: number | null;
};

export type ComparisonCell = { quotationId: number; unitPrice: string; lineTotal: string; isLowestUnitPrice: boolean };

export type Comparison = {
  request: {
    id: number;
    kind: RequestKind;
    number: string;
    title: string;
    status: string;
    evaluationMethod: EvaluationMethod;
    priceWeight: number;
    technicalWeight: number;
  };
  /** Sorted by rank; each row's cells are in the same order. */
  quotations: ComparisonColumn[];
  rows: { itemId: number; name: string; quantity: number; unit: string; cells: (ComparisonCell | null)[] }[];
};

const PATH: Record<RequestKind, string> = { purchase_request: "purchase-requests", bid_request: "bid-requests" };

/** GET /api/{purchase-requests|bid-requests}/{id}/comparison; a sealed bid answers 409. */
export function getComparison(
  kind: RequestKind,
  id: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Comparison> {
  return apiJson<Comparison>(`/api/${PATH[kind]}/${id}/comparison`, { signal });
}

export const comparisonQueryOptions = (kind: RequestKind, id: number) =>
  queryOptions({
    queryKey: [...quotationsQueryKey, "comparison", kind, id],
    queryFn: ({ signal }) => getComparison(kind, id, { signal }),
  });

export function useComparison(target: { kind: RequestKind; id: number } | null) {
  return useQuery({
    ...comparisonQueryOptions(target?.kind ?? "purchase_request", target?.id ?? 0),
    enabled: target !== null,
  });
}

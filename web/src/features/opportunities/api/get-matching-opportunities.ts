import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type OpportunityItem = {
  id: number;
  name: string;
  quantity: number;
  unit: string;
  /** Decimal string, e.g. "12.50". */
  estimatedPrice: string;
  specifications: string;
};

export type Opportunity = {
  kind: "purchase_request";
  id: number;
  requestId: string;
  title: string;
  description: string;
  deadline: string;
  requestType: "vendor_quote" | "bid_required";
  category: { id: number; name: string } | null;
  estimatedBudget: string;
  items: OpportunityItem[];
};

export const matchingOpportunitiesQueryKey = ["vendor", "matching-prs"] as const;

/** GET /api/vendor/matching-prs: active requests needing a quote or bid in the vendor's categories. */
export function getMatchingOpportunities({ signal }: { signal?: AbortSignal } = {}): Promise<Opportunity[]> {
  return apiJson<Opportunity[]>("/api/vendor/matching-prs", { signal });
}

export const matchingOpportunitiesQueryOptions = () =>
  queryOptions({ queryKey: matchingOpportunitiesQueryKey, queryFn: getMatchingOpportunities });

export function useMatchingOpportunities() {
  return useQuery(matchingOpportunitiesQueryOptions());
}

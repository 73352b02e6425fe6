import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type OpportunityItem = {
  id: number;
  name: string;
  quantity: number;
  unit: string;
  /** Decimal string ("12.50") for purchase requests; bid request items may send a number. */
  estimatedPrice: string | number;
  specifications: string;
};

/** A purchase request needing a quote or bid, or (from the bids release) a published bid request. */
export type Opportunity = {
  kind: "purchase_request" | "bid_request";
  id: number;
  requestId: string;
  title: string;
  description: string;
  deadline: string;
  /** Purchase requests only. */
  requestType?: "vendor_quote" | "bid_required";
  /** Bid requests only: when bidding closes. */
  biddingDeadline?: string;
  /** 'sealed' bid requests keep every price encrypted until bidding closes and they are unsealed. */
  biddingMode?: string;
  category: { id: number; name: string } | null;
  estimatedBudget: string;
  items: OpportunityItem[];
  /** The vendor's current quotation for it, if any (its details: GET /api/vendor/quotations/{id}). */
  myQuotation: { id: number; status: string } | null;
};

export const matchingOpportunitiesQueryKey = ["vendor", "matching-prs"] as const;

/** GET /api/vendor/matching-prs: open requests needing a quote or bid in the vendor's categories. */
export function getMatchingOpportunities({ signal }: { signal?: AbortSignal } = {}): Promise<Opportunity[]> {
  return apiJson<Opportunity[]>("/api/vendor/matching-prs", { signal });
}

export const matchingOpportunitiesQueryOptions = () =>
  queryOptions({ queryKey: matchingOpportunitiesQueryKey, queryFn: getMatchingOpportunities });

export function useMatchingOpportunities() {
  return useQuery(matchingOpportunitiesQueryOptions());
}

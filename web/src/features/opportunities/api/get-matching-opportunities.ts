import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../../../lib/api-client.ts";

export type OpportunityItem = {
  id: number;
  name: string;
  quantity: number;
  unit: string;
  /** Decimal string ("12.50") for purchase requests; bid request items may send a number. */
  estimatedPrice: string | number;
  /** Only on rows asked by id (`ids=`): a list page's rows carry the first three items without it. */
  specifications?: string;
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
  /** How many items the request has: a list page's rows carry the first three (useFullOpportunity). */
  itemCount: number;
  items: OpportunityItem[];
  /** The vendor's current quotation for it, if any (its details: GET /api/vendor/quotations/{id}). */
  myQuotation: { id: number; status: string } | null;
};

export const matchingOpportunitiesQueryKey = ["vendor", "matching-prs"] as const;

/** The server's page size by default: the list shows this many, then more on request. */
export const OPPORTUNITIES_PAGE = 50;

export type OpportunityPage = { items: Opportunity[]; total: number; next: string | null };

/**
 * GET /api/vendor/matching-prs: a page of the open requests needing a quote or bid in the vendor's
 * categories, closing soonest first; the next page is asked with `after` = X-Next-Cursor. Only page 1
 * carries X-Total-Count (a cursor page is not counted again, its `total` here means nothing):
 * "Show more" reads page 1's total.
 */
export async function getMatchingOpportunities(
  { after, signal }: { after?: string; signal?: AbortSignal } = {},
): Promise<OpportunityPage> {
  const query = new URLSearchParams({ limit: String(OPPORTUNITIES_PAGE) });
  if (after) query.set("after", after);
  const response = await apiRequest(`/api/vendor/matching-prs?${query}`, { signal });
  const items = (await response.json()) as Opportunity[];
  const total = Number(response.headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) ? total : items.length, next: response.headers.get("X-Next-Cursor") };
}

export const matchingOpportunitiesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...matchingOpportunitiesQueryKey, "list"],
    queryFn: ({ pageParam, signal }) => getMatchingOpportunities({ after: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** The vendor's opportunities a page at a time: `opportunities` holds every page loaded so far. */
export function useMatchingOpportunities() {
  const query = useInfiniteQuery(matchingOpportunitiesQueryOptions());
  return { ...query, opportunities: query.data?.pages.flatMap((p) => p.items) ?? [] };
}

/**
 * Which of these requests ("purchase_request:12", "bid_request:7") are still open to the vendor,
 * with what a quotation for them needs (MyQuotations' Revise): one request for a page of quotations.
 */
export function getOpenOpportunities(keys: string[], { signal }: { signal?: AbortSignal } = {}) {
  const query = new URLSearchParams({ ids: keys.join(","), limit: String(Math.max(keys.length, 1)) });
  return apiJson<Opportunity[]>(`/api/vendor/matching-prs?${query}`, { signal });
}

export const openOpportunitiesQueryOptions = (keys: string[]) =>
  queryOptions({
    queryKey: [...matchingOpportunitiesQueryKey, "open", keys],
    queryFn: ({ signal }) => getOpenOpportunities(keys, { signal }),
  });

/** Whether the opportunity already holds every item (rows asked by id, or three items or fewer). */
export const hasEveryItem = (o: Opportunity) => o.items.length >= o.itemCount;

/**
 * The opportunity with every item (what a quotation for it prices), asked by id when the row holds
 * only the list's first three; `null` when it is no longer open to the vendor.
 */
export function useFullOpportunity(opportunity: Opportunity) {
  const complete = hasEveryItem(opportunity);
  const key = `${opportunity.kind}:${opportunity.id}`;
  const query = useQuery({
    queryKey: [...matchingOpportunitiesQueryKey, "full", key],
    queryFn: async ({ signal }) => (await getOpenOpportunities([key], { signal }))[0] ?? null,
    enabled: !complete,
  });
  return complete ? { ...query, isPending: false, isError: false, data: opportunity } : query;
}

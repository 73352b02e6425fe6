import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { bidRequestsQueryKey } from "../../../lib/query-keys.ts";
import { canCreateBids, canManageBids } from "../../../../../src/shared/permissions.ts";
import type { EVALUATION_METHODS } from "../../../../../src/shared/schemas/bids.ts";
import type { BID_GROUPS, BidStatus } from "../../../../../src/shared/status/bid-request.ts";
import { useRole } from "../../../lib/authorization.tsx";

export type BidGroup = keyof typeof BID_GROUPS;
export type BiddingMode = "open" | "sealed";
export type EvaluationMethod = (typeof EVALUATION_METHODS)[number];

export type BidItem = {
  id: number;
  itemName: string;
  specification: string;
  quantity: number;
  unit: string;
  /** Decimal string, e.g. "12.50". */
  estimatedPrice: string;
  categoryId: number | null;
  technicalRequirements: string;
  evaluationCriteria: string;
};

export type BidRequest = {
  id: number;
  bidNumber: string;
  title: string;
  description: string;
  department: string;
  /** The project deadline (ISO). */
  deadline: string;
  biddingStartAt: string | null;
  biddingDeadline: string;
  biddingMode: BiddingMode;
  status: BidStatus;
  estimatedBudget: string;
  qualificationCriteria: string;
  evaluationMethod: EvaluationMethod;
  priceWeight: number;
  technicalWeight: number;
  bondRequired: boolean;
  bondAmount: string;
  vendorPrequalification: boolean;
  minimumYearsExperience: number;
  technicalSpecifications: string;
  commercialTerms: string;
  purchaseRequestId: number | null;
  unsealedAt: string | null;
  createdAt: string;
  category: { id: number; name: string } | null;
  /** Current quotations; for a sealed request that is all staff learn until it is unsealed. */
  bidCount: number;
  items: BidItem[];
  version: number;
  /** 2 when a manager's and a finance approval are needed before publishing, else 0. */
  approvalsRequired: number;
  closedEarlyAt: string | null;
  earlyCloseReason: string | null;
  /** The user who created it (who may not approve it). */
  createdBy: number;
  /** Only in the details answer (GET /api/bid-requests/{id}). */
  history?: BidEvent[];
};

export type BidEvent = {
  id: number;
  action: "submitted" | "approved" | "rejected" | "withdrawn" | "edited" | "amended" | "closed_early";
  stage: "manager" | "finance" | null;
  comment: string;
  details: Record<string, unknown>;
  createdAt: string;
  actor: { id: number; name: string } | null;
};

/** The first three items of a bid as the list gives them (the details carry every item). */
export type BidItemSummary = { id: number; name: string; quantity: number; unit: string; estimatedPrice: string };

/**
 * A row of GET /api/bid-requests: the bid without its full items or history, with how many items it
 * has and the first three; the whole bid is GET /api/bid-requests/{id}.
 */
export type BidRequestListRow = Omit<BidRequest, "items" | "history"> & { itemCount: number; items: BidItemSummary[] };

/** The page size the tabs ask for: a tab shows this many, then more on request. */
export const BID_REQUESTS_PAGE = 50;

export type BidRequestPage = { items: BidRequestListRow[]; total: number; next: string | null };

/** Every bid query starts with this key, so one invalidation refreshes lists, stats and details. */
export { bidRequestsQueryKey };

/**
 * GET /api/bid-requests?group=...: a page of a tab, newest first; the total comes in the X-Total-Count
 * header, the next page is asked with `after` = X-Next-Cursor (absent on the last page).
 */
export async function getBidRequests(
  group: BidGroup,
  { after, signal }: { after?: string; signal?: AbortSignal } = {},
): Promise<BidRequestPage> {
  const query = new URLSearchParams({ group, limit: String(BID_REQUESTS_PAGE) });
  if (after) query.set("after", after);
  const response = await apiRequest(`/api/bid-requests?${query}`, { signal });
  const items = (await response.json()) as BidRequestListRow[];
  const total = Number(response.headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) ? total : items.length, next: response.headers.get("X-Next-Cursor") };
}

export const bidRequestsQueryOptions = (group: BidGroup) =>
  infiniteQueryOptions({
    queryKey: [...bidRequestsQueryKey, "list", group],
    queryFn: ({ pageParam, signal }) => getBidRequests(group, { after: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** Spec section 6: the list loads only for users who can manage or create bids. */
export function useMayListBids(): boolean {
  const role = useRole();
  return canManageBids(role) || canCreateBids(role);
}

/** A tab's bids a page at a time: `bids` holds every page loaded so far. */
export function useBidRequests(group: BidGroup) {
  const query = useInfiniteQuery({ ...bidRequestsQueryOptions(group), enabled: useMayListBids() });
  return { ...query, bids: query.data?.pages.flatMap((p) => p.items) ?? [] };
}

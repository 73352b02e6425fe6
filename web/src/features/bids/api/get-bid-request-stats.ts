import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { bidRequestsQueryKey, useMayListBids } from "./get-bid-requests.ts";

export type BidRequestStats = {
  active: number;
  drafts: number;
  completed: number;
  /** Decimal string: the estimated budgets of every bid request that is not cancelled. */
  totalValue: string;
};

/** GET /api/bid-requests/stats: the summary cards. */
export function getBidRequestStats({ signal }: { signal?: AbortSignal } = {}): Promise<BidRequestStats> {
  return apiJson<BidRequestStats>("/api/bid-requests/stats", { signal });
}

export const bidRequestStatsQueryOptions = () =>
  queryOptions({ queryKey: [...bidRequestsQueryKey, "stats"], queryFn: getBidRequestStats });

export function useBidRequestStats() {
  return useQuery({ ...bidRequestStatsQueryOptions(), enabled: useMayListBids() });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import type { BidRequestListRow } from "./get-bid-requests.ts";

export type ConvertiblePurchaseRequest = {
  id: number;
  /** The PR-YYYY-NNNN number. */
  requestId: string;
  title: string;
  status: "active";
};

async function list(path: string, signal?: AbortSignal): Promise<unknown[]> {
  const response = await apiRequest(path, { signal });
  return (await response.json()) as unknown[];
}

/**
 * Purchase requests a bid request can be made from: approved (active) bid_required ones (a pending
 * request is refused with 409 until it is approved), minus those that already have a bid request
 * that is not cancelled (the server refuses a second one with 409; this keeps them out of the picker).
 */
export async function getConvertiblePurchaseRequests(
  { signal }: { signal?: AbortSignal } = {},
): Promise<ConvertiblePurchaseRequest[]> {
  const [active, bids] = await Promise.all([
    list("/api/purchase-requests?status=active&requestType=bid_required&limit=200", signal),
    list("/api/bid-requests?limit=200", signal),
  ]);
  const converted = new Set(
    (bids as BidRequestListRow[]).filter((b) => b.status !== "cancelled" && b.purchaseRequestId).map((b) =>
      b.purchaseRequestId
    ),
  );
  return (active as ConvertiblePurchaseRequest[]).filter((pr) => !converted.has(pr.id));
}

export const convertiblePurchaseRequestsQueryOptions = () =>
  queryOptions({
    // Under the purchase-requests key: creating, approving or converting a request refreshes it.
    queryKey: ["purchase-requests", "bid-candidates"],
    queryFn: getConvertiblePurchaseRequests,
  });

export function useConvertiblePurchaseRequests() {
  return useQuery({ ...convertiblePurchaseRequestsQueryOptions(), refetchOnMount: "always" });
}

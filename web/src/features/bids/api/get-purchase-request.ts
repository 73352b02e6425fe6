import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { purchaseRequestDetailQueryOptions, type PurchaseRequestItem } from "../../../hooks/purchase-request-detail.ts";

/** The fields of a purchase request that converting it into a bid request copies. */
export type SourcePurchaseRequest = {
  id: number;
  requestId: string;
  title: string;
  description: string;
  department: string;
  category: { id: number; name: string } | null;
  items: PurchaseRequestItem[];
};

export const sourcePurchaseRequestQueryOptions = (id: number) =>
  queryOptions({
    ...purchaseRequestDetailQueryOptions<SourcePurchaseRequest>(id),
    // Items may have been edited since it was cached: converting must copy the current ones.
    staleTime: 0,
  });

/** Loads (or reuses, when fresh) the request the user picked to convert. */
export function useLoadSourcePurchaseRequest() {
  const queryClient = useQueryClient();
  return (id: number) => queryClient.fetchQuery(sourcePurchaseRequestQueryOptions(id));
}

/** The request a bid was converted from, to name it in the details dialog. */
export function useSourcePurchaseRequest(id: number | null) {
  return useQuery({ ...sourcePurchaseRequestQueryOptions(id ?? 0), staleTime: Infinity, enabled: id !== null });
}

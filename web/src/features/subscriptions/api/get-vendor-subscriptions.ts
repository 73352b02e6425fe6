import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type VendorSubscription = { categoryId: number };

/** Under ["vendor"], so saving subscriptions also refreshes the vendor's other lists (opportunities). */
export const vendorSubscriptionsQueryKey = ["vendor", "categories"] as const;

/** GET /api/vendor/categories: the signed-in vendor's category subscriptions. */
export function getVendorSubscriptions({ signal }: { signal?: AbortSignal } = {}): Promise<VendorSubscription[]> {
  return apiJson<VendorSubscription[]>("/api/vendor/categories", { signal });
}

export const vendorSubscriptionsQueryOptions = () =>
  queryOptions({ queryKey: vendorSubscriptionsQueryKey, queryFn: getVendorSubscriptions });

export function useVendorSubscriptions() {
  return useQuery(vendorSubscriptionsQueryOptions());
}

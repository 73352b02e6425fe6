import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { categoriesQueryKey } from "../../../hooks/use-categories.ts";
import { type VendorSubscription, vendorSubscriptionsQueryKey } from "./get-vendor-subscriptions.ts";

/** PUT /api/vendor/categories: replaces the signed-in vendor's subscriptions; answers the new list. */
export function updateVendorSubscriptions(categoryIds: number[]): Promise<VendorSubscription[]> {
  return apiJson<VendorSubscription[]>("/api/vendor/categories", { method: "PUT", json: { categoryIds } });
}

export function useUpdateVendorSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendorSubscriptions,
    onSuccess: (saved) => {
      // The answer is the saved list, so the panel is current at once; no need to wait for refetches.
      queryClient.setQueryData(vendorSubscriptionsQueryKey, saved);
      // Matching opportunities (["vendor", ...]) and vendor counts per category depend on the subscriptions.
      void queryClient.invalidateQueries({ queryKey: ["vendor"], predicate: (q) => q.queryKey[1] !== "categories" });
      void queryClient.invalidateQueries({ queryKey: categoriesQueryKey });
    },
  });
}

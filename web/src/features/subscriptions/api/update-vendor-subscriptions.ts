import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { categoriesQueryKey } from "../../categories/api/get-categories.ts";
import { type VendorSubscription, vendorSubscriptionsQueryKey } from "./get-vendor-subscriptions.ts";

/** PUT /api/vendor/categories: replaces the signed-in vendor's subscriptions; answers the new list. */
export function updateVendorSubscriptions(categoryIds: number[]): Promise<VendorSubscription[]> {
  return apiJson<VendorSubscription[]>("/api/vendor/categories", { method: "PUT", json: { categoryIds } });
}

export function useUpdateVendorSubscriptions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateVendorSubscriptions,
    onSuccess: async (saved) => {
      queryClient.setQueryData(vendorSubscriptionsQueryKey, saved);
      // Matching opportunities (["vendor", ...]) and vendor counts per category depend on the subscriptions.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ["vendor"] }),
        queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
      ]);
    },
  });
}

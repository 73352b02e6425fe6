import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { adminStatsQueryKey } from "../../../hooks/use-admin-stats.ts";
import { purchaseRequestStatsQueryOptions } from "../../../hooks/use-purchase-request-stats.ts";

/** POST /api/dashboard/reset: the user's dashboard preferences back to the defaults. */
export function resetDashboard(): Promise<{ message: string }> {
  return apiJson<{ message: string }>("/api/dashboard/reset", { method: "POST" });
}

export function useResetDashboard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetDashboard,
    // Spec section 7: the dashboard's widgets are read again afterwards.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminStatsQueryKey }),
        queryClient.invalidateQueries({ queryKey: purchaseRequestStatsQueryOptions().queryKey }),
      ]),
  });
}

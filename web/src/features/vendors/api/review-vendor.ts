import { useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError, apiJson } from "../../../lib/api-client.ts";
import type { VendorApplication } from "./get-vendor-applications.ts";
import { vendorApplicationsQueryKey } from "./get-vendor-applications.ts";
import { vendorStatsQueryKey } from "./get-vendor-stats.ts";

export type ReviewVendorInput = { id: number; status: "approved" | "rejected"; reason?: string };

/** PATCH /api/admin/vendors/:id/status; 409 when the application is no longer pending. */
export function reviewVendor({ id, status, reason }: ReviewVendorInput): Promise<VendorApplication> {
  return apiJson<VendorApplication>(`/api/admin/vendors/${id}/status`, {
    method: "PATCH",
    json: reason ? { status, reason } : { status },
  });
}

export function useReviewVendor() {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: vendorApplicationsQueryKey }),
      queryClient.invalidateQueries({ queryKey: vendorStatsQueryKey }),
      // The overview's admin stats (pending vendors) and the approved-vendor count per category.
      queryClient.invalidateQueries({ queryKey: ["admin", "stats"] }),
      queryClient.invalidateQueries({ queryKey: ["categories"] }),
    ]);
  return useMutation({
    mutationFn: reviewVendor,
    onSuccess: refresh,
    // 409: someone else reviewed it meanwhile, so the lists on screen are stale.
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) void refresh();
    },
  });
}

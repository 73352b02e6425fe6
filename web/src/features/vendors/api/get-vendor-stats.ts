import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type VendorStats = { pendingVendors: number; approvedVendors: number; rejectedVendors: number };

export const vendorStatsQueryKey = ["admin", "vendor-stats"] as const;

/** GET /api/admin/vendor-stats */
export function getVendorStats({ signal }: { signal?: AbortSignal } = {}): Promise<VendorStats> {
  return apiJson<VendorStats>("/api/admin/vendor-stats", { signal });
}

export const vendorStatsQueryOptions = () => queryOptions({ queryKey: vendorStatsQueryKey, queryFn: getVendorStats });

export function useVendorStats() {
  return useQuery(vendorStatsQueryOptions());
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";

export type AdminStats = { totalUsers: number; activeUsers: number; pendingVendors: number };

export const adminStatsQueryKey = ["admin", "stats"] as const;

/** GET /api/admin/stats (admin only) */
export function getAdminStats({ signal }: { signal?: AbortSignal } = {}): Promise<AdminStats> {
  return apiJson<AdminStats>("/api/admin/stats", { signal });
}

export const adminStatsQueryOptions = () => queryOptions({ queryKey: adminStatsQueryKey, queryFn: getAdminStats });

export function useAdminStats({ enabled }: { enabled: boolean }) {
  return useQuery({ ...adminStatsQueryOptions(), enabled });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { DbMetrics } from "../../../../../src/shared/schemas/system-settings.ts";

export const dbMetricsQueryKey = ["admin", "db-metrics"] as const;

/** GET /api/admin/db-metrics */
export function getDbMetrics({ signal }: { signal?: AbortSignal } = {}): Promise<DbMetrics> {
  return apiJson<DbMetrics>("/api/admin/db-metrics", { signal });
}

// Always fetched afresh when the dialog opens: the numbers are only useful when current.
export const dbMetricsQueryOptions = () =>
  queryOptions({ queryKey: dbMetricsQueryKey, queryFn: getDbMetrics, staleTime: 0 });

export function useDbMetrics() {
  return useQuery(dbMetricsQueryOptions());
}

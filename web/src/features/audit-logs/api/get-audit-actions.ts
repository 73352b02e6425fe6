import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export const auditActionsQueryKey = ["admin", "audit-logs", "actions"] as const;

/** GET /api/admin/audit-logs/actions: the distinct actions recorded so far, for the filter. */
export function getAuditActions({ signal }: { signal?: AbortSignal } = {}): Promise<string[]> {
  return apiJson<string[]>("/api/admin/audit-logs/actions", { signal });
}

export const auditActionsQueryOptions = () =>
  queryOptions({ queryKey: auditActionsQueryKey, queryFn: getAuditActions });

export function useAuditActions() {
  return useQuery(auditActionsQueryOptions());
}

import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AUDIT_RANGES } from "../../../../../src/shared/schemas/users.ts";
import { apiRequest } from "../../../lib/api-client.ts";
import type { HistoryEntry } from "../../../lib/history-sentence.ts";

export type AuditRange = (typeof AUDIT_RANGES)[number];
export type AuditFilter = { range: AuditRange; userId?: number; action?: string };

export type AuditLogEntry = {
  id: number;
  userId: number | null;
  userEmail: string | null;
  userName: string | null;
  action: string;
  entityType: string | null;
  entityId: string | number | null;
  timestamp: string;
  metadata: Record<string, unknown> | null;
  ip: string | null;
  userAgent: string | null;
  /** The entry as a sentence's data (src/audit/history.ts). */
  entry: HistoryEntry;
};

export type AuditLogPage = { items: AuditLogEntry[]; total: number };

export const auditLogsQueryKey = ["admin", "audit-logs"] as const;

/** The filter as query parameters; shared with the CSV export link. */
export function auditFilterParams(filter: AuditFilter): URLSearchParams {
  const params = new URLSearchParams({ range: filter.range });
  if (filter.userId) params.set("userId", String(filter.userId));
  if (filter.action) params.set("action", filter.action);
  return params;
}

/** GET /api/admin/audit-logs, newest first; the total comes in the X-Total-Count header. */
export async function getAuditLogs(
  filter: AuditFilter,
  page: { limit: number; offset: number },
  { signal }: { signal?: AbortSignal } = {},
): Promise<AuditLogPage> {
  const params = auditFilterParams(filter);
  params.set("limit", String(page.limit));
  params.set("offset", String(page.offset));
  const response = await apiRequest(`/api/admin/audit-logs?${params}`, { signal });
  const items = await response.json() as AuditLogEntry[];
  const total = Number(response.headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export const auditLogsQueryOptions = (filter: AuditFilter, page: { limit: number; offset: number }) =>
  queryOptions({
    queryKey: [...auditLogsQueryKey, filter, page],
    queryFn: ({ signal }) => getAuditLogs(filter, page, { signal }),
    placeholderData: keepPreviousData,
  });

export function useAuditLogs(filter: AuditFilter, page: { limit: number; offset: number }) {
  return useQuery(auditLogsQueryOptions(filter, page));
}

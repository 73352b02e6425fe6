import { type AuditFilter, auditFilterParams } from "./get-audit-logs.ts";

/**
 * GET /api/admin/audit-logs/export: every matching row as CSV, streamed by the server. A plain link
 * lets the browser stream it to disk instead of holding the whole file in memory.
 */
export function auditExportUrl(filter: AuditFilter): string {
  return `/api/admin/audit-logs/export?${auditFilterParams(filter)}`;
}

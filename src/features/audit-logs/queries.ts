import { batches } from "../../db/batches.ts";
import type { Queryable } from "../../db/types.ts";
import { cappedCount } from "../../db/paging.ts";
import { where as buildWhere } from "../../db/where.ts";

export interface AuditFilter {
  range: "all" | "24h" | "7d" | "30d";
  userId?: number;
  action?: string;
}

const RANGE_INTERVAL = { all: null, "24h": "24 hours", "7d": "7 days", "30d": "30 days" } as const;

function where(f: AuditFilter) {
  return {
    sql: `where ($1::interval is null or a.created_at > now() - $1::interval)
        and ($2::int is null or a.user_id = $2) and ($3::text is null or a.action = $3)`,
    params: [RANGE_INTERVAL[f.range], f.userId ?? null, f.action ?? null],
  };
}

const SELECT = `select a.id, a.user_id as "userId", a.action, a.entity_type as "entityType", a.entity_id as "entityId",
    a.created_at as "timestamp", a.metadata, a.ip, a.user_agent as "userAgent",
    u.email as "userEmail", nullif(btrim(u.first_name || ' ' || u.last_name), '') as "userName"
  from audit_logs a left join users u on u.id = a.user_id`;

export interface AuditRow {
  id: number;
  userId: number | null;
  action: string;
  entityType: string;
  entityId: string | null;
  timestamp: Date;
  metadata: unknown;
  ip: string | null;
  userAgent: string | null;
  userEmail: string | null;
  userName: string | null;
}

/**
 * One page, newest first, and the filter's total (src/db/paging.ts: exact up to 10,000, else capped,
 * skipped when the planner expects 15,000 or more). Only the given filters go into the SQL, so each
 * combination gets its own plan (5,000,000 rows: a generic `$1 is null or ...` plan scans them all).
 * Deep pages: `after` is the id of the last row of the page before (ids are the chain's order).
 */
export async function listAuditLogs(
  db: Queryable,
  f: AuditFilter & { limit: number; offset: number; after?: number },
) {
  const filters: [string, unknown][] = [
    ["a.created_at > now() - ?::interval", RANGE_INTERVAL[f.range]],
    ["a.user_id = ?", f.userId],
    ["a.action = ?", f.action],
  ];
  const w = buildWhere(filters);
  const p = buildWhere([...filters, ["a.id < ?::bigint", f.after]]);
  const [items, total] = await Promise.all([
    db.query<AuditRow>(
      `${SELECT} ${p.sql} order by a.id desc limit $${p.next} offset $${p.next + 1}`,
      [...p.params, f.limit, f.after ? 0 : f.offset],
    ),
    // The total is over the filter, not the cursor: the same on every page.
    cappedCount(db, { from: "from audit_logs a", where: w.sql, params: w.params }),
  ]);
  const next = items.length === f.limit ? String(items[items.length - 1].id) : undefined;
  return { items, ...total, next };
}

/**
 * Every matching entry, newest first, in batches with flat memory for the streamed export: a
 * server-side cursor on PostgreSQL, keyset pages on PGlite (src/db/batches.ts).
 */
export function auditBatches(db: Queryable, f: AuditFilter, size = 1000): AsyncGenerator<AuditRow[]> {
  const w = where(f);
  return batches<AuditRow>(
    db,
    `${SELECT} ${w.sql} and ($4::bigint is null or a.id < $4) order by a.id desc limit $5`,
    w.params,
    (r) => r.id,
    size,
  );
}

export async function auditActions(db: Queryable) {
  return (await db.query<{ action: string }>("select distinct action from audit_logs order by action")).map((r) =>
    r.action
  );
}

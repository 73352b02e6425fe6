/** SQL of the system settings screen: the settings rows it owns, database metrics and log export (backup: src/backup). */
import type { Queryable } from "../../db/types.ts";
import type { AuditRow } from "../../audit/queries.ts";
import { DEFAULT_APPROVAL_THRESHOLD } from "../../lib/approval-policy.ts";
import { getSettings } from "../../lib/settings.ts";
import type { DbMetrics } from "../../shared/schemas/system-settings.ts";
import { DEFAULT_TIME_ZONE } from "../../shared/schemas/common.ts";

export const SETTING_KEYS = {
  defaultDeadline: "default_deadline_days",
  autoReminder: "auto_reminder_hours",
  enableVendorMatching: "enable_vendor_matching",
  approvalThreshold: "approval_threshold",
  timeZone: "organisation_time_zone",
} as const;

export interface SettingValues {
  defaultDeadline: number;
  autoReminder: number;
  enableVendorMatching: boolean;
  approvalThreshold: string;
  timeZone: string;
}

export async function readSettingValues(db: Queryable): Promise<SettingValues> {
  const s = await getSettings(db, Object.values(SETTING_KEYS));
  return {
    defaultDeadline: Number(s[SETTING_KEYS.defaultDeadline] ?? 7),
    autoReminder: Number(s[SETTING_KEYS.autoReminder] ?? 24),
    enableVendorMatching: (s[SETTING_KEYS.enableVendorMatching] ?? "true") === "true",
    approvalThreshold: s[SETTING_KEYS.approvalThreshold] ?? DEFAULT_APPROVAL_THRESHOLD,
    timeZone: s[SETTING_KEYS.timeZone] ?? DEFAULT_TIME_ZONE,
  };
}

/** Upsert: the rows are seeded by the first migration, but a deleted row must not make saving fail. */
/** The main tables whose exact count(*) the metrics show (cheap at this product's sizes). */
export const COUNTED_TABLES = [
  "users",
  "vendor_profiles",
  "purchase_requests",
  "purchase_request_items",
  "bid_requests",
  "quotations",
  "audit_logs",
  "notification_outbox",
] as const;

export async function dbMetrics(db: Queryable, kind: "pglite" | "postgres"): Promise<DbMetrics> {
  const [size] = await db.query<{ size: string | number }>("select pg_database_size(current_database()) as size");
  const [version] = await db.query<{ server_version: string }>("show server_version");
  const counts = await db.query<{ name: string; n: number }>(
    COUNTED_TABLES.map((t) => `select '${t}' as name, count(*)::int as n from ${t}`).join(" union all "),
  );
  // PGlite is one in-process connection; pg_stat_activity there says nothing useful.
  const activeConnections = kind === "pglite" ? 1 : (await db.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where datname = current_database()",
  ))[0].n;
  const [outbox] = await db.query<{ pending: number; failed: number }>(
    `select count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where status = 'failed')::int as failed from notification_outbox`,
  );
  const [migrations] = await db.query<{ n: number }>("select count(*)::int as n from schema_migrations");
  return {
    databaseSize: Number(size.size),
    serverVersion: version.server_version,
    activeConnections,
    rowCounts: Object.fromEntries(COUNTED_TABLES.map((t) => [t, counts.find((c) => c.name === t)?.n ?? 0])),
    outbox: { pending: outbox.pending, failed: outbox.failed },
    migrationsApplied: migrations.n,
  };
}

/** An audit entry as the log export writes it: the row, its time and the user's email. */
export interface LogLine extends AuditRow {
  createdAt: Date;
  userEmail: string | null;
}

export async function auditLogLines(db: Queryable): Promise<LogLine[]> {
  return await db.query<LogLine>(
    `select a.created_at as "createdAt", a.user_id as "userId", u.email as "userEmail", a.action,
            a.entity_type as "entityType", a.entity_id as "entityId", a.metadata, a.ip, a.user_agent as "userAgent"
     from audit_logs a left join users u on u.id = a.user_id order by a.id`,
  );
}

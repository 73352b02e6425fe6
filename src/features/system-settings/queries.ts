/** SQL of the system settings screen: the settings rows it owns, database metrics, backup and log export. */
import type { Queryable } from "../../db/types.ts";
import { getSettings } from "../../lib/settings.ts";
import { maskLegacyAuditRows } from "../../audit/sealed-entries.ts";
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
    approvalThreshold: s[SETTING_KEYS.approvalThreshold] ?? "10000.00",
    timeZone: s[SETTING_KEYS.timeZone] ?? DEFAULT_TIME_ZONE,
  };
}

/** Upsert: the rows are seeded by the first migration, but a deleted row must not make saving fail. */
export async function writeSetting(tx: Queryable, key: string, value: string, userId: number | null) {
  await tx.query(
    `insert into settings (key, value, category, updated_by, updated_at) values ($1, $2, 'system', $3, now())
     on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
    [key, value, userId],
  );
}

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

/**
 * Columns the backup never carries (replaced by null): credentials and token digests
 * (users.password_hash, users.totp_secret, user_recovery_codes.code_hash, user_tokens.token_hash),
 * file contents (files.data: large, and they live in object storage or are restored separately)
 * and sealed bids (quotations.sealed_payload: they must stay unreadable outside the unsealing flow).
 * Secret settings values are replaced by "".
 */
export const EXCLUDED_COLUMNS: Record<string, string[]> = {
  users: ["password_hash", "totp_secret"],
  user_recovery_codes: ["code_hash"],
  user_tokens: ["token_hash"],
  files: ["data"],
  quotations: ["sealed_payload"],
};

function jsonValue(v: unknown): unknown {
  if (v instanceof Uint8Array) {
    let s = "";
    for (const b of v) s += String.fromCharCode(b);
    return btoa(s);
  }
  return v;
}

/**
 * Sealed bids stay sealed in the backup (issue 10 item 4b): quotations still sealed, their attachment
 * links and encrypted files, and the reminders of still-sealed bids are left out (only the number of
 * sealed quotations is reported); pre-existing audit entries naming a sealed bid's vendor are masked.
 * Everything about them is in the database and reaches a backup after unsealing.
 */
async function sealedRowFilter(db: Queryable) {
  const [s] = await db.query<{ quotations: number[]; files: number[]; bids: number[] }>(
    `select coalesce((select array_agg(id) from quotations where sealed), '{}') as quotations,
            coalesce((select array_agg(id) from files where encrypted), '{}') as files,
            coalesce((select array_agg(id) from bid_requests where bidding_mode = 'sealed' and unsealed_at is null),
                     '{}') as bids`,
  );
  const quotations = new Set(s.quotations.map(Number)), files = new Set(s.files.map(Number));
  const bids = new Set(s.bids.map(Number));
  const keep: Record<string, (r: Record<string, unknown>) => boolean> = {
    quotations: (r) => !quotations.has(Number(r.id)),
    quotation_attachments: (r) => !quotations.has(Number(r.quotation_id)) && !files.has(Number(r.file_id)),
    files: (r) => !files.has(Number(r.id)),
    deadline_reminders: (r) => !(r.request_kind === "bid_request" && bids.has(Number(r.request_id))),
    // OCR imports are transient work (deleted when submitted); one for a sealed bid would say who bids.
    jobs: (r) => r.kind !== "ocr_extract",
  };
  return { keep, withheldSealedQuotations: quotations.size };
}

/** Every row of every application table, built in memory (fine at this product's scale). */
export async function backupTables(
  db: Queryable,
): Promise<{ tables: Record<string, Record<string, unknown>[]>; withheldSealedQuotations: number }> {
  const sealed = await sealedRowFilter(db);
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
     where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`,
  );
  const out: Record<string, Record<string, unknown>[]> = {};
  for (const { name } of tables) {
    if (!/^[a-z0-9_]+$/.test(name)) continue;
    let rows = await db.query<Record<string, unknown>>(`select * from "${name}"`);
    const keep = sealed.keep[name];
    if (keep) rows = rows.filter(keep);
    if (name === "audit_logs") rows = await maskLegacyAuditRows(db, rows);
    const excluded = EXCLUDED_COLUMNS[name] ?? [];
    out[name] = rows.map((row) => {
      const r: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) r[k] = excluded.includes(k) ? null : jsonValue(v);
      if (name === "settings" && row.is_secret) r.value = "";
      return r;
    });
  }
  return { tables: out, withheldSealedQuotations: sealed.withheldSealedQuotations };
}

export interface LogLine {
  createdAt: Date;
  userId: number | null;
  userEmail: string | null;
  action: string;
  entityType: string;
  entityId: string | null;
  metadata: unknown;
  ip: string | null;
  userAgent: string | null;
}

export async function auditLogLines(db: Queryable): Promise<LogLine[]> {
  return await db.query<LogLine>(
    `select a.created_at as "createdAt", a.user_id as "userId", u.email as "userEmail", a.action,
            a.entity_type as "entityType", a.entity_id as "entityId", a.metadata, a.ip, a.user_agent as "userAgent"
     from audit_logs a left join users u on u.id = a.user_id order by a.id`,
  );
}

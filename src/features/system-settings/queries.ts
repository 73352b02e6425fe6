/** SQL of the system settings screen: the settings rows it owns, database metrics, backup and log export. */
import type { Queryable } from "../../db/types.ts";
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

/**
 * Sealed bids stay sealed in the backup (issue 10 item 4b): quotations still sealed, their attachment
 * links and encrypted files, and the reminders of still-sealed bids are left out (only the number of
 * sealed quotations is reported); pre-existing audit entries naming a sealed bid's vendor are masked.
 * Everything about them is in the database and reaches a backup after unsealing.
 */
export async function sealedRowFilter(db: Queryable) {
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

export interface BackupTable {
  name: string;
  columns: { name: string; type: string }[];
  /** Primary key columns in index order; empty: the table is paged by ctid. */
  key: string[];
}

const IDENT = /^[a-z_][a-z0-9_]*$/;

/** Every application table with its columns and primary key (names that need quoting are skipped). */
export async function backupTableList(db: Queryable): Promise<BackupTable[]> {
  const cols = await db.query<{ table: string; column: string; type: string }>(
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'p')
      order by c.relname, a.attnum`,
  );
  const keys = await db.query<{ table: string; column: string }>(
    `select kcu.table_name as "table", kcu.column_name as "column"
       from information_schema.table_constraints tc
       join information_schema.key_column_usage kcu
         on kcu.constraint_schema = tc.constraint_schema and kcu.constraint_name = tc.constraint_name
        and kcu.table_name = tc.table_name
      where tc.table_schema = current_schema() and tc.constraint_type = 'PRIMARY KEY'
      order by kcu.table_name, kcu.ordinal_position`,
  );
  const tables = new Map<string, BackupTable>();
  for (const c of cols) {
    if (!IDENT.test(c.table) || !IDENT.test(c.column)) continue;
    let t = tables.get(c.table);
    if (!t) tables.set(c.table, t = { name: c.table, columns: [], key: [] });
    t.columns.push({ name: c.column, type: c.type });
  }
  for (const k of keys) tables.get(k.table)?.key.push(k.column);
  return [...tables.values()].sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
}

/**
 * One keyset page of a table, excluded columns never read (a files page would otherwise carry every
 * file's bytes). `after` is the last row's key values from the previous page (null: the first page).
 */
export async function backupPage(
  db: Queryable,
  t: BackupTable,
  after: unknown[] | null,
  size: number,
): Promise<Record<string, unknown>[]> {
  const excluded = EXCLUDED_COLUMNS[t.name] ?? [];
  const list = t.columns.map((c) => excluded.includes(c.name) ? `null as "${c.name}"` : `"${c.name}"`);
  const key = t.key.length ? t.key.map((k) => `"${k}"`) : ["ctid"];
  const types = t.key.length ? t.key.map((k) => t.columns.find((c) => c.name === k)!.type) : ["tid"];
  if (!t.key.length) list.push(`ctid::text as "__ctid"`);
  const where = after ? `where (${key.join(", ")}) > (${types.map((ty, i) => `$${i + 1}::${ty}`).join(", ")})` : "";
  const params = after ? after.map((v) => v instanceof Date ? v.toISOString() : v) : [];
  return await db.query<Record<string, unknown>>(
    `select ${list.join(", ")} from "${t.name}" ${where} order by ${key.join(", ")} limit ${Number(size)}`,
    params,
  );
}

export interface BackupFile {
  id: number;
  sizeBytes: number;
  sha256: string;
  storage: string;
}

/**
 * Bytes [from, from + length) of a file kept in the database: a backup reads a file in slices so
 * that neither PostgreSQL's result nor PGlite's WASM heap (which never shrinks) holds a whole file.
 */
export async function fileSlice(db: Queryable, id: number, from: number, length: number): Promise<Uint8Array> {
  const [r] = await db.query<{ part: Uint8Array | null }>(
    "select substring(data from $2::int for $3::int) as part from files where id = $1",
    [id, from + 1, length],
  );
  return r?.part ?? new Uint8Array(0);
}

/** Stored files whose bytes go into a backup (sealed bids' encrypted files stay out), by id. */
export async function backupFilePage(db: Queryable, afterId: number, size: number): Promise<BackupFile[]> {
  return await db.query<BackupFile>(
    `select id, size_bytes as "sizeBytes", sha256, storage from files where not encrypted and id > $1 order by id limit $2`,
    [afterId, size],
  );
}

export async function backupFileCounts(db: Queryable): Promise<{ files: number; bytes: number }> {
  const [r] = await db.query<{ files: number; bytes: string | number }>(
    `select count(*)::int as files, coalesce(sum(size_bytes), 0)::bigint as bytes from files where not encrypted`,
  );
  return { files: r.files, bytes: Number(r.bytes) };
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

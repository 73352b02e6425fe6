/**
 * SQL of backup and restore (docs/decisions/020). Rows travel as PostgreSQL's own JSON of the row
 * (`to_jsonb`) and come back through `jsonb_populate_recordset`, so every type round-trips exactly
 * as the database writes it: microseconds of timestamps (the audit chain hashes them), numerics,
 * bytea, arrays and JSON, whichever driver runs the query.
 */
import type { Queryable } from "../db/types.ts";

export interface BackupTable {
  name: string;
  /** Columns that can be written (generated columns are left out: the database computes them). */
  columns: string[];
  /** Primary key columns in index order; empty: the table is paged by ctid. */
  key: string[];
  keyTypes: string[];
}

const IDENT = /^[a-z_][a-z0-9_]*$/;
const quoted = (name: string) => `"${name}"`;

/** Work in progress that is not part of the organisation's record: left out of every backup. */
const SKIPPED_ROWS: Record<string, string> = {
  // OCR imports are transient (deleted when submitted); one for a sealed bid would say who bids.
  jobs: "t.kind = 'ocr_extract'",
};

const STILL_SEALED_BIDS = "select id from bid_requests where bidding_mode = 'sealed' and unsealed_at is null";

/**
 * Rows written into the archive encrypted once more, with a key derived from SEALED_BID_KEY (which
 * the archive never holds): whoever has the archive and its passphrase still cannot read who bids on
 * a sealed bid before it is unsealed, nor the email and messaging providers' keys.
 */
const PROTECTED_ROWS: Record<string, string> = {
  quotations: "t.sealed",
  quotation_items: "t.quotation_id in (select id from quotations where sealed)",
  quotation_attachments:
    "t.quotation_id in (select id from quotations where sealed) or t.file_id in (select id from files where encrypted)",
  files: "t.encrypted",
  deadline_reminders: `t.request_kind = 'bid_request' and t.request_id in (${STILL_SEALED_BIDS})`,
  settings: "t.is_secret",
  // Entries written before sealed audit entries were encrypted name the vendor in clear.
  audit_logs: `t.entity_type = 'quotation' and t.metadata->>'sealed' = 'true' and not (t.metadata ? 'sealedEntry')
               and t.metadata->>'bidRequestId' in (select id::text from (${STILL_SEALED_BIDS}) s)`,
};

/** Every application table (schema_migrations aside: the target's migrations write it). */
export async function backupTables(db: Queryable): Promise<BackupTable[]> {
  const cols = await db.query<{ table: string; column: string; type: string; generated: string }>(
    `select c.relname as "table", a.attname as "column", format_type(a.atttypid, a.atttypmod) as type,
            a.attgenerated::text as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind in ('r', 'p') and c.relname <> 'schema_migrations'
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
  const tables = new Map<string, BackupTable & { types: Map<string, string> }>();
  for (const c of cols) {
    if (!IDENT.test(c.table) || !IDENT.test(c.column)) continue;
    let t = tables.get(c.table);
    if (!t) tables.set(c.table, t = { name: c.table, columns: [], key: [], keyTypes: [], types: new Map() });
    t.types.set(c.column, c.type);
    if (!c.generated) t.columns.push(c.column);
  }
  for (const k of keys) {
    const t = tables.get(k.table);
    if (!t) continue;
    t.key.push(k.column);
    t.keyTypes.push(t.types.get(k.column)!);
  }
  return [...tables.values()].map(({ types: _, ...t }) => t).sort((a, b) => a.name < b.name ? -1 : 1);
}

export interface BackupRow {
  /** The row as PostgreSQL's JSON text. */
  json: string;
  /** Key values of the row, for the next page. */
  after: unknown[];
  protected: boolean;
}

/**
 * One keyset page of a table. A file's bytes are not in its row (they follow the tables in slices):
 * a stored file's `data` is written as empty bytes, which the restore fills.
 */
export async function backupPage(
  db: Queryable,
  t: BackupTable,
  after: unknown[] | null,
  size: number,
): Promise<BackupRow[]> {
  const list = t.columns.map((c) =>
    t.name === "files" && c === "data" ? `case when t.storage = 'db' then '\\x'::bytea end as data` : `t.${quoted(c)}`
  );
  const key = t.key.length ? t.key.map(quoted) : ["ctid"];
  const types = t.key.length ? t.keyTypes : ["tid"];
  const where = [
    after ? `(${key.map((k) => `t.${k}`).join(", ")}) > (${types.map((ty, i) => `$${i + 1}::${ty}`).join(", ")})` : "",
    SKIPPED_ROWS[t.name] ? `not (${SKIPPED_ROWS[t.name]})` : "",
  ].filter(Boolean);
  const rows = await db.query<{ json: string; protected: boolean; k: unknown[] }>(
    `select (select to_jsonb(r) from (select ${list.join(", ")}) r)::text as json,
            ${PROTECTED_ROWS[t.name] ? `coalesce(${PROTECTED_ROWS[t.name]}, false)` : "false"} as protected,
            array[${key.map((k) => `t.${k}::text`).join(", ")}] as k
       from "${t.name}" t ${where.length ? `where ${where.join(" and ")}` : ""}
      order by ${key.map((k) => `t.${k}`).join(", ")} limit ${Number(size)}`,
    after ?? [],
  );
  return rows.map((r) => ({ json: r.json, protected: r.protected, after: r.k }));
}

export interface BackupFile {
  id: number;
  sizeBytes: number;
  storage: string;
}

/** Every stored file, sealed bids' encrypted ones included (their bytes are ciphertext), by id. */
export async function backupFilePage(db: Queryable, afterId: number, size: number): Promise<BackupFile[]> {
  return await db.query<BackupFile>(
    `select id, size_bytes as "sizeBytes", storage from files where id > $1 order by id limit $2`,
    [afterId, size],
  );
}

export async function backupFileCounts(db: Queryable): Promise<{ files: number; bytes: number }> {
  const [r] = await db.query<{ files: number; bytes: string | number }>(
    `select count(*)::int as files, coalesce(sum(size_bytes), 0)::bigint as bytes from files`,
  );
  return { files: r.files, bytes: Number(r.bytes) };
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

export interface SequenceState {
  name: string;
  value: string;
  called: boolean;
}

/** Every sequence of the schema and where it stands (read last: at least every id in the backup). */
export async function sequenceStates(db: Queryable): Promise<SequenceState[]> {
  return await db.query<SequenceState>(
    `select sequencename as name, coalesce(last_value, start_value)::text as value, last_value is not null as called
       from pg_sequences where schemaname = current_schema() order by sequencename`,
  );
}

export interface AppliedMigration {
  version: string;
  name: string;
  checksum: string;
}

export async function appliedMigrations(db: Queryable): Promise<AppliedMigration[]> {
  return await db.query<AppliedMigration>("select version, name, checksum from schema_migrations order by version");
}

// ---------------------------------------------------------------------------------------------
// Restore

/**
 * Writes are replayed as a replica does: no triggers (the audit chain's insert trigger would give
 * rows new ids, times and hashes; kept counts would count twice), no foreign-key checks until the
 * data is whole. Needs a superuser (PGlite's user is one).
 */
export async function beginReplay(tx: Queryable, tables: string[]) {
  await tx.query("set local session_replication_role = replica");
  if (tables.length) await tx.query(`truncate table ${tables.map(quoted).join(", ")} restart identity`);
}

export async function endReplay(tx: Queryable) {
  await tx.query("set local session_replication_role = origin");
}

/** Inserts one page of rows given as a JSON array of PostgreSQL's row JSON. */
export async function insertRows(tx: Queryable, table: string, columns: string[], jsonArray: string) {
  const cols = columns.map(quoted).join(", ");
  await tx.query(
    `insert into "${table}" (${cols}) overriding system value
     select ${cols} from jsonb_populate_recordset(null::"${table}", $1::text::jsonb)`,
    [jsonArray],
  );
}

/** Appends a slice of a file's bytes (restored files live in the database, whatever kept them before). */
export async function appendFileBytes(tx: Queryable, id: number, part: Uint8Array) {
  await tx.query(
    `update files set data = coalesce(data, '\\x'::bytea) || $2, storage = 'db', storage_key = null where id = $1`,
    [id, part],
  );
}

/** Files whose restored bytes do not match their recorded digest (sealed bids' files: ciphertext, not checked). */
export async function damagedFiles(tx: Queryable): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `select id from files where not encrypted and (data is null or encode(sha256(data), 'hex') <> sha256) order by id`,
  );
  return rows.map((r) => r.id);
}

export async function setSequence(tx: Queryable, s: SequenceState) {
  await tx.query("select setval(format('%I', $1::text)::regclass, $2::bigint, $3)", [s.name, s.value, s.called]);
}

/** Sessions issued before the restore (by the old system or this one) end: every user signs in again. */
export async function endAllSessions(tx: Queryable) {
  await tx.query("update users set token_version = token_version + 1");
}

export async function tableCount(tx: Queryable, table: string): Promise<number> {
  const [r] = await tx.query<{ n: number }>(`select count(*)::int as n from "${table}"`);
  return r.n;
}

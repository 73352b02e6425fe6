/**
 * Forward-only migrations: sql/NNNN_name.sql, applied in order, one transaction each, recorded
 * with a checksum. An edited file that was already applied stops start-up: the schema in the
 * database would no longer match the file, and that is never safe to guess about.
 */
import type { Db } from "./types.ts";
import { sha256Hex } from "../lib/crypto.ts";

export const MIGRATION_LOCK_KEY = 727_100_001;
const SQL_DIR = new URL("../../sql/", import.meta.url);

export interface MigrationFile {
  version: string;
  name: string;
  checksum: string;
  sql: string;
}

export interface MigrationStatus {
  version: string;
  name: string;
  applied: boolean;
  appliedAt?: Date;
}

export class MigrationError extends Error {}

export async function readMigrationFiles(dir: URL = SQL_DIR): Promise<MigrationFile[]> {
  const files: MigrationFile[] = [];
  for await (const entry of Deno.readDir(dir)) {
    const m = /^(\d{4})_([a-z0-9_]+)\.sql$/.exec(entry.name);
    if (!entry.isFile || !m) continue;
    const sql = await Deno.readTextFile(new URL(entry.name, dir));
    files.push({ version: m[1], name: m[2], checksum: await sha256Hex(sql), sql });
  }
  files.sort((a, b) => a.version.localeCompare(b.version));
  for (let i = 1; i < files.length; i++) {
    if (files[i].version === files[i - 1].version) {
      throw new MigrationError(`Two migrations share version ${files[i].version}`);
    }
  }
  return files;
}

const ENSURE_TABLE = `create table if not exists schema_migrations (
  version text primary key,
  name text not null,
  checksum text not null,
  applied_at timestamptz not null default now()
)`;

type Applied = { version: string; name: string; checksum: string; applied_at: Date };

function checkUnchanged(files: MigrationFile[], applied: Applied[]) {
  for (const a of applied) {
    const f = files.find((x) => x.version === a.version);
    if (!f) throw new MigrationError(`Migration ${a.version}_${a.name} is applied but its file is missing`);
    if (f.checksum !== a.checksum) {
      throw new MigrationError(
        `Migration ${a.version}_${a.name}.sql was edited after it was applied (checksum mismatch); add a new migration instead`,
      );
    }
  }
}

/** Apply every pending migration; returns the versions applied by this call. */
export async function migrate(db: Db, files?: MigrationFile[]): Promise<string[]> {
  const all = files ?? await readMigrationFiles();
  return await db.withLock(MIGRATION_LOCK_KEY, async (conn) => {
    await conn.exec(ENSURE_TABLE);
    const applied = await conn.query<Applied>("select version, name, checksum, applied_at from schema_migrations");
    checkUnchanged(all, applied);
    const done = new Set(applied.map((a) => a.version));
    const appliedNow: string[] = [];
    for (const f of all) {
      if (done.has(f.version)) continue;
      await conn.tx(async (tx) => {
        await tx.exec(f.sql);
        await tx.query("insert into schema_migrations (version, name, checksum) values ($1, $2, $3)", [
          f.version,
          f.name,
          f.checksum,
        ]);
      });
      appliedNow.push(f.version);
    }
    return appliedNow;
  });
}

export async function migrationStatus(db: Db, files?: MigrationFile[]): Promise<MigrationStatus[]> {
  const all = files ?? await readMigrationFiles();
  await db.exec(ENSURE_TABLE);
  const applied = await db.query<Applied>("select version, name, checksum, applied_at from schema_migrations");
  checkUnchanged(all, applied);
  return all.map((f) => {
    const a = applied.find((x) => x.version === f.version);
    return { version: f.version, name: f.name, applied: !!a, appliedAt: a?.applied_at };
  });
}

/** True when every migration file is applied (used by start-up in production, where the release step migrates). */
export async function isUpToDate(db: Db): Promise<boolean> {
  return (await migrationStatus(db)).every((s) => s.applied);
}

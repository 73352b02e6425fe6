/**
 * Restores a backup archive (docs/decisions/020) into a database migrated to the backup's
 * migrations: every row as it was (ids, times, hashes), the stored files, the sequences, in one
 * transaction, so a restore that fails anywhere (wrong passphrase, damaged file, another server
 * key) leaves the database as it found it. Then every session ends and an audit entry records it.
 */
import { decodeBase64 } from "@oslojs/encoding";
import type { Db, Queryable } from "../db/types.ts";
import { auditSystem } from "../audit/audit.ts";
import { decryptText } from "../lib/crypto.ts";
import { BadRequest, Conflict } from "../lib/errors.ts";
import { errorText } from "../shared/error-codes.ts";
import { ArchiveError, decryptArchive } from "./archive.ts";
import { hasUsers } from "../db/queries.ts";
import * as q from "./queries.ts";
import { type BackupHeader, FORMAT, FORMAT_VERSION, protectedContext, serverKeyCheck } from "./write.ts";

export interface OpenedBackup {
  header: BackupHeader;
  /** The lines after the header, each a JSON value. */
  lines: AsyncGenerator<string>;
}

async function* splitLines(bytes: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const text = bytes.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>);
  let rest = "";
  for await (const piece of text) {
    rest += piece;
    let nl: number;
    while ((nl = rest.indexOf("\n")) >= 0) {
      yield rest.slice(0, nl);
      rest = rest.slice(nl + 1);
    }
  }
  if (rest) yield rest;
}

/** Opens the archive and reads its header (a wrong passphrase fails here, before anything is written). */
export async function openBackup(archive: ReadableStream<Uint8Array>, passphrase: string): Promise<OpenedBackup> {
  const lines = splitLines(decryptArchive(archive, passphrase));
  const first = await lines.next().catch(rethrowDamage);
  let header: BackupHeader;
  try {
    header = JSON.parse(first.done ? "" : first.value);
  } catch {
    throw new ArchiveError("backup.damaged");
  }
  if (header.format !== FORMAT) throw new ArchiveError("backup.notABackup");
  if (header.formatVersion !== FORMAT_VERSION) throw new ArchiveError("backup.unsupported");
  return { header, lines };
}

/** A gzip stream cut or altered inside fails in the decompressor with its own error: the file is damaged. */
function rethrowDamage(e: unknown): never {
  if (e instanceof ArchiveError) throw e;
  throw new ArchiveError("backup.damaged");
}

export interface RestoreResult {
  rows: Record<string, number>;
  files: number;
  createdAt: string;
}

/**
 * Replaces the database's data with the backup's. `replace: false` refuses a database that already
 * has users (a fresh, migrated database has reference data only). The database must carry exactly
 * the backup's migrations (the caller migrates to them first, and onwards afterwards).
 */
export async function restoreBackup(
  db: Db,
  backup: OpenedBackup,
  opts: { backupKey: Uint8Array; replace?: boolean },
): Promise<RestoreResult> {
  const { header, lines } = backup;
  if (header.serverKeyCheck !== await serverKeyCheck(opts.backupKey)) throw conflict("backup.otherServerKey");
  const applied = await q.appliedMigrations(db);
  const same = applied.length === header.migrations.length &&
    applied.every((m, i) => m.version === header.migrations[i].version && m.checksum === header.migrations[i].checksum);
  if (!same) {
    const newer = header.migrations.find((m) => !applied.some((a) => a.version === m.version));
    if (newer) throw conflict("backup.newerSchema", { version: `${newer.version}_${newer.name}` });
    throw conflict("backup.olderSchema");
  }
  if (!opts.replace && await hasUsers(db)) throw conflict("backup.notEmpty");
  const tables = await q.backupTables(db);
  return await db.tx(async (tx) => {
    await q.beginReplay(tx, tables.map((t) => t.name));
    const result = await replay(tx, lines, tables, opts.backupKey);
    await q.endReplay(tx);
    const damaged = await q.damagedFiles(tx);
    if (damaged.length) throw new ArchiveError("backup.damaged");
    await q.endAllSessions(tx);
    await auditSystem(tx, {
      action: "RESTORE",
      entityType: "database_backup",
      metadata: { backupCreatedAt: header.createdAt, appVersion: header.appVersion, files: result.files },
    });
    return { ...result, createdAt: header.createdAt };
  });
}

const conflict = (
  code: "backup.otherServerKey" | "backup.newerSchema" | "backup.olderSchema" | "backup.notEmpty",
  params?: { version: string },
) => new Conflict(code, params);

type Line =
  | { table: string; columns: string[] }
  | { protected: string }
  | { file: number; part: string }
  | { sequences: q.SequenceState[] }
  | { end: true; rows: Record<string, number>; files: number };

async function replay(
  tx: Queryable,
  lines: AsyncGenerator<string>,
  tables: q.BackupTable[],
  backupKey: Uint8Array,
): Promise<Omit<RestoreResult, "createdAt">> {
  let current: { name: string; columns: string[] } | undefined;
  const files = new Set<number>();
  while (true) {
    const next = await lines.next().catch(rethrowDamage);
    if (next.done) throw new ArchiveError("backup.damaged");
    const text = next.value;
    if (text.startsWith("[")) {
      if (!current) throw new ArchiveError("backup.damaged");
      await q.insertRows(tx, current.name, current.columns, text);
      continue;
    }
    let line: Line;
    try {
      line = JSON.parse(text);
    } catch {
      throw new ArchiveError("backup.damaged");
    }
    if ("table" in line) {
      const known = tables.find((t) => t.name === line.table);
      if (!known || line.columns.some((c) => !known.columns.includes(c))) throw new ArchiveError("backup.damaged");
      current = { name: known.name, columns: line.columns };
    } else if ("protected" in line) {
      if (!current) throw new ArchiveError("backup.damaged");
      const rows = await decryptText(backupKey, line.protected, protectedContext(current.name));
      await q.insertRows(tx, current.name, current.columns, rows);
    } else if ("file" in line) {
      files.add(line.file);
      await q.appendFileBytes(tx, line.file, decodeBase64(line.part));
    } else if ("sequences" in line) {
      for (const s of line.sequences) await q.setSequence(tx, s);
    } else if ("end" in line) {
      // Nothing may follow the end, and the counts must be what was written.
      if (!(await lines.next().catch(rethrowDamage)).done) throw new ArchiveError("backup.damaged");
      for (const [table, n] of Object.entries(line.rows)) {
        if (await q.tableCount(tx, table) !== n) throw new ArchiveError("backup.damaged");
      }
      if (files.size !== line.files) throw new ArchiveError("backup.damaged");
      return { rows: line.rows, files: files.size };
    } else {
      throw new ArchiveError("backup.damaged");
    }
  }
}

/** For messages outside HTTP (the command line): the English text of an error the restore throws. */
export function restoreErrorText(e: unknown): string | undefined {
  if (e instanceof BadRequest || e instanceof Conflict) return errorText(e.code, e.params);
  return undefined;
}

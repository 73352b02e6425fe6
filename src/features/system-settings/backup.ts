/**
 * The admin backup as a stream (issue 14 item 5): one JSON document written as it is read, so memory
 * stays flat whatever the size of the database. Tables are read in keyset pages of PAGE rows (short
 * statements: on PGlite, one connection, other requests run between pages); stored files are read
 * one at a time (database or object storage) and written base64-encoded in slices.
 *
 * Shape (restorable by JSON.parse, the same keys as before plus `files`):
 * `{"createdAt","version","withheld":{"sealedQuotations"},"tables":{"<name>":[row, ...]},
 *   "files":[{"id","sizeBytes","sha256","data":"<base64>"}, ...]}`
 * The `files` table rows keep `data: null`; the bytes are in `files[]`, matched by id.
 */
import { Buffer } from "node:buffer";
import type { Queryable } from "../../db/types.ts";
import { maskLegacyAuditRows } from "../../audit/sealed-entries.ts";
import { fileBytes } from "../../files/storage.ts";
import type { ObjectStore } from "../../files/s3.ts";
import * as q from "./queries.ts";

const PAGE = 500;
const FILE_PAGE = 100;
/** Bytes per base64 slice written (a multiple of 3, so slices concatenate to one valid string). */
const SLICE = 3 * 64 * 1024;
/** Bytes per read of a file kept in the database (a multiple of 3, about 1 MB: 10 statements per 10 MB file). */
const DB_SLICE = 3 * 341 * 1024;

function jsonValue(v: unknown): unknown {
  return v instanceof Uint8Array ? Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString("base64") : v;
}

export interface BackupPlan {
  tables: q.BackupTable[];
  withheldSealedQuotations: number;
  files: { files: number; bytes: number };
  keep: Awaited<ReturnType<typeof q.sealedRowFilter>>["keep"];
}

/** What the backup will contain, read before the response starts (the audit entry names it). */
export async function planBackup(db: Queryable): Promise<BackupPlan> {
  const sealed = await q.sealedRowFilter(db);
  return {
    tables: await q.backupTableList(db),
    withheldSealedQuotations: sealed.withheldSealedQuotations,
    files: await q.backupFileCounts(db),
    keep: sealed.keep,
  };
}

async function* tableRows(db: Queryable, plan: BackupPlan, t: q.BackupTable): AsyncGenerator<string> {
  const keep = plan.keep[t.name];
  let after: unknown[] | null = null;
  let first = true;
  while (true) {
    let rows = await q.backupPage(db, t, after, PAGE);
    const full = rows.length === PAGE;
    if (!rows.length) return;
    const last = rows[rows.length - 1];
    after = t.key.length ? t.key.map((k) => last[k]) : [last.__ctid];
    if (keep) rows = rows.filter(keep);
    if (t.name === "audit_logs") rows = await maskLegacyAuditRows(db, rows);
    const parts: string[] = [];
    for (const row of rows) {
      const r: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(row)) if (k !== "__ctid") r[k] = jsonValue(v);
      if (t.name === "settings" && row.is_secret) r.value = "";
      parts.push(JSON.stringify(r));
    }
    if (parts.length) {
      yield (first ? "" : ",") + parts.join(",");
      first = false;
    }
    if (!full) return;
  }
}

async function* fileEntries(db: Queryable, store: ObjectStore | undefined): AsyncGenerator<string> {
  let afterId = 0;
  let first = true;
  while (true) {
    const page = await q.backupFilePage(db, afterId, FILE_PAGE);
    for (const f of page) {
      afterId = f.id;
      const head = JSON.stringify({ id: f.id, sizeBytes: f.sizeBytes, sha256: f.sha256 }).slice(0, -1);
      if (f.storage === "db") {
        // In the database: read and written DB_SLICE bytes at a time.
        yield `${first ? "" : ","}${head},"data":"`;
        for (let at = 0; at < f.sizeBytes; at += DB_SLICE) {
          const part = await q.fileSlice(db, f.id, at, DB_SLICE);
          if (!part.byteLength) break;
          yield Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString("base64");
        }
        yield `"}`;
        first = false;
        continue;
      }
      // Object storage: one file in memory at a time (at most MAX_FILE_BYTES), written in base64 slices.
      const bytes = await fileBytes(db, f.id, store);
      if (!bytes) {
        yield `${first ? "" : ","}${head},"data":null}`;
      } else {
        yield `${first ? "" : ","}${head},"data":"`;
        for (let at = 0; at < bytes.byteLength; at += SLICE) {
          const end = Math.min(at + SLICE, bytes.byteLength);
          yield Buffer.from(bytes.buffer, bytes.byteOffset + at, end - at).toString("base64");
        }
        yield `"}`;
      }
      first = false;
    }
    if (page.length < FILE_PAGE) return;
  }
}

/** The backup document, piece by piece. */
export async function* backupJson(
  db: Queryable,
  store: ObjectStore | undefined,
  plan: BackupPlan,
  version: string,
): AsyncGenerator<string> {
  const head = JSON.stringify({
    createdAt: new Date().toISOString(),
    version,
    // Sealed bids are not in a backup until they are unsealed; only their number is.
    withheld: { sealedQuotations: plan.withheldSealedQuotations },
  });
  yield head.slice(0, -1) + `,"tables":{`;
  for (const [i, t] of plan.tables.entries()) {
    yield `${i ? "," : ""}${JSON.stringify(t.name)}:[`;
    yield* tableRows(db, plan, t);
    yield "]";
  }
  yield `},"files":[`;
  yield* fileEntries(db, store);
  yield "]}\n";
}

/** A byte stream pulled by the client: the next piece is read only when the previous one was taken. */
export function toByteStream(
  pieces: AsyncGenerator<string>,
  onError: (e: unknown) => void,
): ReadableStream<Uint8Array> {
  const enc = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await pieces.next();
        if (done) controller.close();
        else controller.enqueue(enc.encode(value));
      } catch (e) {
        // Headers are sent: a cut-off body (invalid JSON) is how the client learns the backup failed.
        onError(e);
        controller.error(e);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

/**
 * The backup's text (docs/decisions/020): one JSON value per line, written as it is read, so memory
 * stays flat whatever the size of the database; archive.ts compresses and encrypts it.
 *
 *   {"format":"procurement-backup","formatVersion":2,"createdAt","appVersion","database","migrations","serverKeyCheck"}
 *   {"table":"<name>","columns":[...]}      then, for its rows, pages of
 *   [<row JSON>, ...]                       rows as PostgreSQL writes them (to_jsonb)
 *   {"protected":"<base64>"}                rows encrypted again with the server's backup key
 *   {"file":<id>,"part":"<base64>"}         a stored file's bytes, in slices, after the tables
 *   {"sequences":[{"name","value","called"}]}
 *   {"end":true,"rows":{"<table>":n},"files":n}
 *
 * Tables are read in keyset pages of PAGE rows (short statements: on PGlite, one connection, other
 * requests run between pages); on PostgreSQL the whole backup reads one repeatable-read snapshot.
 */
import { Buffer } from "node:buffer";
import type { Db, Queryable } from "../db/types.ts";
import { encodeHexLowerCase } from "@oslojs/encoding";
import { encryptText, hmacSha256 } from "../lib/crypto.ts";
import { fileBytes } from "../files/storage.ts";
import type { ObjectStore } from "../files/s3.ts";
import * as q from "./queries.ts";

const PAGE = 500;
const FILE_PAGE = 100;
/** Bytes per file slice (a multiple of 3, about 1 MB: 10 statements per 10 MB file). */
const SLICE = 3 * 341 * 1024;

export const FORMAT = "procurement-backup";
export const FORMAT_VERSION = 2;

export interface BackupHeader {
  format: string;
  formatVersion: number;
  createdAt: string;
  appVersion: string;
  database: "pglite" | "postgres";
  migrations: q.AppliedMigration[];
  /** Tells, without revealing it, whether a server holds the key the protected rows were encrypted with. */
  serverKeyCheck: string;
}

/** HMAC of a fixed text under the server's backup key, hex. */
export async function serverKeyCheck(backupKey: Uint8Array): Promise<string> {
  return encodeHexLowerCase(await hmacSha256(backupKey, "procurement backup key check")).slice(0, 32);
}

export const protectedContext = (table: string) => `backup:protected:${table}`;

export interface BackupSummary {
  tables: q.BackupTable[];
  files: { files: number; bytes: number };
}

/** What the backup will contain, read before the response starts (the audit entry names it). */
export async function summarise(db: Queryable): Promise<BackupSummary> {
  return { tables: await q.backupTables(db), files: await q.backupFileCounts(db) };
}

async function* lines(
  db: Queryable,
  opts: BackupOptions & { kind: "pglite" | "postgres" },
): AsyncGenerator<string> {
  const header: BackupHeader = {
    format: FORMAT,
    formatVersion: FORMAT_VERSION,
    createdAt: new Date().toISOString(),
    appVersion: opts.appVersion,
    database: opts.kind,
    migrations: await q.appliedMigrations(db),
    serverKeyCheck: await serverKeyCheck(opts.backupKey),
  };
  yield JSON.stringify(header) + "\n";
  const counts: Record<string, number> = {};
  for (const t of opts.tables) {
    yield JSON.stringify({ table: t.name, columns: t.columns }) + "\n";
    let after: unknown[] | null = null;
    let n = 0;
    while (true) {
      const rows = await q.backupPage(db, t, after, PAGE);
      if (!rows.length) break;
      after = rows[rows.length - 1].after;
      n += rows.length;
      const plain = rows.filter((r) => !r.protected).map((r) => r.json);
      const hidden = rows.filter((r) => r.protected).map((r) => r.json);
      if (plain.length) yield `[${plain.join(",")}]\n`;
      if (hidden.length) {
        const sealed = await encryptText(opts.backupKey, `[${hidden.join(",")}]`, protectedContext(t.name));
        yield JSON.stringify({ protected: sealed }) + "\n";
      }
      if (rows.length < PAGE) break;
    }
    counts[t.name] = n;
  }
  let files = 0;
  for (let afterId = 0;;) {
    const page = await q.backupFilePage(db, afterId, FILE_PAGE);
    for (const f of page) {
      afterId = f.id;
      files++;
      const part = (bytes: Uint8Array) =>
        JSON.stringify({
          file: f.id,
          part: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("base64"),
        }) + "\n";
      if (f.storage === "db") {
        yield part(await q.fileSlice(db, f.id, 0, SLICE));
        for (let at = SLICE; at < f.sizeBytes; at += SLICE) yield part(await q.fileSlice(db, f.id, at, SLICE));
        continue;
      }
      // Object storage: one file in memory at a time (at most MAX_FILE_BYTES), written in slices.
      const bytes = await fileBytes(db, f.id, opts.store);
      if (!bytes) throw new Error(`stored file ${f.id} could not be read from object storage`);
      for (let at = 0; at === 0 || at < bytes.byteLength; at += SLICE) yield part(bytes.subarray(at, at + SLICE));
    }
    if (page.length < FILE_PAGE) break;
  }
  yield JSON.stringify({ sequences: await q.sequenceStates(db) }) + "\n";
  yield JSON.stringify({ end: true, rows: counts, files }) + "\n";
}

/**
 * The backup's lines. On PostgreSQL they are read in one read-only repeatable-read transaction, so
 * the backup is one consistent moment however long it streams; the transaction ends with the stream
 * (or when the client goes away).
 */
export interface BackupOptions {
  store?: ObjectStore;
  backupKey: Uint8Array;
  appVersion: string;
  /** The tables to write (summarise's: the schema does not change while the backup streams). */
  tables: q.BackupTable[];
}

export function backupLines(db: Db, opts: BackupOptions): AsyncGenerator<string> {
  if (db.kind !== "postgres") return lines(db, { ...opts, kind: db.kind });
  return inSnapshot(db, (tx) => lines(tx, { ...opts, kind: "postgres" }));
}

/** Runs a generator inside a transaction, handing each value over only when the consumer asks for it. */
async function* inSnapshot(db: Db, produce: (tx: Queryable) => AsyncGenerator<string>): AsyncGenerator<string> {
  type Slot = { value: string } | { done: true } | { error: unknown };
  let deliver: ((s: Slot) => void) | undefined;
  let resume: ((go: boolean) => void) | undefined;
  const next = () => new Promise<Slot>((r) => deliver = r);
  let slot = next();
  const finished = db.tx(async (tx) => {
    await tx.query("set transaction isolation level repeatable read, read only");
    for await (const value of produce(tx)) {
      const go = new Promise<boolean>((r) => resume = r);
      deliver!({ value });
      if (!(await go)) throw new Stopped();
    }
  }).then(
    () => deliver!({ done: true }),
    (error) => {
      if (!(error instanceof Stopped)) deliver!({ error });
    },
  );
  try {
    while (true) {
      const s = await slot;
      if ("done" in s) return;
      if ("error" in s) throw s.error;
      slot = next();
      yield s.value;
      resume!(true);
    }
  } finally {
    resume?.(false);
    await finished;
  }
}

class Stopped extends Error {}

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
        // Headers are sent: a cut-off archive (it has no last chunk) is how the client learns it failed.
        onError(e);
        controller.error(e);
      }
    },
    async cancel() {
      await pieces.return(undefined);
    },
  });
}

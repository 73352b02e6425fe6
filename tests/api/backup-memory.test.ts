/**
 * The admin backup streams with flat memory (issue 14 item 5): 50 stored files of 10 MB (500 MB)
 * and the tables are read through app.request() to the end; the document is checked complete (every
 * file, its bytes decoded from base64 and hashed as they arrive, equal to the stored sha256 and
 * size; the rest of the document parsed as JSON) and the process's peak RSS, sampled at every chunk
 * while the body is read, grows by less than 100 MB. Runs on PGlite and PostgreSQL. The backup is
 * made and read in a process of its own (tests/helpers/measure-child.ts), so the figure is the
 * backup's and not what earlier test modules left in the test process.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import v8 from "node:v8";
import vm from "node:vm";
import { testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";
import { storeFile } from "../../src/files/storage.ts";
import { isMeasureChild, measureInChild } from "../helpers/measure-child.ts";

const FILES = 50;
const FILE_BYTES = 10 * 1024 * 1024;
const LIMIT_MB = 100;
const GC_EVERY = 10;
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;

/** A 10 MB "PDF" (by its magic bytes) of random content, made and stored one at a time. */
function randomPdf(): Uint8Array {
  const bytes = new Uint8Array(FILE_BYTES);
  for (let at = 0; at < bytes.length; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"), 0);
  return bytes;
}

const FILE_HEAD = /\{"id":(\d+),"sizeBytes":(\d+),"sha256":"([0-9a-f]{64})","data":"$/;

/**
 * Reads the backup to its end without keeping it: outside a file's data the text is kept (the
 * skeleton, parsed at the end); inside, base64 is decoded in groups of four characters and hashed.
 */
async function drain(res: Response) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  gc();
  const start = Deno.memoryUsage().rss;
  let peak = start, chunks = 0, bytes = 0;
  let skeleton = "";
  let file: { id: number; size: number; sha: string; got: number; hash: ReturnType<typeof createHash> } | null = null;
  let carry = "";
  const files: { id: number; ok: boolean; bytes: number }[] = [];
  const feed = (text: string) => {
    while (text.length) {
      if (!file) {
        const quote = text.indexOf('"');
        if (quote < 0) {
          skeleton += text;
          return;
        }
        skeleton += text.slice(0, quote + 1);
        text = text.slice(quote + 1);
        const m = FILE_HEAD.exec(skeleton.slice(-120));
        if (m) file = { id: Number(m[1]), size: Number(m[2]), sha: m[3], got: 0, hash: createHash("sha256") };
        continue;
      }
      const end = text.indexOf('"');
      const data = carry + (end < 0 ? text : text.slice(0, end));
      const whole = end < 0 ? data.length - (data.length % 4) : data.length;
      const decoded = Buffer.from(data.slice(0, whole), "base64");
      file.hash.update(decoded);
      file.got += decoded.length;
      carry = data.slice(whole);
      if (end < 0) return;
      files.push({ id: file.id, ok: file.hash.digest("hex") === file.sha && file.got === file.size, bytes: file.got });
      file = null;
      carry = "";
      skeleton += '"';
      text = text.slice(end + 1);
    }
  };
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    feed(decoder.decode(value, { stream: true }));
    if (++chunks % GC_EVERY === 0) gc();
    peak = Math.max(peak, Deno.memoryUsage().rss);
  }
  feed(decoder.decode());
  return { files, bytes, chunks, growthMb: (peak - start) / 2 ** 20, doc: JSON.parse(skeleton) };
}

interface Measured {
  status: number;
  contentType: string;
  files: { id: number; ok: boolean; bytes: number }[];
  bytes: number;
  chunks: number;
  growthMb: number;
  tableFiles: number;
  tableFilesWithoutData: boolean;
  adminInUsers: boolean;
}

/** In the child: store the files, take the backup, read it to the end. */
async function measure(): Promise<Measured> {
  const t = await testApp();
  try {
    const admin = await as(t, "admin");
    for (let i = 0; i < FILES; i++) {
      await storeFile(t.db, {
        ownerUserId: admin.user.id,
        filename: `scan-${i}.pdf`,
        bytes: randomPdf(),
        purpose: "other",
        allowed: ["pdf"],
      });
    }
    const res = await admin.request("/api/admin/backup-database", { method: "POST" });
    const contentType = res.headers.get("content-type") ?? "";
    if (res.status !== 200) {
      return {
        status: res.status,
        contentType,
        files: [],
        bytes: 0,
        chunks: 0,
        growthMb: 0,
        tableFiles: 0,
        tableFilesWithoutData: false,
        adminInUsers: false,
      };
    }
    const r = await drain(res);
    return {
      status: res.status,
      contentType,
      files: r.files,
      bytes: r.bytes,
      chunks: r.chunks,
      growthMb: r.growthMb,
      tableFiles: r.doc.tables.files.length,
      tableFilesWithoutData: r.doc.tables.files.every((f: { data: unknown }) => f.data === null),
      adminInUsers: r.doc.tables.users.some((u: { id: number }) => u.id === admin.user.id),
    };
  } finally {
    await t.close();
  }
}

if (isMeasureChild && import.meta.main) console.log(JSON.stringify(await measure()));

Deno.test(`[system-settings/${testBackend()}] POST /api/admin/backup-database streams 500 MB of files with flat memory`, async () => {
  const r = await measureInChild<Measured>(import.meta.url);
  assert.equal(r.status, 200);
  assert.match(r.contentType, /^application\/json/);
  console.log(
    `backup: ${r.files.length} files, ${(r.files.reduce((s, f) => s + f.bytes, 0) / 2 ** 20).toFixed(0)} MB decoded, ` +
      `${(r.bytes / 2 ** 20).toFixed(0)} MB streamed in ${r.chunks} chunks; peak RSS growth ${
        r.growthMb.toFixed(1)
      } MB`,
  );
  assert.equal(r.files.length, FILES, "every stored file is in the backup");
  assert.deepEqual(r.files.filter((f) => !f.ok).map((f) => f.id), [], "every file's bytes match its sha256 and size");
  assert.equal(r.files.reduce((s, f) => s + f.bytes, 0), FILES * FILE_BYTES);
  assert.equal(r.tableFiles, FILES, "the files table rows");
  assert.ok(r.tableFilesWithoutData, "bytes only once, in files[]");
  assert.ok(r.adminInUsers, "the tables are there");
  assert.ok(r.growthMb < LIMIT_MB, `peak RSS growth ${r.growthMb.toFixed(1)} MB, limit ${LIMIT_MB} MB`);
});

/**
 * The admin backup streams with flat memory: `--files` stored files of `--file-mb`
 * MB (50 × 10 MB: 500 MB) and the tables are read through app.request() to the end, decrypted as
 * they arrive; the backup is checked complete (every file, its slices decoded from base64 and
 * hashed, equal to the stored sha256 and size; the files and users rows parsed) and the process's memory is
 * sampled at every chunk while the body is read (tests/helpers/measure-child.ts's memoryProbe). On
 * PGlite and PostgreSQL.
 *
 * Each backup is made and read in a process of its own (this module again, as a
 * tests/helpers/measure-child.ts child), so the figures are the backup's alone.
 * tests/api/backup-memory.test.ts runs the same children at two small sizes and asserts that memory
 * does not grow with the files.
 *
 * Run: node_modules/.bin/deno run -A bench/backup-memory.ts [--files 50] [--file-mb 10]
 *   [--backends pglite,postgres] [--runs 1] [--database-url postgres://.../postgres]
 *   --database-url   a server the tests could use (databases are created from a migrated template and dropped)
 */
import { Buffer } from "node:buffer";
import { createHash } from "node:crypto";
import { testApp } from "../tests/helpers/app.ts";
import { testBackend } from "../tests/helpers/db.ts";
import { as } from "../tests/helpers/users.ts";
import { storeFile } from "../src/files/storage.ts";
import { decryptArchive } from "../src/backup/archive.ts";
import { TEST_BACKUP_PASSPHRASE } from "../tests/helpers/backup.ts";
import {
  isMeasureChild,
  measureInChild,
  type MemoryGrowth,
  memoryProbe,
  startMemoryBenchmark,
} from "../tests/helpers/measure-child.ts";

export interface BackupMeasured {
  backend: "pglite" | "postgres";
  filesStored: number;
  fileBytes: number;
  status: number;
  contentType: string;
  /** The files of the document's files[], each checked against its sha256 and size. */
  files: { id: number; ok: boolean; bytes: number }[];
  /** Bytes of the whole document. */
  bytes: number;
  growth: MemoryGrowth;
  tableFiles: number;
  tableFilesWithoutData: boolean;
  adminInUsers: boolean;
  storeSeconds: number;
  backupSeconds: number;
}

/** A "PDF" (by its magic bytes) of random content, made and stored one at a time. */
function randomPdf(size: number): Uint8Array {
  const bytes = new Uint8Array(size);
  for (let at = 0; at < bytes.length; at += 65536) crypto.getRandomValues(bytes.subarray(at, at + 65536));
  bytes.set(new TextEncoder().encode("%PDF-1.4\n"), 0);
  return bytes;
}

/**
 * Reads the backup to its end without keeping it: the archive is decrypted as it arrives, each
 * file's slices decoded and hashed; of the tables only the files and users rows are kept.
 */
async function drain(res: Response, probe: ReturnType<typeof memoryProbe>) {
  let bytes = 0;
  const counted = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      bytes += chunk.length;
      probe.chunk(chunk.length);
      controller.enqueue(chunk);
    },
  });
  const plain = decryptArchive(res.body!.pipeThrough(counted), TEST_BACKUP_PASSPHRASE);
  const text = plain.pipeThrough(new TextDecoderStream() as unknown as TransformStream<Uint8Array, string>);
  type Row = Record<string, unknown>;
  const kept: Record<string, Row[]> = { files: [], users: [] };
  const hashes = new Map<number, { hash: ReturnType<typeof createHash>; got: number }>();
  let table = "";
  const handle = (line: string) => {
    if (line.startsWith("[")) {
      if (table in kept) kept[table].push(...JSON.parse(line));
      return;
    }
    const v = JSON.parse(line);
    if (typeof v.table === "string") table = v.table;
    else if (typeof v.file === "number") {
      let h = hashes.get(v.file);
      if (!h) hashes.set(v.file, h = { hash: createHash("sha256"), got: 0 });
      const part = Buffer.from(v.part, "base64");
      h.hash.update(part);
      h.got += part.length;
    }
  };
  let rest = "";
  for await (const piece of text) {
    rest += piece;
    let nl: number;
    while ((nl = rest.indexOf("\n")) >= 0) {
      handle(rest.slice(0, nl));
      rest = rest.slice(nl + 1);
    }
  }
  const files = kept.files.map((f) => {
    const h = hashes.get(Number(f.id));
    const got = h?.got ?? 0;
    return { id: Number(f.id), ok: !!h && h.hash.digest("hex") === f.sha256 && got === f.size_bytes, bytes: got };
  });
  return { files, bytes, growth: probe.growth(), kept };
}

/** In the child: store the files, take the backup, read it to the end. */
export async function measureBackup(filesStored: number, fileBytes: number, gcEvery = 10): Promise<BackupMeasured> {
  const t = await testApp();
  try {
    const admin = await as(t, "admin");
    const stored = performance.now();
    for (let i = 0; i < filesStored; i++) {
      await storeFile(t.db, {
        ownerUserId: admin.user.id,
        filename: `scan-${i}.pdf`,
        bytes: randomPdf(fileBytes),
        purpose: "other",
        allowed: ["pdf"],
      });
    }
    const storeSeconds = (performance.now() - stored) / 1000;
    const started = performance.now();
    // From before the request: a handler may produce much of its body before the first chunk is read.
    const probe = memoryProbe(gcEvery);
    const res = await admin.request("/api/admin/backup-database", {
      method: "POST",
      json: { passphrase: TEST_BACKUP_PASSPHRASE },
    });
    const base = {
      backend: testBackend(),
      filesStored,
      fileBytes,
      status: res.status,
      contentType: res.headers.get("content-type") ?? "",
      storeSeconds,
    };
    if (res.status !== 200) {
      await res.body?.cancel();
      return {
        ...base,
        files: [],
        bytes: 0,
        growth: { chunks: 0, rssMb: 0, liveMb: 0 },
        tableFiles: 0,
        tableFilesWithoutData: false,
        adminInUsers: false,
        backupSeconds: 0,
      };
    }
    const r = await drain(res, probe);
    return {
      ...base,
      files: r.files,
      bytes: r.bytes,
      growth: r.growth,
      tableFiles: r.kept.files.length,
      // A stored file's row carries empty bytes; its contents follow the tables in slices.
      tableFilesWithoutData: r.kept.files.every((f) => f.data === "\\x"),
      adminInUsers: r.kept.users.some((u) => u.id === admin.user.id),
      backupSeconds: (performance.now() - started) / 1000,
    };
  } finally {
    await t.close();
  }
}

/**
 * Runs measureBackup in a process of its own. The backend is the environment's, as in the tests:
 * PostgreSQL with TEST_DATABASE_URL, else PGlite (`env: { TEST_DATABASE_URL: "" }` forces it).
 */
export function measureBackupInChild(
  files: number,
  fileBytes: number,
  opts: { gcEvery?: number; env?: Record<string, string> } = {},
) {
  return measureInChild<BackupMeasured>(import.meta.url, {
    ...opts.env,
    MEASURE_FILES: String(files),
    MEASURE_FILE_BYTES: String(fileBytes),
    MEASURE_GC_EVERY: String(opts.gcEvery ?? 10),
  });
}

/** What is wrong with a backup's contents (empty when it is complete). */
export function backupProblems(r: BackupMeasured): string[] {
  const problems: string[] = [];
  if (r.status !== 200) problems.push(`status ${r.status}`);
  if (r.contentType !== "application/octet-stream") problems.push(`content type ${r.contentType}`);
  if (r.files.length !== r.filesStored) problems.push(`${r.files.length} of ${r.filesStored} files`);
  const bad = r.files.filter((f) => !f.ok).map((f) => f.id);
  if (bad.length) problems.push(`files ${bad.join(", ")} differ from their sha256 or size`);
  const decoded = r.files.reduce((s, f) => s + f.bytes, 0);
  if (decoded !== r.filesStored * r.fileBytes) problems.push(`${decoded} bytes decoded`);
  if (r.tableFiles !== r.filesStored) problems.push(`${r.tableFiles} rows in the files table`);
  if (!r.tableFilesWithoutData) problems.push("the files table rows carry the bytes too");
  if (!r.adminInUsers) problems.push("the users table lacks the admin");
  return problems;
}

if (isMeasureChild && import.meta.main) {
  const env = (name: string) => Number(Deno.env.get(name));
  console.log(
    JSON.stringify(await measureBackup(env("MEASURE_FILES"), env("MEASURE_FILE_BYTES"), env("MEASURE_GC_EVERY"))),
  );
  // The process-wide PGlite template of tests/helpers/db.ts stays open and would keep the child alive.
  Deno.exit(0);
} else if (import.meta.main) {
  const arg = (name: string) => {
    const i = Deno.args.indexOf(`--${name}`);
    return i >= 0 ? Deno.args[i + 1] : undefined;
  };
  const files = Number(arg("files") ?? 50);
  const fileBytes = Math.round(Number(arg("file-mb") ?? 10) * 2 ** 20);
  const runs = Number(arg("runs") ?? 1);
  const gcEvery = Number(arg("gc-every") ?? 10);
  const backends = arg("backends")?.split(",") ?? ["pglite", "postgres"];
  const cluster = await startMemoryBenchmark("Backup memory benchmark", {
    given: arg("database-url"),
    needed: backends.includes("postgres"),
  });
  const { load } = cluster;
  const mb = (n: number) => n.toFixed(1);
  try {
    console.log(
      "| backend | files | complete | streamed MB | chunks | peak RSS growth MB | live heap growth MB | store s | backup s | load before / after |",
    );
    console.log("| --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const backend of backends) {
      for (let run = 0; run < runs; run++) {
        const before = load();
        const r = await measureBackupInChild(files, fileBytes, {
          gcEvery,
          env: { TEST_DATABASE_URL: backend === "postgres" ? cluster.url : "" },
        });
        const problems = backupProblems(r);
        console.log(
          `| ${r.backend} | ${files} × ${mb(fileBytes / 2 ** 20)} MB | ${
            problems.length ? `**no**: ${problems.join("; ")}` : "yes"
          } | ` +
            `${mb(r.bytes / 2 ** 20)} | ${r.growth.chunks} | ${mb(r.growth.rssMb)} | ${mb(r.growth.liveMb)} | ` +
            `${r.storeSeconds.toFixed(1)} | ${r.backupSeconds.toFixed(1)} | ${before} / ${load()} |`,
        );
      }
    }
  } finally {
    await cluster.stop();
  }
}

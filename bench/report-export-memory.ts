/**
 * Exports stream with flat memory (design.md section 6): a report
 * CSV (savings, one row per award) and the audit log CSV of `--rows` rows each (1,000,000), read to
 * the end through app.request(); the lines are counted (and the savings total read from the last
 * line) and the process's memory is sampled while the body is read (tests/helpers/measure-child.ts's
 * memoryProbe). PostgreSQL: the rows are made with generate_series, and the export reads them
 * through a cursor.
 *
 * Each export is seeded, made and read in a process of its own (this module again, as a
 * tests/helpers/measure-child.ts child), so the figures are the export's alone.
 * tests/api/report-export-memory.test.ts runs the same children at two small sizes and asserts that
 * memory does not grow with the rows.
 *
 * Run: node_modules/.bin/deno run -A bench/report-export-memory.ts [--rows 1000000] [--only savings|audit]
 *   [--runs 1] [--database-url postgres://.../postgres]
 *   --database-url   a server the tests could use (databases are created from a migrated template and dropped)
 */
import { testApp } from "../tests/helpers/app.ts";
import { as, createUser } from "../tests/helpers/users.ts";
import {
  isMeasureChild,
  measureInChild,
  type MemoryGrowth,
  memoryProbe,
  startMemoryBenchmark,
} from "../tests/helpers/measure-child.ts";

export type ExportKind = "savings" | "audit";

export interface ExportMeasured {
  kind: ExportKind;
  rows: number;
  status: number;
  contentType: string;
  /** Audit entries in the table when the export began (the seeded rows and the sign-in's). */
  entries: number;
  lines: number;
  bytes: number;
  last: string;
  growth: MemoryGrowth;
  seedSeconds: number;
  exportSeconds: number;
}

/** Rows per seeding statement: each must finish within the test pool's statement timeout. */
const CHUNK = 10_000;

/** What a complete export of `rows` rows reads (lines counted by LF; the savings file's last line). */
export function expectedExport(kind: ExportKind, rows: number, entries: number): { lines: number; last?: string } {
  // savings: three heading lines, the column names, one line per award, the total
  // audit: the column names, then every entry (the seeded ones and the sign-in's); the export's own
  // entry is written before the rows are read, so it is in the file too
  return kind === "savings"
    ? { lines: 3 + 1 + rows + 1, last: `total,,,,,,${1000 * rows}.00,${900 * rows}.00,${100 * rows}.00,10` }
    : { lines: 1 + entries + 1 };
}

/** Reads a body to its end without keeping it: lines (LF) counted, memory sampled at every chunk, the last line kept. */
async function drain(res: Response, probe: ReturnType<typeof memoryProbe>) {
  const reader = res.body!.getReader();
  let lines = 0, bytes = 0;
  let tail = new Uint8Array(0);
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    tail = value.length >= 512 ? value.slice(-512) : new Uint8Array([...tail, ...value].slice(-512));
    probe.chunk(value.length);
  }
  const lastLines = new TextDecoder().decode(tail).trimEnd().split("\r\n");
  return { lines, bytes, last: lastLines[lastLines.length - 1], growth: probe.growth() };
}

/** One bid request, quotation, purchase order and award per row, with generate_series. */
async function seedAwards(t: Awaited<ReturnType<typeof testApp>>, rows: number, financeId: number) {
  const vendor = await createUser(t.db, "vendor");
  // Replica mode skips triggers (the FK checks and the report rollups, which this export does not read).
  for (let from = 1; from <= rows; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, rows);
    await t.db.tx(async (tx) => {
      await tx.query("set local session_replication_role = replica");
      await tx.query(
        `insert into bid_requests (id, bid_number, title, description, department, deadline, bidding_deadline,
              status, estimated_budget, qualification_criteria, created_by, created_at)
           select 1000000 + i, 'BR-2026-' || (1000000 + i), 'Load ' || i, 'Load test', 'Ops', now() + interval '30 days',
                  now() - interval '1 day', 'awarded', 1000, 'None', $3::int, now() - interval '2 days'
             from generate_series($1::int, $2::int) i`,
        [from, to, financeId],
      );
      await tx.query(
        `insert into quotations (id, vendor_id, bid_request_id, status, total_amount, valid_until, submitted_at)
           select 1000000 + i, $3::int, 1000000 + i, 'approved', 900, now() + interval '30 days', now() - interval '1 day'
             from generate_series($1::int, $2::int) i`,
        [from, to, vendor.id],
      );
      await tx.query(
        `insert into purchase_orders (id, po_number, quotation_id, vendor_id, bid_request_id, total_amount,
              created_by, created_at)
           select 1000000 + i, 'PO-2026-' || (1000000 + i), 1000000 + i, $4::int, 1000000 + i, 900, $3::int,
                  now() - interval '1 hour'
             from generate_series($1::int, $2::int) i`,
        [from, to, financeId, vendor.id],
      );
      await tx.query(
        `insert into awards (bid_request_id, purchase_order_id, quotation_id, awarded_by, created_at)
           select 1000000 + i, 1000000 + i, 1000000 + i, $3::int, now() - interval '1 hour'
             from generate_series($1::int, $2::int) i`,
        [from, to, financeId],
      );
    });
  }
  for (const table of ["bid_requests", "quotations", "purchase_orders", "awards"]) await t.db.exec(`analyze ${table}`);
}

async function seedAuditLogs(t: Awaited<ReturnType<typeof testApp>>, rows: number, adminId: number) {
  // Replica mode skips the hash-chain trigger: the export does not verify the chain.
  for (let from = 1; from <= rows; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, rows);
    await t.db.tx(async (tx) => {
      await tx.query("set local session_replication_role = replica");
      await tx.query(
        `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, ip, user_agent, created_at)
           select $3::int, 'UPDATE', 'purchase_request', i::text,
                  jsonb_build_object('n', i, 'note', 'a, "quoted" note'), '127.0.0.1', 'load-test',
                  now() - interval '1 minute'
             from generate_series($1::int, $2::int) i`,
        [from, to, adminId],
      );
    });
  }
  await t.db.exec("analyze audit_logs");
}

/** In the child: seed `rows` rows, export them, read the CSV to the end. */
export async function measureExport(kind: ExportKind, rows: number, gcEvery = 10): Promise<ExportMeasured> {
  const t = await testApp();
  try {
    const user = await as(t, kind === "savings" ? "cost_finance_controller" : "admin");
    const seeded = performance.now();
    if (kind === "savings") await seedAwards(t, rows, user.user.id);
    else await seedAuditLogs(t, rows, user.user.id);
    const seedSeconds = (performance.now() - seeded) / 1000;
    const [{ n: entries }] = await t.db.query<{ n: number }>("select count(*)::int as n from audit_logs");
    const started = performance.now();
    // From before the request: a handler may produce much of its body before the first chunk is read.
    const probe = memoryProbe(gcEvery);
    const res = await user.request(
      kind === "savings" ? "/api/reports/savings/export" : "/api/admin/audit-logs/export?range=all",
    );
    const contentType = res.headers.get("content-type") ?? "";
    const base = { kind, rows, status: res.status, contentType, entries, seedSeconds };
    if (res.status !== 200) {
      const none = { chunks: 0, rssMb: 0, liveMb: 0 };
      return { ...base, lines: 0, bytes: 0, last: (await res.text()).slice(0, 300), growth: none, exportSeconds: 0 };
    }
    const r = await drain(res, probe);
    return { ...base, ...r, exportSeconds: (performance.now() - started) / 1000 };
  } finally {
    await t.close();
  }
}

/** Runs measureExport in a process of its own (TEST_DATABASE_URL picks the server, as in the tests). */
export function measureExportInChild(
  kind: ExportKind,
  rows: number,
  opts: { gcEvery?: number; env?: Record<string, string> } = {},
) {
  return measureInChild<ExportMeasured>(import.meta.url, {
    ...opts.env,
    MEASURE_CASE: kind,
    MEASURE_ROWS: String(rows),
    MEASURE_GC_EVERY: String(opts.gcEvery ?? 10),
  });
}

if (isMeasureChild && import.meta.main) {
  const kind = Deno.env.get("MEASURE_CASE") as ExportKind;
  const [rows, gcEvery] = [Number(Deno.env.get("MEASURE_ROWS")), Number(Deno.env.get("MEASURE_GC_EVERY"))];
  console.log(JSON.stringify(await measureExport(kind, rows, gcEvery)));
  // The process-wide PGlite template of tests/helpers/db.ts stays open and would keep the child alive.
  Deno.exit(0);
} else if (import.meta.main) {
  const arg = (name: string) => {
    const i = Deno.args.indexOf(`--${name}`);
    return i >= 0 ? Deno.args[i + 1] : undefined;
  };
  const rows = Number(arg("rows") ?? 1_000_000);
  const runs = Number(arg("runs") ?? 1);
  const gcEvery = Number(arg("gc-every") ?? 10);
  const kinds = (arg("only")?.split(",") ?? ["savings", "audit"]) as ExportKind[];
  const cluster = await startMemoryBenchmark("Export memory benchmark", { given: arg("database-url"), needed: true });
  const { load } = cluster;
  const mb = (n: number) => n.toFixed(1);
  try {
    console.log(
      "| export | rows | lines | complete | file MB | chunks | peak RSS growth MB | live heap growth MB | seed s | export s | load before / after |",
    );
    console.log("| --- | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |");
    for (const kind of kinds) {
      for (let run = 0; run < runs; run++) {
        const before = load();
        const r = await measureExportInChild(kind, rows, { gcEvery, env: { TEST_DATABASE_URL: cluster.url } });
        const want = expectedExport(kind, rows, r.entries);
        const complete = r.status === 200 && r.lines === want.lines &&
          (want.last === undefined || r.last === want.last);
        console.log(
          `| ${kind} | ${rows} | ${r.lines} | ${
            complete ? "yes" : `**no** (status ${r.status}, want ${want.lines} lines)`
          } | ` +
            `${mb(r.bytes / 2 ** 20)} | ${r.growth.chunks} | ${mb(r.growth.rssMb)} | ${mb(r.growth.liveMb)} | ` +
            `${r.seedSeconds.toFixed(1)} | ${r.exportSeconds.toFixed(1)} | ${before} / ${load()} |`,
        );
      }
    }
  } finally {
    await cluster.stop();
  }
}

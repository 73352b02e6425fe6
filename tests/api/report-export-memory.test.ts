/**
 * Exports stream with flat memory (design.md section 6, issue 12 item 7, issue 14 item 5): a report
 * CSV (savings, one row per award) and the audit log CSV of 1,000,000 rows each, read to the end
 * through app.request(); the exact number of lines is checked and the process's peak RSS, sampled
 * while the body is read, grows by less than 100 MB. PostgreSQL only (`--only=postgres`): the rows
 * are made with generate_series, and the export reads them through a cursor. Each export is made,
 * read and checked in a process of its own (tests/helpers/measure-child.ts), so the RSS figure is
 * the export's and not what earlier test modules left in the test process.
 */
import assert from "node:assert/strict";
import v8 from "node:v8";
import vm from "node:vm";
import { testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createUser } from "../helpers/users.ts";
import { isMeasureChild, measureInChild } from "../helpers/measure-child.ts";

const ROWS = 1_000_000;
const LIMIT_MB = 100;
const CHUNK = 10_000;
const GC_EVERY = 10;
v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc") as () => void;
const onPostgres = testBackend() === "postgres";

/**
 * Reads a body to its end: lines (LF) counted, RSS sampled at every chunk, the last line kept.
 * V8 collects garbage lazily (in this test process it let 300 MB of dead strings pile up before a
 * full collection), so a full collection runs every GC_EVERY chunks: the samples then show what the
 * export holds (a leak, or the file buffered, would still grow them), not how far V8 let garbage go.
 */
async function drain(res: Response) {
  const reader = res.body!.getReader();
  gc();
  const start = Deno.memoryUsage().rss;
  let peak = start;
  let lines = 0;
  let bytes = 0;
  let chunks = 0;
  let tail = new Uint8Array(0);
  while (true) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    tail = value.length >= 512 ? value.slice(-512) : new Uint8Array([...tail, ...value].slice(-512));
    if (++chunks % GC_EVERY === 0) gc();
    peak = Math.max(peak, Deno.memoryUsage().rss);
  }
  const lastLines = new TextDecoder().decode(tail).trimEnd().split("\r\n");
  return { lines, bytes, chunks, growthMb: (peak - start) / 2 ** 20, last: lastLines[lastLines.length - 1] };
}

const report = (what: string, r: Awaited<ReturnType<typeof drain>>) =>
  console.log(
    `${what}: ${r.lines} lines, ${(r.bytes / 2 ** 20).toFixed(0)} MB in ${r.chunks} chunks; ` +
      `peak RSS growth ${r.growthMb.toFixed(1)} MB`,
  );

/** In the child: a million awards, the savings CSV read to the end and checked. */
async function savingsExport() {
  const t = await testApp();
  try {
    const finance = await as(t, "cost_finance_controller");
    const vendor = await createUser(t.db, "vendor");
    // One bid request, quotation, purchase order and award per row. Replica mode skips triggers (the
    // FK checks and the report rollups, which this export does not read).
    // In chunks: each statement must finish within the test pool's statement timeout.
    for (let from = 1; from <= ROWS; from += CHUNK) {
      await t.db.tx(async (tx) => {
        await tx.query("set local session_replication_role = replica");
        await tx.query(
          `insert into bid_requests (id, bid_number, title, description, department, deadline, bidding_deadline,
                status, estimated_budget, qualification_criteria, created_by, created_at)
             select 1000000 + i, 'BR-2026-' || (1000000 + i), 'Load ' || i, 'Load test', 'Ops', now() + interval '30 days',
                    now() - interval '1 day', 'awarded', 1000, 'None', $2::int, now() - interval '2 days'
               from generate_series($1::int, $1::int + ${CHUNK} - 1) i`,
          [from, finance.user.id],
        );
        await tx.query(
          `insert into quotations (id, vendor_id, bid_request_id, status, total_amount, valid_until, submitted_at)
             select 1000000 + i, $2::int, 1000000 + i, 'approved', 900, now() + interval '30 days', now() - interval '1 day'
               from generate_series($1::int, $1::int + ${CHUNK} - 1) i`,
          [from, vendor.id],
        );
        await tx.query(
          `insert into purchase_orders (id, po_number, quotation_id, vendor_id, bid_request_id, total_amount,
                created_by, created_at)
             select 1000000 + i, 'PO-2026-' || (1000000 + i), 1000000 + i, $3::int, 1000000 + i, 900, $2::int,
                    now() - interval '1 hour'
               from generate_series($1::int, $1::int + ${CHUNK} - 1) i`,
          [from, finance.user.id, vendor.id],
        );
        await tx.query(
          `insert into awards (bid_request_id, purchase_order_id, quotation_id, awarded_by, created_at)
             select 1000000 + i, 1000000 + i, 1000000 + i, $2::int, now() - interval '1 hour'
               from generate_series($1::int, $1::int + ${CHUNK} - 1) i`,
          [from, finance.user.id],
        );
      });
    }
    for (const table of ["bid_requests", "quotations", "purchase_orders", "awards"]) {
      await t.db.exec(`analyze ${table}`);
    }

    const res = await finance.request("/api/reports/savings/export");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
    const r = await drain(res);
    // three heading lines, the column names, one line per award, the total
    assert.equal(r.lines, 3 + 1 + ROWS + 1);
    assert.equal(r.last, `total,,,,,,${1000 * ROWS}.00,${900 * ROWS}.00,${100 * ROWS}.00,10`);
    report("savings CSV", r);
    assert.ok(r.growthMb < LIMIT_MB, `peak RSS grew by ${r.growthMb.toFixed(1)} MB`);
  } finally {
    await t.close();
  }
}

/** In the child: a million audit entries, the audit log CSV read to the end and checked. */
async function auditExport() {
  const t = await testApp();
  try {
    const admin = await as(t, "admin");
    // Replica mode skips the hash-chain trigger: the export does not verify the chain.
    for (let from = 1; from <= ROWS; from += CHUNK) {
      await t.db.tx(async (tx) => {
        await tx.query("set local session_replication_role = replica");
        await tx.query(
          `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, ip, user_agent, created_at)
             select $2::int, 'UPDATE', 'purchase_request', i::text,
                    jsonb_build_object('n', i, 'note', 'a, "quoted" note'), '127.0.0.1', 'load-test',
                    now() - interval '1 minute'
               from generate_series($1::int, $1::int + ${CHUNK} - 1) i`,
          [from, admin.user.id],
        );
      });
    }
    await t.db.exec("analyze audit_logs");
    const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int as n from audit_logs");

    const res = await admin.request("/api/admin/audit-logs/export?range=all");
    assert.equal(res.status, 200);
    assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
    const r = await drain(res);
    // the column names, then every entry (the 1,000,000 and the sign-in's own); the export's own
    // entry is written before the rows are read, so it is in the file too
    assert.equal(r.lines, 1 + n + 1);
    assert.ok(n >= ROWS);
    report("audit CSV", r);
    assert.ok(r.growthMb < LIMIT_MB, `peak RSS grew by ${r.growthMb.toFixed(1)} MB`);
  } finally {
    await t.close();
  }
}

const CASES: Record<string, () => Promise<void>> = { savings: savingsExport, audit: auditExport };
if (isMeasureChild && import.meta.main) {
  await CASES[Deno.env.get("MEASURE_CASE") ?? ""]();
  console.log(JSON.stringify({ ok: true }));
}

Deno.test({
  name: "[reports/postgres] GET /api/reports/savings/export streams 1,000,000 rows with flat memory",
  ignore: !onPostgres,
  async fn() {
    assert.deepEqual(await measureInChild(import.meta.url, { MEASURE_CASE: "savings" }), { ok: true });
  },
});

Deno.test({
  name: "[audit/postgres] GET /api/admin/audit-logs/export streams 1,000,000 rows with flat memory",
  ignore: !onPostgres,
  async fn() {
    assert.deepEqual(await measureInChild(import.meta.url, { MEASURE_CASE: "audit" }), { ok: true });
  },
});

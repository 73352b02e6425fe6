/**
 * Exports stream with flat memory (design.md section 6), scaled
 * down: a report CSV (savings, one row per award) and the audit log CSV are each exported at ROWS
 * and at 4 × ROWS rows and read to the end through app.request(); each file is checked complete
 * (the exact number of lines, the savings total on the last line) and the larger export may hold
 * no more memory than the smaller: what JavaScript holds after a full collection (exact: streaming
 * exports measured the same to 0.1 MB at both sizes; an export written as one string held 13 to 19
 * MB more at 4 × ROWS), and peak RSS, a looser guard (±10 MB of noise; the one-string export grew
 * 68 to 77 MB more in some runs, less in others: the allocator reuses what the collector freed).
 *
 * The measuring is bench/report-export-memory.ts's (which runs it at 1,000,000 rows for
 * docs/benchmarks.md): each export is seeded, made and read in a process of its own
 * (tests/helpers/measure-child.ts), so the figures are the export's and not what earlier test
 * modules left in the test process. PostgreSQL only (`--only=postgres`): the rows are made with
 * generate_series, and the export reads them through a cursor.
 */
import assert from "node:assert/strict";
import { testBackend } from "../helpers/db.ts";
import { assertFlatGrowth } from "../helpers/measure-child.ts";
import {
  expectedExport,
  type ExportKind,
  type ExportMeasured,
  measureExportInChild,
} from "../../bench/report-export-memory.ts";

const ROWS = 15_000;
/** What JavaScript holds after a full collection (its peak), at 4 × ROWS less at ROWS. */
const LIVE_SLOPE_LIMIT_MB = 4;
/** Peak RSS, the same. */
const RSS_SLOPE_LIMIT_MB = 30;
/** Either export alone, as before at 1,000,000 rows. */
const LIMIT_MB = 100;
const onPostgres = testBackend() === "postgres";

function checkComplete(r: ExportMeasured) {
  assert.equal(r.status, 200, r.last);
  assert.match(r.contentType, /^text\/csv/);
  const want = expectedExport(r.kind, r.rows, r.entries);
  assert.equal(r.lines, want.lines, `${r.kind} at ${r.rows} rows: lines`);
  if (want.last !== undefined) assert.equal(r.last, want.last, `${r.kind} at ${r.rows} rows: the total`);
  if (r.kind === "audit") assert.ok(r.entries >= r.rows);
}

async function flatMemory(kind: ExportKind) {
  const small = await measureExportInChild(kind, ROWS);
  checkComplete(small);
  const large = await measureExportInChild(kind, 4 * ROWS);
  checkComplete(large);
  const mb = (n: number) => n.toFixed(1);
  console.log(
    `${kind} CSV: ${small.lines} / ${large.lines} lines, ${mb(small.bytes / 2 ** 20)} / ${
      mb(large.bytes / 2 ** 20)
    } MB; ` +
      `peak RSS growth ${mb(small.growth.rssMb)} / ${mb(large.growth.rssMb)} MB, ` +
      `live ${mb(small.growth.liveMb)} / ${mb(large.growth.liveMb)} MB; seeded in ${mb(small.seedSeconds)} / ` +
      `${mb(large.seedSeconds)} s, exported in ${mb(small.exportSeconds)} / ${mb(large.exportSeconds)} s`,
  );
  assertFlatGrowth(small, large, {
    liveSlopeMb: LIVE_SLOPE_LIMIT_MB,
    rssSlopeMb: RSS_SLOPE_LIMIT_MB,
    limitMb: LIMIT_MB,
    what: [`${kind} at ${ROWS} rows`, `${kind} at ${4 * ROWS} rows`],
    holds: "the export holds its rows",
  });
}

Deno.test({
  name: "[reports/postgres] GET /api/reports/savings/export streams: memory does not grow with the rows",
  ignore: !onPostgres,
  fn: () => flatMemory("savings"),
});

Deno.test({
  name: "[audit/postgres] GET /api/admin/audit-logs/export streams: memory does not grow with the rows",
  ignore: !onPostgres,
  fn: () => flatMemory("audit"),
});

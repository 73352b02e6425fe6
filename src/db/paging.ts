/**
 * Totals of the paginated lists: exact up to COUNT_CAP, then "at least COUNT_CAP"
 * (capped). Counting costs more than a page when many rows match, so the count is skipped when it
 * is known to be large: from the planner's estimate for indexed filters, from a small sample of the
 * table for text search (the planner's guess for `ilike '%word%'` is a fixed fraction, and
 * counting a common word rechecks every candidate row on the heap: 2,677 to 3,623 buffers at
 * 100,000 purchase requests).
 */
import type { Queryable } from "./types.ts";

/** Lists report exact totals up to this many rows, and "at least this many" beyond. */
export const COUNT_CAP = 10_000;

/** Offsets stop here (a pager never goes further: totals are capped at COUNT_CAP); deeper pages use a cursor. */
export const MAX_OFFSET = 10_000;

/** Planner estimates from here on are taken as "more than COUNT_CAP" without counting. */
export const ESTIMATE_SKIP = 15_000;

/** Text search samples the table only from this size on; below it the exact count is cheap enough. */
export const SAMPLE_MIN_ROWS = 30_000;

/** Rows read by the text-search sample (whole blocks, so about this many). */
export const SAMPLE_ROWS = 2_000;

/** A sample projecting this many matches or more answers with that projection (estimated) instead of counting. */
export const SAMPLE_SKIP = 1_000;

export interface Total {
  total: number;
  capped: boolean;
  estimated: boolean;
}

export interface CountSpec {
  /** `from <table> <alias>` (and joins that do not change the row count). */
  from: string;
  /** The table the sample is drawn from, e.g. "purchase_requests". */
  table?: string;
  /** The filter, "where ..." or "", with `params`. */
  where: string;
  params: unknown[];
  /** The filter holds a text search whose row estimate the planner cannot know (sample instead). */
  text?: boolean;
}

/**
 * Estimates and sample projections are remembered for a few seconds per filter (per process): they
 * only decide whether to count, an answer a few seconds old decides as well, and the `EXPLAIN` cost
 * a round trip and a planning per list request (about a third of a page's statements on a pager).
 */
export const ESTIMATE_TTL_MS = 10_000;
const ESTIMATE_CACHE_MAX = 1_000;
type Remembered = Map<string, { at: number; value: Promise<number | undefined> }>;
// Per database handle: two databases (test files in one process) never share an estimate.
let estimatesOf = new WeakMap<Queryable, Remembered>();

function remembered(
  db: Queryable,
  key: string,
  compute: () => Promise<number | undefined>,
): Promise<number | undefined> {
  let estimates = estimatesOf.get(db);
  if (!estimates) estimatesOf.set(db, estimates = new Map());
  const now = Date.now();
  const hit = estimates.get(key);
  if (hit && now - hit.at < ESTIMATE_TTL_MS) return hit.value;
  if (estimates.size >= ESTIMATE_CACHE_MAX) estimates.clear();
  const value = compute();
  estimates.set(key, { at: now, value });
  // A failed estimate is not remembered (the next request asks again).
  value.catch(() => estimates.delete(key));
  return value;
}

/** Forget every remembered estimate (tests that change a table's size between two requests). */
export function forgetEstimates(): void {
  estimatesOf = new WeakMap();
}

async function explainRows(db: Queryable, sql: string, params: unknown[]) {
  const plan = await db.query<{ "QUERY PLAN": unknown }>(`explain (format json) ${sql}`, params);
  const raw = plan[0]?.["QUERY PLAN"];
  const json = (typeof raw === "string" ? JSON.parse(raw) : raw) as { Plan?: { "Plan Rows"?: number } }[];
  return Number(json?.[0]?.Plan?.["Plan Rows"] ?? 0);
}

function planRows(db: Queryable, sql: string, params: unknown[]) {
  return remembered(db, `plan\0${sql}\0${JSON.stringify(params)}`, () => explainRows(db, sql, params))
    .then((n) => n ?? 0);
}

/**
 * A projection of the matches from about SAMPLE_ROWS rows of whole blocks (`tablesample system`,
 * repeatable so a pager sees the same total on every page); undefined for a small table.
 */
function sampledMatches(db: Queryable, spec: CountSpec & { table: string }) {
  return remembered(
    db,
    `sample\0${spec.table}\0${spec.from}\0${spec.where}\0${JSON.stringify(spec.params)}`,
    () => sampleNow(db, spec),
  );
}

async function sampleNow(db: Queryable, spec: CountSpec & { table: string }) {
  const [{ rows }] = await db.query<{ rows: number }>(
    "select greatest(reltuples, 0)::float8 as rows from pg_class where oid = $1::regclass",
    [spec.table],
  );
  if (!(rows >= SAMPLE_MIN_ROWS)) return undefined;
  const percent = Math.min(100, (100 * SAMPLE_ROWS) / rows);
  const alias = spec.from.trim().split(/\s+/)[2] ?? spec.table;
  const cond = spec.where.replace(/^\s*where\s+/i, "") || "true";
  const [s] = await db.query<{ seen: number; n: number }>(
    `select count(*)::int as seen, count(*) filter (where ${cond})::int as n
       from ${spec.table} ${alias} tablesample system ($${spec.params.length + 1}::float4) repeatable (0)`,
    [...spec.params, percent],
  );
  return s.seen ? Math.round((s.n * rows) / s.seen) : 0;
}

/**
 * How a list gets its total without counting (`known`), or the capped count statement to run
 * (`countSql`, with the spec's own parameters, so a list can also run it inside its page statement:
 * one round trip instead of two).
 */
export async function totalPlan(db: Queryable, spec: CountSpec): Promise<{ known: Total } | { countSql: string }> {
  if (spec.text && spec.table) {
    const projected = await sampledMatches(db, { ...spec, table: spec.table });
    if (projected !== undefined && projected >= SAMPLE_SKIP) {
      return { known: { total: Math.min(projected, COUNT_CAP), capped: projected > COUNT_CAP, estimated: true } };
    }
  } else if (await planRows(db, `select 1 ${spec.from} ${spec.where}`, spec.params) >= ESTIMATE_SKIP) {
    return { known: { total: COUNT_CAP, capped: true, estimated: true } };
  }
  return { countSql: cappedCountSql(spec.from, spec.where) };
}

/**
 * The capped count statement of a filter (COUNT_CAP + 1 means "more"): what `totalPlan` answers, for
 * a list that numbers the filter's parameters its own way inside a larger statement.
 */
export function cappedCountSql(from: string, where: string): string {
  return `select count(*)::int as n from (select 1 ${from} ${where} limit ${COUNT_CAP + 1}) s`;
}

/** The Total of a capped count's result (COUNT_CAP + 1 means "more"). */
export function totalOf(n: number): Total {
  return { total: Math.min(n, COUNT_CAP), capped: n > COUNT_CAP, estimated: false };
}

export async function cappedCount(db: Queryable, spec: CountSpec): Promise<Total> {
  const plan = await totalPlan(db, spec);
  if ("known" in plan) return plan.known;
  const [{ n }] = await db.query<{ n: number }>(plan.countSql, spec.params);
  return totalOf(n);
}

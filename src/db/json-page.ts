/**
 * A list page built by PostgreSQL as JSON text, with its total, in one statement (the purchase
 * request list's way, for the lists that have no text search). The body leaves the
 * database as one text value the route sends as it is: no row parsing, no JSON.stringify, and one
 * round trip where the page and its capped count were two.
 */
import { encodeKeyset } from "./keyset.ts";
import { type CountSpec, type Total, totalOf, totalPlan } from "./paging.ts";
import type { Queryable } from "./types.ts";

export interface JsonPage extends Total {
  /** The page's rows as a JSON array, ready to be sent. */
  body: string;
  /** How many rows the page holds. */
  rows: number;
  /** The cursor of the page after this one (a full page only). */
  next?: string;
}

/**
 * `rows` selects the page: a column `j` (the row's json), a column `cursor` (its keyset text,
 * src/db/keyset.ts `cursorSql`) and the columns `order` names, which give the list order; `params`
 * are its parameters and start with the count's own (`count.params`, $1..), so the capped count can
 * run inside the same statement. The total: src/db/paging.ts (exact to COUNT_CAP, else capped or
 * estimated). The order is given twice: `order` (list order) and `reverse` (its opposite; the first
 * row in it is the page's last, whose cursor starts the next page).
 */
export async function jsonPage(
  db: Queryable,
  p: {
    rows: string;
    params: unknown[];
    order: string;
    reverse: string;
    limit: number;
    count: CountSpec;
    /**
     * SQL of the exact number of rows the filter matches, over `count.params` (e.g. from counts the
     * database keeps, sql/0023): replaces the planner estimate and the capped count; still capped at
     * COUNT_CAP in the answer.
     */
    exact?: string;
    /** A boolean column of `rows`: `flagged` says whether any row of the page has it true. */
    flag?: string;
    /**
     * The statement's text fixes its plan (filters written only when given, the page size as a
     * number, offsets by position: src/db/keyset.ts), so PostgreSQL may keep one plan for it per
     * connection instead of planning each run (src/db/types.ts `QueryOptions`).
     */
    cachedPlan?: boolean;
  },
): Promise<JsonPage & { flagged: boolean }> {
  const plan = p.exact ? { countSql: p.exact } : await totalPlan(db, p.count);
  const [r] = await db.query<
    { body: string; rows: number; last: string | null; n: number | null; flagged: boolean | null }
  >(
    `with page as (${p.rows})
     select coalesce(json_agg(j order by ${p.order}), '[]')::text as body, count(*)::int as rows,
            (array_agg(cursor order by ${p.reverse}))[1] as last,
            ${"countSql" in plan ? `(${plan.countSql})` : "null::int"} as n,
            ${p.flag ? `bool_or(${p.flag})` : "false"} as flagged
       from page`,
    p.params,
    p.cachedPlan ? { cachedPlan: true } : undefined,
  );
  const total = "known" in plan ? plan.known : totalOf(r.n ?? 0);
  // A full page may have more after it; a short page is the last.
  const next = r.rows === p.limit && r.last ? encodeKeyset(r.last) : undefined;
  return { body: r.body, rows: r.rows, ...total, next, flagged: r.flagged === true };
}

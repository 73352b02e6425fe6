/**
 * Keyset cursors on (timestamp, id) for the lists ordered by a time then their id (bid requests,
 * quotations, vendor applications). The cursor is the last row of a page; the next
 * page is the rows strictly after it in list order, read from the same index range as page 1 at any
 * depth. The same format as the purchase request list's cursors (base64url of "<time>_<id>").
 */
import { MAX_OFFSET } from "./paging.ts";

/** Where a keyset page starts: the (time, id) of the last row of the page before. */
export interface Keyset {
  /** ISO 8601 in UTC with microseconds, as PostgreSQL stores it (a JS Date keeps milliseconds only). */
  at: string;
  id: number;
}

/**
 * The SQL of a row's cursor text. The microseconds matter: rows written in the same millisecond
 * would otherwise be skipped or repeated.
 */
export const cursorSql = (time: string, id: string) =>
  `to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${id}`;

/** The opaque `after` value of the API. */
export function encodeKeyset(raw: string): string {
  return btoa(raw).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

/** The text inside an `after` value (base64url), or undefined when it is not base64url. */
export function cursorText(value: string): string | undefined {
  if (!/^[A-Za-z0-9_-]{1,120}$/.test(value)) return undefined;
  try {
    return atob(value.replaceAll("-", "+").replaceAll("_", "/"));
  } catch {
    return undefined;
  }
}

/** Undefined when `value` is not a cursor this API gave out. */
export function decodeKeyset(value: string): Keyset | undefined {
  const raw = cursorText(value);
  return raw === undefined ? undefined : parseKeyset(raw);
}

/** The (time, id) of a cursor's text "<time>_<id>"; undefined when malformed. */
export function parseKeyset(raw: string): Keyset | undefined {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)_(\d{1,10})$/.exec(raw);
  if (!m) return undefined;
  const id = Number(m[2]);
  if (id < 1 || id > 2_147_483_647 || Number.isNaN(Date.parse(m[1]))) return undefined;
  return { at: m[1], id };
}

/**
 * The condition "after the cursor" for `order by <time> <dir>, <id> <dir>`, with its two parameters
 * numbered from `first`. The time goes as text: postgres.js sends a timestamptz parameter through a
 * JS Date, which drops the microseconds.
 */
export function afterSql(time: string, id: string, first: number, dir: "asc" | "desc" = "desc"): string {
  return `(${time}, ${id}) ${dir === "desc" ? "<" : ">"} ($${first}::text::timestamptz, $${first + 1}::int)`;
}

/**
 * `where` ("" or "where ...") narrowed to the rows after the cursor in list order; the cursor's two
 * parameters are pushed onto `params`. Without a cursor, `where` as it is.
 */
export function whereAfter(
  where: string,
  params: unknown[],
  after: Keyset | undefined,
  time: string,
  id: string,
  dir: "asc" | "desc" = "desc",
): string {
  if (!after) return where;
  const n = params.push(after.at, after.id);
  return `${where ? `${where} and` : "where"} ${afterSql(time, id, n - 1, dir)}`;
}

/** A page's rows without their `cursor` column, and the next page's cursor when the page is full. */
export function keysetRows<T extends { cursor: string }>(
  rows: T[],
  limit: number,
): { items: Omit<T, "cursor">[]; next?: string } {
  const items = rows.map(({ cursor: _, ...row }) => row);
  return { items, next: rows.length === limit ? encodeKeyset(rows[rows.length - 1].cursor) : undefined };
}

/**
 * `where` narrowed to the rows at or after the row at position `offset` (0-based) in the order
 * `<time> <dir>, <id> <dir>`: the same rows as `offset <offset>`, read as one index range from the
 * position's (time, id), which a subquery finds on the list-order index alone. Written so rather than
 * `offset $n` because PostgreSQL plans an `offset $n` it cannot see as 10% of the table, and so never
 * settles on the cached (generic) plan of a prepared list statement: each request planned it again,
 * about a millisecond of a bid or quotation page's CPU (docs/decisions/016-cached-plans-for-list-pages.md).
 * The position is sought within the first MAX_OFFSET + 1 rows (the API refuses deeper offsets), because the
 * generic plan still guesses `offset $n` as a tenth of what it skips: of the whole list, at 1,000,000 requests
 * 18,600 of 186,000 quotations, dearer than the average offset's own plan, so the staff quotation
 * offsets were planned on every request again (2.3 ms each); of 10,001 rows the guess is 1,000.
 * Past the end the position is null and so is the page. `from` is the list's `from <table> <alias>`,
 * `where` its filter ("" or "where ..."), whose parameters are already in `params`; the offset is
 * pushed onto them.
 */
export function whereFrom(
  where: string,
  params: unknown[],
  offset: number,
  from: string,
  time: string,
  id: string,
  dir: "asc" | "desc" = "desc",
): string {
  if (offset <= 0) return where;
  if (offset > MAX_OFFSET) throw new RangeError(`offset ${offset} past ${MAX_OFFSET}`);
  const n = params.push(offset);
  return `${where ? `${where} and` : "where"} (${time}, ${id}) ${dir === "desc" ? "<=" : ">="}
    (select t, i from (select ${time} as t, ${id} as i ${from} ${where} order by ${time} ${dir}, ${id} ${dir}
      limit ${MAX_OFFSET + 1}) head order by t ${dir}, i ${dir} offset $${n} limit 1)`;
}

/**
 * A page size as SQL text. A list's `limit` goes into the statement as a number, not a parameter:
 * PostgreSQL plans `limit $n` as 10% of the table, so a prepared list statement never got the cached
 * plan and was planned again on every request (about a millisecond of CPU). The value is the API's
 * validated page size (1 to 200): at most that many statement texts per list.
 */
export function limitSql(limit: number): string {
  if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000) throw new RangeError(`bad page size ${limit}`);
  return String(limit);
}

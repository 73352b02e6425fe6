/**
 * Keyset cursors on (timestamp, id) for the lists ordered by a time then their id (issue 14 item 3:
 * bid requests, quotations, vendor applications). The cursor is the last row of a page; the next
 * page is the rows strictly after it in list order, read from the same index range as page 1 at any
 * depth. The same format as the purchase request list's cursors (base64url of "<time>_<id>").
 */

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

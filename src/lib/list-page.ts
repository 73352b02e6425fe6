/**
 * What every paginated list answers around its rows: the 400s for a cursor the
 * API never gave out and for an offset past MAX_OFFSET, and the total/cursor headers of a page
 * (totals from src/db/paging.ts). Each list keeps its own error codes.
 */
import type { Context } from "hono";
import { MAX_OFFSET, type Total } from "../db/paging.ts";
import { decodeKeyset, type Keyset } from "../db/keyset.ts";
import type { ErrorCode } from "../shared/error-codes.ts";
import { errorText } from "../shared/error-codes.ts";
import { BadRequest } from "./errors.ts";

/** 400 on `after`: not a cursor of this list. */
export function badCursor(code: ErrorCode = "lists.badCursor"): BadRequest {
  return new BadRequest(code, [{ path: "after", message: errorText(code) }]);
}

/** Offsets stop at MAX_OFFSET; deeper pages go by cursor (a 400 on `offset` otherwise). */
export function refuseDeepOffset(offset: number, code: ErrorCode = "lists.offsetTooDeep"): void {
  if (offset <= MAX_OFFSET) return;
  const params = { max: MAX_OFFSET };
  throw new BadRequest(code, [{ path: "offset", message: errorText(code, params) }], params);
}

/**
 * Where a keyset list's page starts: the decoded `after` cursor (then the offset is not used), or
 * the offset, capped at MAX_OFFSET. A cursor the API never gave out or a deeper offset is a 400 on
 * its field, with the list's own codes.
 */
export function pageStart(
  q: { after?: string; offset: number },
  codes: { badCursor: ErrorCode; offsetTooDeep: ErrorCode } = {
    badCursor: "lists.badCursor",
    offsetTooDeep: "lists.offsetTooDeep",
  },
): { after?: Keyset; offset: number } {
  if (q.after === undefined || q.after === "") {
    refuseDeepOffset(q.offset, codes.offsetTooDeep);
    return { offset: q.offset };
  }
  const after = decodeKeyset(q.after);
  if (!after) throw badCursor(codes.badCursor);
  return { after, offset: 0 };
}

/**
 * X-Total-Count (capped at COUNT_CAP), whether it is capped or estimated, and the next page's cursor.
 * A page without a total (a cursor page of a list that does not count again) gets the cursor only.
 */
export function setPageHeaders(c: Context, page: Partial<Total> & { next?: string }): void {
  for (const [name, value] of Object.entries(pageHeaders(page))) c.header(name, value);
}

/** The headers of setPageHeaders as a record (a cached answer keeps them with its body). */
export function pageHeaders(page: Partial<Total> & { next?: string }): Record<string, string> {
  const h: Record<string, string> = {};
  if (page.total !== undefined) h["X-Total-Count"] = String(page.total);
  if (page.capped) h["X-Total-Count-Capped"] = "true";
  // Capped or projected without counting every row (src/db/paging.ts).
  if (page.estimated) h["X-Total-Count-Estimated"] = "true";
  // The page after this one, for `?after=` (absent on the last page).
  if (page.next) h["X-Next-Cursor"] = page.next;
  return h;
}

/**
 * Where a keyset list page starts (bid requests, quotations, vendor applications): the decoded
 * `after` cursor, a 400 `lists.badCursor` for one the API never gave out, and the offset cap
 * (400 `lists.offsetTooDeep`) when paging by offset. With a cursor the offset is not used.
 */
import { decodeKeyset, type Keyset } from "../db/keyset.ts";
import { badCursor, refuseDeepOffset } from "./list-page.ts";

export function pageStart(q: { after?: string; offset: number }): { after?: Keyset; offset: number } {
  if (q.after === undefined || q.after === "") {
    refuseDeepOffset(q.offset);
    return { offset: q.offset };
  }
  const after = decodeKeyset(q.after);
  if (!after) throw badCursor();
  return { after, offset: 0 };
}

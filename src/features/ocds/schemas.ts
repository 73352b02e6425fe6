/**
 * Query of the OCDS release feed: `since` (an ISO 8601 date-time with offset), a page size and the
 * opaque cursor the previous page's `links.next` carries.
 */
import { z } from "zod";
import { parseDateValue, safeString } from "../../shared/schemas/common.ts";
import type { ProcessKind } from "./queries.ts";

export const OCDS_MAX_LIMIT = 100;
export const OCDS_DEFAULT_LIMIT = 50;

export const OCDS_MESSAGES = {
  since: "since must be an ISO 8601 date-time with an offset, e.g. 2026-01-31T00:00:00Z",
  limit: `limit must be a whole number from 1 to ${OCDS_MAX_LIMIT}`,
  cursor: "cursor is not one this feed gave out",
} as const;

/** Date-time with seconds and an offset (Z or ±hh:mm): what OCDS itself publishes. */
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/;

export interface Cursor {
  dateKey: string;
  kind: ProcessKind;
  id: number;
}

const CURSOR_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;

export function encodeCursor(c: Cursor): string {
  return btoa(JSON.stringify([c.dateKey, c.kind, c.id])).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

export function decodeCursor(text: string): Cursor | undefined {
  try {
    const json = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    const v = JSON.parse(json);
    if (!Array.isArray(v) || v.length !== 3) return undefined;
    const [dateKey, kind, id] = v;
    if (typeof dateKey !== "string" || !CURSOR_DATE.test(dateKey) || !parseDateValue(dateKey)) return undefined;
    if (kind !== "BR" && kind !== "PR") return undefined;
    if (!Number.isInteger(id) || id < 1 || id > 2147483647) return undefined;
    return { dateKey, kind, id };
  } catch {
    return undefined;
  }
}

/** An unencoded "+hh:mm" offset arrives as " hh:mm" in a query string: read it as the "+" it was. */
const plusOffset = (v: unknown) => typeof v === "string" ? v.trim().replace(/ (\d{2}:\d{2})$/, "+$1") : v;

export const ocdsReleasesQuerySchema = z.object({
  since: z.preprocess(
    plusOffset,
    safeString(OCDS_MESSAGES.since).refine((v) => DATE_TIME.test(v) && parseDateValue(v) !== undefined, {
      message: OCDS_MESSAGES.since,
    }),
  ).optional(),
  limit: z.coerce.number<unknown>({ error: OCDS_MESSAGES.limit }).int(OCDS_MESSAGES.limit).min(1, OCDS_MESSAGES.limit)
    .max(OCDS_MAX_LIMIT, OCDS_MESSAGES.limit).optional(),
  cursor: safeString(OCDS_MESSAGES.cursor).max(200, OCDS_MESSAGES.cursor)
    .refine((v) => decodeCursor(v) !== undefined, { message: OCDS_MESSAGES.cursor }).optional(),
});

export type OcdsReleasesQuery = z.infer<typeof ocdsReleasesQuerySchema>;

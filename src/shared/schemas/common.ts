/**
 * The building blocks every other schema uses, shared by the API and the SPA:
 *
 * - text: a string without null bytes or unpaired UTF-16 surrogates (PostgreSQL cannot store the
 *   first, and the second is not a character at all: both are refused, never silently changed);
 * - ids: whole numbers from 1 to 2147483647 (the `integer` columns), for path params and queries;
 * - dates: real calendar dates only (2026-02-30 is refused, never moved to March 2), years
 *   1900-9999, and "today" taken in the organisation's time zone (a system setting, default UTC).
 *
 * Calendar dates travel as `YYYY-MM-DD` or as UTC midnight of that day (`YYYY-MM-DDT00:00:00.000Z`,
 * what the SPA sends for a date input); instants as ISO 8601 with `Z` or an offset (without one,
 * UTC is meant).
 */
import { z } from "zod";

// ---------------------------------------------------------------------------------------------
// text

export const TEXT_INVALID = "Text contains a character that is not allowed (null byte or unpaired surrogate)";

// deno-lint-ignore no-control-regex
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `value` holds no null byte and no unpaired surrogate. */
export function isCleanText(value: string): boolean {
  return !BAD_TEXT.test(value);
}

/** The one text schema: chain `.trim()`, `.min()`, `.max()` on it as on `z.string()`. */
export function safeString(error?: string) {
  return z.string(error === undefined ? undefined : { error }).refine(isCleanText, {
    message: TEXT_INVALID,
    abort: true,
  });
}

/** The path of the first string inside `value` (any depth) that is not clean text, or undefined. */
export function findUncleanText(value: unknown, path: (string | number)[] = []): string | undefined {
  if (typeof value === "string") return isCleanText(value) ? undefined : path.join(".") || "body";
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUncleanText(value[i], [...path, i]);
      if (found !== undefined) return found;
    }
  } else if (value && typeof value === "object" && !(value instanceof Blob)) {
    for (const [k, v] of Object.entries(value)) {
      if (!isCleanText(k)) return [...path, "?"].join(".");
      const found = findUncleanText(v, [...path, k]);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// ids

export const MAX_ID = 2147483647;
export const ID_INVALID = "Invalid id";

/** A record id (path param, query or body): 1 ..= 2147483647; numeric strings are accepted. */
export function idSchema(message: string = ID_INVALID) {
  return z.coerce.number<unknown>({ error: message }).int(message).min(1, message).max(MAX_ID, message);
}

export const idParamSchema = z.object({ id: idSchema() });

// ---------------------------------------------------------------------------------------------
// dates

export const MIN_YEAR = 1900;
export const MAX_YEAR = 9999;
export const DEFAULT_TIME_ZONE = "UTC";

export const DATE_MESSAGES = {
  invalid: "Enter a real date (YYYY-MM-DD, years 1900 to 9999)",
  past: "The deadline cannot be in the past",
  order: "Bidding deadline must be before project deadline",
  timeZone: "Unknown time zone",
} as const;

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export interface ParsedDate {
  /** The instant (for a date only: UTC midnight of that day). */
  instant: Date;
  /** YYYY-MM-DD when the value is a calendar date (date only, or UTC midnight), else undefined. */
  calendarDate?: string;
}

/** Parses a date or date-time strictly: undefined for anything that is not a real calendar date. */
export function parseDateValue(value: string): ParsedDate | undefined {
  const m = DATE_RE.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (y < MIN_YEAR || y > MAX_YEAR || mo < 1 || mo > 12 || d < 1) return undefined;
  if (d > new Date(Date.UTC(2000, mo, 0)).getUTCDate() || (mo === 2 && d === 29 && !isLeap(y))) return undefined;
  const date = `${m[1]}-${m[2]}-${m[3]}`;
  if (m[4] === undefined) return { instant: new Date(`${date}T00:00:00.000Z`), calendarDate: date };
  const [h, min, s] = [Number(m[4]), Number(m[5]), Number(m[6] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return undefined;
  const ms = Number((m[7] ?? "0").padEnd(3, "0").slice(0, 3));
  let offsetMinutes = 0;
  if (m[8] && m[8] !== "Z") {
    const sign = m[8][0] === "-" ? -1 : 1;
    const digits = m[8].slice(1).replace(":", "");
    const [oh, om] = [Number(digits.slice(0, 2)), Number(digits.slice(2))];
    if (oh > 14 || om > 59) return undefined;
    offsetMinutes = sign * (oh * 60 + om);
  }
  const instant = new Date(Date.UTC(y, mo - 1, d, h, min, s, ms) - offsetMinutes * 60_000);
  const midnightUtc = offsetMinutes === 0 && h === 0 && min === 0 && s === 0 && ms === 0;
  return { instant, calendarDate: midnightUtc ? date : undefined };
}

function isLeap(y: number) {
  return (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
}

/** True when `tz` is an IANA time zone name this runtime knows. */
export function isValidTimeZone(tz: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: tz });
    return tz.length > 0 && tz.length <= 64;
  } catch {
    return false;
  }
}

let organisationTimeZone = DEFAULT_TIME_ZONE;

/**
 * The organisation's time zone, in which "today" and calendar dates are taken. The server sets it
 * from the system settings before validating a request, the SPA from GET /api/meta.
 */
export function setOrganisationTimeZone(tz: string | undefined | null) {
  organisationTimeZone = tz && isValidTimeZone(tz) ? tz : DEFAULT_TIME_ZONE;
}
export function getOrganisationTimeZone(): string {
  return organisationTimeZone;
}

/** The calendar date (YYYY-MM-DD) of an instant in a time zone. */
export function dateInTimeZone(instant: Date, tz: string = organisationTimeZone): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" })
    .formatToParts(instant);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? "";
  return `${get("year")}-${get("month")}-${get("day")}`;
}

/** Today in the organisation's time zone, as YYYY-MM-DD. */
export function todayInOrganisation(now: Date = new Date()): string {
  return dateInTimeZone(now, organisationTimeZone);
}

/** The calendar day a parsed value falls on, in the organisation's time zone. */
export function organisationDate(p: ParsedDate): string {
  return p.calendarDate ?? dateInTimeZone(p.instant, organisationTimeZone);
}

/**
 * The problem with a deadline value, or undefined: not a real date, or before today (a calendar
 * date) / not in the future (an instant with a time) in the organisation's time zone.
 */
export function deadlineProblem(value: string, now: Date = new Date()): string | undefined {
  const p = parseDateValue(value);
  if (!p) return DATE_MESSAGES.invalid;
  if (p.calendarDate) return p.calendarDate < todayInOrganisation(now) ? DATE_MESSAGES.past : undefined;
  return p.instant.getTime() <= now.getTime() ? DATE_MESSAGES.past : undefined;
}

/**
 * A bidding deadline must fall before the project deadline's day: compared as calendar days in
 * the organisation's time zone (both values already valid).
 */
export function biddingBeforeProject(biddingDeadline: string, projectDeadline: string): boolean {
  const bidding = parseDateValue(biddingDeadline)!;
  const project = parseDateValue(projectDeadline)!;
  if (project.calendarDate) return organisationDate(bidding) < project.calendarDate;
  return bidding.instant.getTime() < project.instant.getTime();
}

/** Any real date or date-time (see parseDateValue). */
export const dateSchema = safeString(DATE_MESSAGES.invalid).refine((v) => parseDateValue(v) !== undefined, {
  message: DATE_MESSAGES.invalid,
});

/** A deadline: a real date, today or later in the organisation's time zone (an instant: in the future). */
export const deadlineSchema = safeString(DATE_MESSAGES.invalid).superRefine((v, ctx) => {
  const problem = deadlineProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

export const timeZoneSchema = safeString(DATE_MESSAGES.timeZone).trim().refine(isValidTimeZone, {
  message: DATE_MESSAGES.timeZone,
});

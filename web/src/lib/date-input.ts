/**
 * Values of <input type="date"> and <input type="datetime-local"> and the ISO instants the API
 * stores. Calendar dates (deadlines) are stored as UTC midnight of the chosen day and "today" is
 * the organisation's (system setting, GET /api/meta), as on the server: the shared schemas
 * (src/shared/schemas/common.ts) apply the same rules in both. datetime-local values are in the
 * user's time zone. Impossible dates (2026-02-30) become "" here, never a shifted day.
 */
import {
  dateInTimeZone,
  getOrganisationTimeZone,
  parseDateValue,
  setOrganisationTimeZone,
} from "../../../src/shared/schemas/common.ts";

const pad = (n: number) => String(n).padStart(2, "0");

let loading: Promise<void> | undefined;
/** Load the organisation's time zone once from GET /api/meta (kept as UTC when it cannot be read). */
export function loadOrganisationTimeZone(
  fetchMeta: () => Promise<{ timeZone?: string }> = () => fetch("/api/meta").then((r) => r.json()),
): Promise<void> {
  return loading ??= fetchMeta().then((m) => setOrganisationTimeZone(m?.timeZone)).catch(() => {
    loading = undefined;
  });
}
if (typeof document !== "undefined") void loadOrganisationTimeZone();

/** YYYY-MM-DD `days` after the calendar date `date`. */
function addDays(date: string, days: number): string {
  const [y, m, d] = date.split("-").map(Number);
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** The organisation's calendar date as YYYY-MM-DD, `days` from today (a date input's value). */
export function dateInputValue(days = 0, from = new Date()): string {
  return addDays(dateInTimeZone(from, getOrganisationTimeZone()), days);
}

/** The earliest deadline a date input accepts: today in the organisation's time zone (its `min`). */
export function minDeadlineValue(from = new Date()): string {
  return dateInputValue(0, from);
}

/** A local time as YYYY-MM-DDTHH:mm, `days` from today at `hour`:00 (a datetime-local input's value). */
export function dateTimeInputValue(days: number, hour: number, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(hour)}:00`;
}

/** A date input's YYYY-MM-DD as the ISO instant stored for calendar dates (UTC midnight); "" when empty or not a real date. */
export function dateToIso(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) && parseDateValue(date) ? `${date}T00:00:00.000Z` : "";
}

/** A datetime-local value (the user's time zone) as an ISO instant; "" when empty or not a real date and time. */
export function localDateTimeToIso(value: string): string {
  if (!value || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value) || !parseDateValue(value)) {
    return "";
  }
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

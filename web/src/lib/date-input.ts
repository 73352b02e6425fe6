/**
 * Values of <input type="date"> and <input type="datetime-local"> and the ISO instants the API
 * stores. Calendar dates (deadlines) are stored as UTC midnight of the chosen day; datetime-local
 * values are in the user's time zone.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** A local calendar date as YYYY-MM-DD, `days` from today (a date input's value). */
export function dateInputValue(days = 0, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A local time as YYYY-MM-DDTHH:mm, `days` from today at `hour`:00 (a datetime-local input's value). */
export function dateTimeInputValue(days: number, hour: number, from = new Date()): string {
  return `${dateInputValue(days, from)}T${pad(hour)}:00`;
}

/** A date input's YYYY-MM-DD as the ISO instant stored for calendar dates (UTC midnight); "" when empty. */
export function dateToIso(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : "";
}

/** A datetime-local value (the user's time zone) as an ISO instant; "" when empty or invalid. */
export function localDateTimeToIso(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

/**
 * Dates and money for the request screens, in the user's language. Deadlines are calendar dates
 * stored as UTC midnight, so they are shown in UTC to keep the chosen day in every time zone.
 */
import { formatMoney as formatDollars } from "../../../../../src/shared/money.ts";

function safeFormat(lang: string, options: Intl.DateTimeFormatOptions, value: Date): string {
  try {
    return new Intl.DateTimeFormat(lang, options).format(value);
  } catch {
    // A language Intl does not know (older engines and Dhivehi) falls back to English.
    return new Intl.DateTimeFormat("en", options).format(value);
  }
}

export function formatDate(iso: string | null | undefined, lang: string): string {
  if (!iso) return "-";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "-";
  return safeFormat(lang, { dateStyle: "medium" }, date);
}

export function formatDeadline(iso: string | null | undefined, lang: string): string {
  if (!iso) return "-";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "-";
  return safeFormat(lang, { dateStyle: "medium", timeZone: "UTC" }, date);
}

export function formatDateTime(iso: string | null | undefined, lang: string): string {
  if (!iso) return "-";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "-";
  return safeFormat(lang, { dateStyle: "medium", timeStyle: "short" }, date);
}

export function formatMoney(value: string | number, lang: string): string {
  try {
    return formatDollars(value, lang);
  } catch {
    return formatDollars(value);
  }
}

/** A local calendar date as YYYY-MM-DD, `days` from today (the date input's value format). */
export function dateInputValue(days = 0, from = new Date()): string {
  const d = new Date(from.getFullYear(), from.getMonth(), from.getDate() + days);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** A date input's YYYY-MM-DD as the ISO instant the API stores (UTC midnight of that day). */
export function dateToIso(date: string): string {
  return date ? `${date}T00:00:00.000Z` : "";
}

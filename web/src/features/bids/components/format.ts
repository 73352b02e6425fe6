/**
 * Dates and money of the bid screens in the user's language. Tables show dates as the spec's
 * MMM dd, yyyy ('Nov 22, 2026' in English). The project deadline is a calendar date stored as UTC
 * midnight, so it is shown in UTC to keep the chosen day in every time zone; bidding times are
 * instants and are shown in the user's own time zone.
 */
import { formatMoney as formatDollars } from "../../../../../src/shared/money.ts";

function safeFormat(lang: string, options: Intl.DateTimeFormatOptions, value: Date): string {
  try {
    return new Intl.DateTimeFormat(lang, options).format(value);
  } catch {
    // A language Intl does not know falls back to English.
    return new Intl.DateTimeFormat("en", options).format(value);
  }
}

function parse(iso: string | null | undefined): Date | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

const TABLE_DATE: Intl.DateTimeFormatOptions = { month: "short", day: "2-digit", year: "numeric" };

/** A bidding time as MMM dd, yyyy in the user's time zone. */
export function formatBidDate(iso: string | null | undefined, lang: string): string {
  const date = parse(iso);
  return date ? safeFormat(lang, TABLE_DATE, date) : "-";
}

/** The project deadline (a calendar date) as MMM dd, yyyy. */
export function formatProjectDeadline(iso: string | null | undefined, lang: string): string {
  const date = parse(iso);
  return date ? safeFormat(lang, { ...TABLE_DATE, timeZone: "UTC" }, date) : "-";
}

export function formatDateTime(iso: string | null | undefined, lang: string): string {
  const date = parse(iso);
  return date ? safeFormat(lang, { ...TABLE_DATE, hour: "2-digit", minute: "2-digit" }, date) : "-";
}

export function formatMoney(value: string | number, lang: string): string {
  try {
    return formatDollars(value, lang);
  } catch {
    return formatDollars(value);
  }
}

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

/** A date input's YYYY-MM-DD as the ISO instant stored for calendar dates (UTC midnight). */
export function dateToIso(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00.000Z` : "";
}

/** A datetime-local value (the user's time zone) as an ISO instant; "" when empty or invalid. */
export function localDateTimeToIso(value: string): string {
  if (!value) return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : date.toISOString();
}

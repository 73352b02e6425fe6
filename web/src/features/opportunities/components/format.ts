/**
 * Dates and money in the user's language; a language Intl does not know falls back to English.
 * Deadlines are calendar dates stored as UTC midnight, so they are shown in UTC.
 */
import { formatMoney } from "../../../../../src/shared/money.ts";

function safe<T>(lang: string, make: (locale: string) => T): T {
  try {
    return make(lang);
  } catch {
    return make("en");
  }
}

function format(iso: string | null | undefined, lang: string, options: Intl.DateTimeFormatOptions) {
  if (!iso) return "-";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "-";
  return safe(lang, (l) => new Intl.DateTimeFormat(l, options).format(date));
}

export const formatDeadline = (iso: string | null | undefined, lang: string) =>
  format(iso, lang, { dateStyle: "medium", timeZone: "UTC" });

export const formatDate = (iso: string | null | undefined, lang: string) => format(iso, lang, { dateStyle: "medium" });

export const formatDollars = (value: string | number | null | undefined, lang: string) =>
  value === null || value === undefined ? "-" : safe(lang, (l) => formatMoney(value, l));

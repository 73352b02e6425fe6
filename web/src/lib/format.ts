/**
 * Dates, numbers and money in the user's language (pass i18n.language). A value that is missing or
 * not a date shows as "-". Intl throws on a language tag it cannot parse: English formatting is used
 * then rather than breaking the screen.
 */
import { useTranslation } from "react-i18next";
import { formatMoney as formatCurrency } from "../../../src/shared/money.ts";

export type DateValue = string | Date | null | undefined;

export type DateFormat = {
  /**
   * A calendar date the API stores as UTC midnight (deadlines): shown in UTC so the chosen day is the
   * same in every time zone. Without it the instant is shown in the user's own time zone.
   */
  utc?: boolean;
  /** The spec's table format 'MMM dd, yyyy' (two-digit day) instead of the language's medium date. */
  padded?: boolean;
};

function inLanguage<T>(lang: string, make: (locale: string) => T): T {
  try {
    return make(lang);
  } catch {
    return make("en");
  }
}

function toDate(value: DateValue): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const PADDED_DATE: Intl.DateTimeFormatOptions = { month: "short", day: "2-digit", year: "numeric" };

function formatWith(value: DateValue, lang: string, options: Intl.DateTimeFormatOptions, utc?: boolean): string {
  const date = toDate(value);
  if (!date) return "-";
  const all = utc ? { ...options, timeZone: "UTC" } : options;
  return inLanguage(lang, (locale) => new Intl.DateTimeFormat(locale, all).format(date));
}

/** "Nov 2, 2026" (or "Nov 02, 2026" with `padded`), in the user's language. */
export function formatDate(value: DateValue, lang: string, { utc, padded }: DateFormat = {}): string {
  return formatWith(value, lang, padded ? PADDED_DATE : { dateStyle: "medium" }, utc);
}

/** "Nov 2, 2026, 5:00 PM" (or "Nov 02, 2026, 05:00 PM" with `padded`), in the user's language. */
export function formatDateTime(value: DateValue, lang: string, { utc, padded }: DateFormat = {}): string {
  const options: Intl.DateTimeFormatOptions = padded
    ? { ...PADDED_DATE, hour: "2-digit", minute: "2-digit" }
    : { dateStyle: "medium", timeStyle: "short" };
  return formatWith(value, lang, options, utc);
}

/** Money via the shared formatMoney (spec: dollars with 2 decimals); "-" when there is no amount. */
export function formatMoney(value: string | number | null | undefined, lang: string, currency = "USD"): string {
  if (value === null || value === undefined) return "-";
  return inLanguage(lang, (locale) => formatCurrency(value, locale, currency));
}

/** A count or score with at most `digits` decimals. */
export function formatNumber(value: number, lang: string, digits = 0): string {
  return inLanguage(lang, (locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value));
}

/** The formatters above, bound to the interface language. */
export function useFormat() {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return {
    lang,
    date: (value: DateValue, options?: DateFormat) => formatDate(value, lang, options),
    dateTime: (value: DateValue, options?: DateFormat) => formatDateTime(value, lang, options),
    money: (value: string | number | null | undefined, currency?: string) => formatMoney(value, lang, currency),
    number: (value: number, digits?: number) => formatNumber(value, lang, digits),
  };
}

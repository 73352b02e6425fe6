/**
 * Dates, numbers and money in the user's language (pass i18n.language). A value that is missing or
 * not a date shows as "-". Every date on screen goes through formatDate / formatDateTime here.
 *
 * Intl has no data for some of our languages (Dhivehi: Chromium and Deno silently fall back to the
 * host's default locale, so months came out in English). Such a language gets a fallback that reads
 * naturally in it: day, Thaana month name, year, 24-hour time, and English (Western) digits, which
 * is what Maldivian writing uses. A tag Intl cannot parse falls back to English formatting.
 */
import { useTranslation } from "react-i18next";
import { formatMoney as formatCurrency } from "../../../src/shared/money.ts";
import { DV_MONTHS, intlSupports } from "../../../src/shared/locale-support.ts";

export { DV_MONTHS, intlSupports };

export type DateValue = string | Date | null | undefined;

export type DateFormat = {
  /**
   * A calendar date the API stores as UTC midnight (deadlines): shown in UTC so the chosen day is the
   * same in every time zone. Without it the instant is shown in the user's own time zone.
   */
  utc?: boolean;
};

/** The language itself when Intl knows it, else English (digits and grouping read the same in dv). */
function inLanguage<T>(lang: string, make: (locale: string) => T): T {
  try {
    return make(intlSupports(lang) ? lang : "en");
  } catch {
    return make("en");
  }
}

function isThaana(lang: string): boolean {
  return lang === "dv" || lang.startsWith("dv-");
}

function toDate(value: DateValue): Date | null {
  if (!value) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Intl formatters are costly to build (tens of microseconds each, more for a new locale) and a list
 * formats a date or amount per row: one formatter per locale and options, kept for the page's life.
 */
const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, format = new Intl.DateTimeFormat(locale, options));
  return format;
}
const numberFormats = new Map<string, Intl.NumberFormat>();
function numberFormat(locale: string, digits: number): Intl.NumberFormat {
  const key = `${locale}|${digits}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, format = new Intl.NumberFormat(locale, { maximumFractionDigits: digits }));
  return format;
}

/**
 * "2 ނޮވެމްބަރު 2026" / "2 ނޮވެމްބަރު 2026، 17:00": the parts come from Intl (so time zones work as
 * everywhere else), the month name from DV_MONTHS.
 */
function formatThaana(date: Date, withTime: boolean, utc?: boolean): string {
  const parts = dateFormat("en-US", {
    year: "numeric",
    month: "numeric",
    day: "numeric",
    ...(withTime ? { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } : {}),
    ...(utc ? { timeZone: "UTC" } : {}),
  } as Intl.DateTimeFormatOptions).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "";
  const day = `${get("day")} ${DV_MONTHS[Number(get("month")) - 1]} ${get("year")}`;
  return withTime ? `${day}، ${get("hour")}:${get("minute")}` : day;
}

function formatWith(
  value: DateValue,
  lang: string,
  options: Intl.DateTimeFormatOptions,
  { utc, withTime = false }: DateFormat & { withTime?: boolean },
): string {
  const date = toDate(value);
  if (!date) return "-";
  if (isThaana(lang) && !intlSupports(lang)) return formatThaana(date, withTime, utc);
  const all = utc ? { ...options, timeZone: "UTC" } : options;
  return inLanguage(lang, (locale) => dateFormat(locale, all).format(date));
}

/** "Nov 2, 2026" in the user's language: the one date format of every screen. */
export function formatDate(value: DateValue, lang: string, { utc }: DateFormat = {}): string {
  return formatWith(value, lang, { dateStyle: "medium" }, { utc });
}

/** "Nov 2, 2026, 5:00 PM" in the user's language. */
export function formatDateTime(value: DateValue, lang: string, { utc }: DateFormat = {}): string {
  return formatWith(value, lang, { dateStyle: "medium", timeStyle: "short" }, { utc, withTime: true });
}

/**
 * The reader's time zone as a short name at that instant ("GMT+5", "CET", "EST"): a time that matters
 * (a bid's closing) is shown with it, so nobody reads it as another zone's. Dhivehi, which Intl does
 * not know, gets the English short name (Western digits, as its dates use).
 */
export function timeZoneLabel(value: DateValue, lang: string): string {
  const date = toDate(value);
  if (!date) return "";
  const locale = intlSupports(lang) ? lang : "en";
  return inLanguage(locale, (l) => dateFormat(l, { timeZoneName: "short" }).formatToParts(date))
    .find((p) => p.type === "timeZoneName")?.value ?? "";
}

/** Money via the shared formatMoney (spec: dollars with 2 decimals); "-" when there is no amount. */
export function formatMoney(value: string | number | null | undefined, lang: string, currency = "USD"): string {
  if (value === null || value === undefined) return "-";
  return inLanguage(lang, (locale) => formatCurrency(value, locale, currency));
}

/** A count or score with at most `digits` decimals. */
export function formatNumber(value: number, lang: string, digits = 0): string {
  return inLanguage(lang, (locale) => numberFormat(locale, digits).format(value));
}

/** A file size in the largest whole unit: "10 MB", "512 KB", "1.5 MB"; French writes octets ("10 Mo"). */
export function formatBytes(bytes: number, lang: string): string {
  const units = lang.startsWith("fr") ? ["o", "Ko", "Mo", "Go"] : ["B", "KB", "MB", "GB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatNumber(value, lang, 1)} ${units[unit]}`;
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
    bytes: (value: number) => formatBytes(value, lang),
  };
}

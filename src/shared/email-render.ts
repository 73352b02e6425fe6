/**
 * Writing an email in its recipient's language: {{placeholders}} filled with values, where dates and
 * money are formatted for that language. Shared by the server (the outbox) and the SPA (the
 * template preview), so the preview shows exactly what is sent.
 *
 * Intl has no Dhivehi data in every runtime (Deno and Chromium fall back to en-US, so month names
 * would be English): languages Intl does not support are formatted here, with Thaana month names.
 */
import type { Language } from "./i18n-languages.ts";
import { DV_MONTHS, intlSupports } from "./locale-support.ts";

export { DV_MONTHS, intlSupports };

/** A calendar date (deadline day, shown as that day) or an instant (shown with its time in a time zone). */
export type EmailDate = { date: Date | string; withTime?: boolean };
export type EmailMoney = { amount: string | number; currency: string };
export type EmailValue = string | number | EmailDate | EmailMoney;
export type EmailValues = Record<string, EmailValue>;

/** Year, month (0-11), day, hour and minute of an instant in a time zone. */
function partsIn(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).formatToParts(date);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month") - 1, day: get("day"), hour: get("hour"), minute: get("minute") };
}

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * "5 mars 2026" / "5 mars 2026 à 18:00 (Europe/Paris)"; for Dhivehi "5 މާރިޗު 2026 18:00". A calendar
 * date (stored as UTC midnight) is shown as that day; an instant with its time in `timeZone`.
 */
export function formatEmailDate(
  value: Date | string,
  lang: Language | string,
  withTime = false,
  timeZone = "UTC",
): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const zone = withTime ? timeZone : "UTC";
  if (!intlSupports(lang)) {
    const p = partsIn(date, zone);
    const day = `${p.day} ${DV_MONTHS[p.month]} ${p.year}`;
    return withTime ? `${day} ${pad(p.hour)}:${pad(p.minute)} (${zone})` : day;
  }
  const options: Intl.DateTimeFormatOptions = withTime
    ? { dateStyle: "long", timeStyle: "short", timeZone: zone }
    : { dateStyle: "long", timeZone: zone };
  const text = new Intl.DateTimeFormat(lang, options).format(date);
  return withTime ? `${text} (${zone})` : text;
}

/** "1 234,50 $US" in French; languages without Intl data use English digits with the currency code. */
export function formatEmailMoney(amount: string | number, currency: string, lang: Language | string): string {
  const n = typeof amount === "number" ? amount : Number(amount);
  const value = Number.isFinite(n) ? n : 0;
  const options = { minimumFractionDigits: 2, maximumFractionDigits: 2 };
  try {
    if (!intlSupports(lang)) {
      return `${currency} ${new Intl.NumberFormat("en", options).format(value)}`;
    }
    return new Intl.NumberFormat(lang, { style: "currency", currency, ...options }).format(value);
  } catch {
    // an unknown currency code: the number and the code as given
    return `${new Intl.NumberFormat("en", options).format(value)} ${currency}`;
  }
}

function isDate(v: EmailValue): v is EmailDate {
  return typeof v === "object" && v !== null && "date" in v;
}

/** One value as text in the language (times in `timeZone`). */
export function formatEmailValue(value: EmailValue, lang: Language | string, timeZone = "UTC"): string {
  if (typeof value === "string") return value;
  if (typeof value === "number") {
    return intlSupports(lang) ? new Intl.NumberFormat(lang).format(value) : new Intl.NumberFormat("en").format(value);
  }
  if (isDate(value)) return formatEmailDate(value.date, lang, value.withTime, timeZone);
  return formatEmailMoney(value.amount, value.currency, lang);
}

const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The placeholder names a text uses. */
export function placeholdersIn(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/**
 * Fills {{name}} from values. A line whose placeholder has an empty value is left out (a rejection
 * without a reason has no "Reason:" line); unknown placeholders stay visible rather than vanishing.
 */
export function renderEmailText(
  template: string,
  values: EmailValues,
  lang: Language | string,
  timeZone = "UTC",
): string {
  const text = (name: string) => name in values ? formatEmailValue(values[name], lang, timeZone) : undefined;
  return template.split("\n")
    .filter((line) => !placeholdersIn(line).some((name) => text(name) === ""))
    .map((line) => line.replace(PLACEHOLDER, (m, name: string) => text(name) ?? m))
    .join("\n");
}

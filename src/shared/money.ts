/**
 * Money as integer cents in code and numeric(14,2) in SQL, never accumulated in binary floating
 * point. Inputs may be numbers or decimal strings with at most two decimals.
 */
export const MAX_CENTS = 99_999_999_999_99; // numeric(14,2)

export function toCents(value: number | string): number | null {
  const text = typeof value === "number" ? (Number.isFinite(value) ? String(value) : "") : value.trim();
  const m = /^(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? "").padEnd(2, "0"));
  return cents <= MAX_CENTS ? cents : null;
}

export function fromCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** Sum of quantity × price over items, exact. */
export function lineTotalCents(quantity: number, priceCents: number): number {
  return quantity * priceCents;
}

export function sumCents(lines: { quantity: number; priceCents: number }[]): number {
  return lines.reduce((acc, l) => acc + lineTotalCents(l.quantity, l.priceCents), 0);
}

// One formatter per locale and currency: building one per call was a list's main cost per row.
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** "$1,234.50" in the user's locale (spec: dollars with two decimals). */
export function formatMoney(value: string | number, locale = "en-US", currency = "USD"): string {
  const n = typeof value === "number" ? value : Number(value);
  const key = `${locale}|${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    // Throws for a bad locale or currency before anything is cached (callers fall back on that).
    format = new Intl.NumberFormat(locale, {
      style: "currency",
      currency,
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    moneyFormats.set(key, format);
  }
  return format.format(Number.isFinite(n) ? n : 0);
}

/**
 * Numbers as quotations print them: 1,234.56 / 1.234,56 / 1 234,56 / 1'234.56, with or without a
 * currency, negative as -12.00 or (12.00). Values are exact: an integer count of 1/1000 (enough
 * for quantities like 2.5 and for cents), never binary floating point.
 *
 * OCR misreads digits in known ways; `variants` lists the plausible readings of a token so that
 * the arithmetic check (quantity × unit price = line total) can pick the one that adds up.
 */

export type DecimalMark = "." | ",";

/** An exact decimal: value = milli / 1000. */
export interface Amount {
  milli: number;
  /** Digits after the decimal mark as printed (0 when none). */
  decimals: number;
}

const CURRENCY_RE = /(US\$|\$|€|£|¥|₹|MVR|Rf\.?|USD|EUR|GBP|CHF|JPY|INR|AUD|CAD|SGD|AED|SAR)/giu;
const SPACES_RE = /[\s\u00a0\u202f\u2009']/gu;

/** The currency named in a token or a text, normalised to an ISO code ("Rf" and "MVR" are MVR). */
export function currencyOf(text: string): string | undefined {
  const m = text.match(CURRENCY_RE);
  if (!m) return undefined;
  const c = m[0].toUpperCase().replace(/\.$/, "");
  const map: Record<string, string> = {
    "$": "USD",
    "US$": "USD",
    "€": "EUR",
    "£": "GBP",
    "¥": "JPY",
    "₹": "INR",
    RF: "MVR",
  };
  return map[c] ?? c;
}

/**
 * Which decimal mark a document uses, from its tokens that can only be read one way
 * ("1.234,56", "12,50" → comma; "1,234.56", "12.50" → point). Point when nothing tells.
 */
export function detectDecimalMark(tokens: string[]): DecimalMark {
  let comma = 0;
  let point = 0;
  for (const t of tokens) {
    const s = t.replace(CURRENCY_RE, "").replace(SPACES_RE, "");
    if (/^-?\(?\d{1,3}(\.\d{3})+,\d{1,2}\)?$/.test(s) || /^-?\(?\d+,\d{2}\)?$/.test(s)) comma++;
    else if (/^-?\(?\d{1,3}(,\d{3})+\.\d{1,2}\)?$/.test(s) || /^-?\(?\d+\.\d{2}\)?$/.test(s)) point++;
  }
  return comma > point ? "," : ".";
}

function toMilli(intDigits: string, fracDigits: string, negative: boolean): Amount | null {
  if (!/^\d+$/.test(intDigits) || (fracDigits && !/^\d+$/.test(fracDigits))) return null;
  if (intDigits.length > 12 || fracDigits.length > 3) return null;
  const milli = Number(intDigits) * 1000 + Number(fracDigits.padEnd(3, "0") || "0");
  return { milli: negative ? -milli : milli, decimals: fracDigits.length };
}

/**
 * The value of a printed number, or null when the token is not a number. `mark` is the document's
 * decimal mark; it decides the ambiguous "1.234" / "1,234" (a thousands group under the other mark).
 */
export function parseAmount(raw: string, mark: DecimalMark = "."): Amount | null {
  let s = raw.trim().replace(CURRENCY_RE, "").replace(SPACES_RE, "");
  if (!s) return null;
  let negative = false;
  if (/^\(.*\)$/.test(s)) {
    negative = true;
    s = s.slice(1, -1);
  }
  if (s.startsWith("-") || s.startsWith("−")) {
    negative = true;
    s = s.slice(1);
  } else if (s.endsWith("-")) {
    negative = true;
    s = s.slice(0, -1);
  }
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  const lastPoint = s.lastIndexOf(".");
  const lastComma = s.lastIndexOf(",");
  if (lastPoint >= 0 && lastComma >= 0) {
    // Both marks: the last one is the decimal mark, the other groups thousands.
    const dec = lastPoint > lastComma ? "." : ",";
    const group = dec === "." ? "," : ".";
    const i = s.lastIndexOf(dec);
    const intPart = s.slice(0, i);
    if (!new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`).test(intPart)) return null;
    return toMilli(intPart.split(group).join(""), s.slice(i + 1), negative);
  }
  const sep = lastPoint >= 0 ? "." : lastComma >= 0 ? "," : "";
  if (!sep) return toMilli(s, "", negative);
  const parts = s.split(sep);
  if (parts.length > 2) {
    // Repeated: thousands groups ("1.234.567"), all but the first exactly three digits.
    if (!parts.slice(1).every((p) => p.length === 3) || parts[0].length > 3 || !parts[0]) return null;
    return toMilli(parts.join(""), "", negative);
  }
  const [a, b] = parts;
  if (!a && b) return toMilli("0", b, negative); // ".50"
  if (b.length === 3 && sep !== mark) return toMilli(a + b, "", negative); // "1,234" in a point document
  if (b.length === 0 || b.length > 3) return null;
  return toMilli(a, b, negative);
}

/** Characters OCR confuses with digits, read as the digit. */
const DIGIT_LOOKALIKES: Record<string, string> = {
  O: "0",
  o: "0",
  D: "0",
  Q: "0",
  l: "1",
  I: "1",
  "|": "1",
  i: "1",
  "!": "1",
  Z: "2",
  z: "2",
  S: "5",
  s: "5",
  B: "8",
  G: "6",
  b: "6",
  g: "9",
  q: "9",
};

/** Whether a token looks like a number, possibly misread (mostly digits and separators). */
export function looksNumeric(raw: string): boolean {
  const s = raw.replace(CURRENCY_RE, "").replace(SPACES_RE, "").replace(/[()\-−]/g, "");
  if (!s) return false;
  const digits = (s.match(/\d/g) ?? []).length;
  const lookalikes = [...s].filter((ch) => ch in DIGIT_LOOKALIKES).length;
  const marks = (s.match(/[.,]/g) ?? []).length;
  return digits >= 1 && digits + lookalikes + marks === s.length && lookalikes <= Math.max(1, digits / 2);
}

export interface Reading extends Amount {
  /** 0 for the reading as printed; higher for less likely corrections. */
  cost: number;
}

/**
 * The plausible values of a printed number: as printed, then with look-alike letters as digits,
 * the decimal mark swapped, and a lost decimal point restored (two decimals). Cheapest first.
 */
export function variants(raw: string, mark: DecimalMark = "."): Reading[] {
  const out: Reading[] = [];
  const seen = new Set<number>();
  const add = (text: string, cost: number, m: DecimalMark = mark) => {
    const a = parseAmount(text, m);
    if (a && !seen.has(a.milli)) {
      seen.add(a.milli);
      out.push({ ...a, cost });
    }
  };
  add(raw, 0);
  const fixed = [...raw].map((ch) => DIGIT_LOOKALIKES[ch] ?? ch).join("");
  if (fixed !== raw) add(fixed, 1);
  const base = fixed;
  add(base, 2, mark === "." ? "," : ".");
  // "," and "." swapped by the reader ("125,50" in a point document)
  const swapped = base.replace(/[.,]/g, (c) => (c === "." ? "," : "."));
  if (swapped !== base) add(swapped, 2);
  // A first digit lost or misread as a currency sign next to a rule ("€,902.85", "£056.80",
  // "056.80"): no number starts with a group mark or with 0 before another digit. Each digit in
  // its place; the arithmetic check keeps the one (if any) that adds up.
  const headless = /^(?:[$€£¥]\s?)?((?:[.,]\d{3}|0\d)[\d.,]*)$/.exec(raw.trim());
  if (headless) { for (let d = 1; d <= 9; d++) add(`${d}${headless[1]}`, 3); }
  // lost decimal point: "12550" → "125.50"; a spurious one: "1.234.5" is not a number anyway
  const digitsOnly = base.replace(/[^\d]/g, "");
  if (digitsOnly.length >= 3 && digitsOnly.length <= 14) {
    add(`${digitsOnly.slice(0, -2)}${mark}${digitsOnly.slice(-2)}`, 3);
  }
  return out;
}

/** "1234.5" style text of an amount with at least `minDecimals` decimals (money: 2). */
export function formatAmount(a: number, minDecimals = 2): string {
  const negative = a < 0;
  const abs = Math.abs(a);
  const int = Math.floor(abs / 1000);
  let frac = String(abs % 1000).padStart(3, "0").replace(/0+$/, "");
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, "0");
  return `${negative ? "-" : ""}${int}${frac ? `.${frac}` : ""}`;
}

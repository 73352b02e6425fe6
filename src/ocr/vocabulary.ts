/**
 * The words quotations use (vocabulary.json, by language: en, es, fr, de, it, nl, pt): column
 * headers by the role of the column, the labels of summary lines (subtotal, tax, shipping...) that
 * are never items, titles of optional parts, unit words. Everything is compared after `normalise`
 * (lower case, accents and punctuation removed). A language is added in the JSON, not here.
 */
import vocabulary from "./vocabulary.json" with { type: "json" };

export type ColumnRole =
  | "lineNo"
  | "code"
  | "description"
  | "quantity"
  | "unit"
  | "unitPrice"
  | "discount"
  | "tax"
  | "gross"
  | "total"
  /** A column the header names with words not in the vocabulary (found by position, table.ts). */
  | "other";

export function normalise(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}%#/ ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

type ByLanguage = Record<string, string[]>;
const DATA = vocabulary as unknown as {
  headers: Record<ColumnRole, ByLanguage>;
  summary: { strong: ByLanguage; weak: ByLanguage };
  sections: { optional: ByLanguage };
  units: string[];
};
const all = (byLanguage: ByLanguage) => Object.entries(byLanguage).flatMap(([k, v]) => (k.startsWith("$") ? [] : v));

const PHRASES = new Map<string, ColumnRole>();
for (const [role, byLanguage] of Object.entries(DATA.headers) as [ColumnRole, ByLanguage][]) {
  for (const p of all(byLanguage)) PHRASES.set(p, role);
}
const MAX_PHRASE_WORDS = 3;

function distance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

/**
 * The column role of a header phrase (normalised words), if it is one. A misread letter is
 * forgiven in words of three letters or more ("Qté" read as "até"), two in words of seven or more.
 */
export function headerRole(words: string[]): ColumnRole | undefined {
  const phrase = words.join(" ");
  // "Price/Unit", "Qty/Menge", "Prezzo/Unità": a slash between words is read as a space, else
  // the words before it name the column.
  const slashed = phrase.includes("/")
    ? PHRASES.get(phrase.replace(/\s*\/\s*/g, " ")) ?? PHRASES.get(phrase.split("/")[0].trim())
    : undefined;
  const exact = PHRASES.get(phrase) ?? slashed;
  if (exact || words.length !== 1 || phrase.length < 3 || !/^\p{L}+$/u.test(phrase)) return exact;
  const allowed = phrase.length >= 7 ? 2 : 1;
  for (const [p, role] of PHRASES) {
    if (p.includes(" ") || p.length < 3 || Math.abs(p.length - phrase.length) > allowed) continue;
    if (distance(p, phrase) <= allowed) return role;
  }
  return undefined;
}

export { MAX_PHRASE_WORDS };

/** Words that make a line a summary line when it has one of them and only words of this list. */
const SUMMARY_STRONG = new Set(all(DATA.summary.strong));
const SUMMARY_WEAK = new Set(all(DATA.summary.weak));

/** Whether a row label (its description text) names a subtotal, tax, shipping, discount... line. */
export function isSummaryLabel(label: string): boolean {
  const words = normalise(label).replace(/\d+([.,]\d+)?\s*%?/g, " ").split(" ").filter(Boolean);
  if (!words.length) return false;
  let strong = false;
  for (const w of words) {
    const parts = w.split("/").filter(Boolean);
    for (const p of parts.length ? parts : [w]) {
      if (SUMMARY_STRONG.has(p)) strong = true;
      else if (!SUMMARY_WEAK.has(p) && !SUMMARY_WEAK.has(w)) return false;
    }
  }
  return strong;
}

/** Unit words that may sit beside a quantity ("40 pcs"). */
export const UNIT_WORDS = new Set(DATA.units);

const OPTIONAL_SECTIONS = new Set(all(DATA.sections.optional));

/**
 * Whether a line is the title of a part whose rows are not quoted items ("Optional items",
 * "Alternativen"): the whole line is one of the titles, a colon or a count aside.
 */
export function isOptionalSection(line: string): boolean {
  const n = normalise(line).replace(/\d+/g, " ").replace(/\s+/g, " ").trim();
  return OPTIONAL_SECTIONS.has(n);
}

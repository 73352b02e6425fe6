/**
 * One document in, the quotation it states out: words per page (the PDF text layer, or OCR for
 * pages and images without one), then the line items and the header fields.
 */
import { readHeaderFields } from "./header-fields.ts";
import { groupLines, lineText, type PageWords } from "./layout.ts";
import { currencyOf, detectDecimalMark } from "./numbers.ts";
import { type ExtractedItem, extractItems, splitWord } from "./table.ts";

export interface ExtractionResult {
  items: ExtractedItem[];
  vendorName?: string;
  quoteNumber?: string;
  date?: string;
  validityPeriod?: number;
  currency?: string;
  notes?: string;
  /** 0–1: the mean of the items' confidences (0 without items). */
  confidence: number;
  pages: number;
  warnings: string[];
}

/**
 * How good a reading of pages is, to choose between two readings of a page: how many items add
 * up, how many do not (`unverified`), and whether their totals add up to the document's subtotal
 * or total.
 */
export function assess(pages: PageWords[]): { checked: number; unverified: number; balanced?: boolean } {
  const mark = detectDecimalMark(pages.flatMap((p) => p.words.flatMap(splitWord).map((w) => w.text)));
  const table = extractItems(pages, mark);
  const checked = table.items.filter((i) => i.check !== "unverified").length;
  return { checked, unverified: table.items.length - checked, balanced: table.balanced };
}

/** What the document says, from its pages' words. */
export function interpret(pages: PageWords[], warnings: string[] = []): ExtractionResult {
  const allTokens = pages.flatMap((p) => p.words.flatMap(splitWord).map((w) => w.text));
  const mark = detectDecimalMark(allTokens);
  const table = extractItems(pages, mark);
  const lines = pages.flatMap((p) => groupLines(p.words).map(lineText));
  const { deliveryTime, ...fields } = readHeaderFields(lines);
  const out: ExtractionResult = {
    items: table.items,
    ...fields,
    // The form has one notes field: the payment terms and the delivery time go there together.
    notes: [fields.notes, deliveryTime].filter(Boolean).join("; ") || undefined,
    currency: fields.currency ?? table.currency ?? currencyNamed(lines),
    confidence: table.items.length
      ? Math.round((table.items.reduce((s, i) => s + i.confidence, 0) / table.items.length) * 100) / 100
      : 0,
    pages: pages.length,
    warnings: [...warnings],
  };
  if (!table.headerFound) out.warnings.push("noTableHeader");
  if (!table.items.length) out.warnings.push("noItems");
  if (table.items.some((i) => i.check === "unverified")) out.warnings.push("unverifiedItems");
  return out;
}

/** The currency most often named anywhere ("Total USD", "Unit price (EUR)", "Rf 12.00"), if any. */
function currencyNamed(lines: string[]): string | undefined {
  const counts = new Map<string, number>();
  for (const line of lines) {
    for (const token of line.split(/[\s()]+/)) {
      const c = /^(USD|EUR|GBP|MVR|CHF|JPY|INR|AUD|CAD|SGD|AED|SAR|Rf\.?|[$€£])$/i.test(token)
        ? currencyOf(token)
        : undefined;
      if (c) counts.set(c, (counts.get(c) ?? 0) + 1);
    }
  }
  return [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
}

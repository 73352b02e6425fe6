/**
 * The document-level check: the line totals of a quotation add up to its subtotal (or, without
 * one, its total). A blurred or low-resolution copy can lose the decimal marks of a price and its
 * line total together ("161.87 | 8,902.85" read "16187 | 890285"): the row still multiplies out,
 * so only the document's sum catches it. When the sum misses every summary amount, the rows whose
 * price and total were both read without a mark are tried with the marks put back, and the fewest
 * such rows that make the sum hit a summary amount exactly are corrected.
 */
import type { ExtractedItem } from "./table.ts";
import { type DecimalMark, formatAmount, parseAmount } from "./numbers.ts";

/** Digits only once a currency and spaces are gone. */
const bareDigits = (s?: string) => !!s && /^\d{3,}$/.test(s.replace(/[$€£\s]|MVR|Rf\.?/g, ""));

const toCents = (s: string) => Math.round(Number(s) * 100);

/** At most this many rows are tried together (2^n sums). */
const MAX_SUSPECTS = 12;

const targetCents = (summaryAmounts: string[], mark: DecimalMark) =>
  new Set(
    summaryAmounts.map((s) => parseAmount(s, mark)).filter((a) => a && a.decimals === 2 && a.milli > 0).map((a) =>
      Math.round(a!.milli / 10)
    ),
  );

/** Whether the items' line totals add up to one of the summary amounts; undefined without any. */
export function balanced(items: ExtractedItem[], summaryAmounts: string[], mark: DecimalMark): boolean | undefined {
  const targets = targetCents(summaryAmounts, mark);
  if (!targets.size) return undefined;
  return items.length > 0 && targets.has(items.reduce((s, i) => s + toCents(i.totalPrice), 0));
}

export function reconcileTotals(
  items: ExtractedItem[],
  raw: { unitPrice?: string; total?: string }[],
  summaryAmounts: string[],
  mark: DecimalMark,
): ExtractedItem[] {
  const targets = targetCents(summaryAmounts, mark);
  if (!targets.size || !items.length) return items;
  const sum = items.reduce((s, i) => s + toCents(i.totalPrice), 0);
  if (targets.has(sum)) return items;
  const suspects = items
    .map((item, i) => ({ item, i }))
    .filter(({ item, i }) =>
      item.check !== "unverified" && bareDigits(raw[i]?.unitPrice) && bareDigits(raw[i]?.total) &&
      toCents(item.totalPrice) % 100 === 0 && toCents(item.unitPrice) % 100 === 0
    )
    .slice(0, MAX_SUSPECTS);
  let best: number[] | undefined;
  for (let mask = 1; mask < 1 << suspects.length; mask++) {
    const chosen = suspects.filter((_, k) => mask & (1 << k));
    if (best && chosen.length >= best.length) continue;
    const shifted = chosen.reduce((s, { item }) => s - toCents(item.totalPrice) + toCents(item.totalPrice) / 100, sum);
    if (targets.has(Math.round(shifted))) best = chosen.map((c) => c.i);
  }
  if (!best) return items;
  const fix = new Set(best);
  return items.map((item, i) => {
    if (!fix.has(i)) return item;
    const cellConfidence = {
      ...item.cellConfidence,
      unitPrice: Math.min(item.cellConfidence.unitPrice, 0.7),
      totalPrice: Math.min(item.cellConfidence.totalPrice, 0.7),
    };
    return {
      ...item,
      // Cents of the value as printed are whole units: a hundredth of them is the value with its mark.
      unitPrice: formatAmount(toCents(item.unitPrice) / 10),
      totalPrice: formatAmount(toCents(item.totalPrice) / 10),
      check: "corrected" as const,
      cellConfidence,
      confidence: Math.round(Math.min(...Object.values(cellConfidence)) * 100) / 100,
    };
  });
}

/**
 * Which request item each extracted line answers: name similarity (character trigrams, so "Office
 * chair ergonomic" finds "Ergonomic office chairs") plus agreement of the quantity. Each request
 * item is taken at most once, best pairs first; weak pairs stay unmatched for the reviewer.
 */
import { normalise } from "./vocabulary.ts";

export interface RequestItem {
  id: number;
  name: string;
  quantity: number;
}

function trigrams(text: string): Set<string> {
  const t = ` ${normalise(text)} `;
  const out = new Set<string>();
  for (let i = 0; i + 3 <= t.length; i++) out.add(t.slice(i, i + 3));
  return out;
}

export function similarity(a: string, b: string): number {
  const x = trigrams(a);
  const y = trigrams(b);
  if (!x.size || !y.size) return 0;
  let common = 0;
  for (const g of x) if (y.has(g)) common++;
  return (2 * common) / (x.size + y.size);
}

const THRESHOLD = 0.3;

/** itemId per line index (absent when no request item fits). */
export function matchItems(lines: { name: string; quantity: string }[], items: RequestItem[]): (number | undefined)[] {
  const pairs: { line: number; item: number; score: number }[] = [];
  lines.forEach((l, li) => {
    items.forEach((it, ii) => {
      const sim = similarity(l.name, it.name);
      if (sim < THRESHOLD) return;
      pairs.push({ line: li, item: ii, score: sim + (Number(l.quantity) === it.quantity ? 0.25 : 0) });
    });
  });
  pairs.sort((a, b) => b.score - a.score);
  const out: (number | undefined)[] = lines.map(() => undefined);
  const used = new Set<number>();
  for (const p of pairs) {
    if (out[p.line] !== undefined || used.has(p.item)) continue;
    out[p.line] = items[p.item].id;
    used.add(p.item);
  }
  return out;
}

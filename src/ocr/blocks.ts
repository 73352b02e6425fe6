/**
 * Items laid out as blocks instead of table rows (cards, "label: value" lists): a name on one
 * line, its figures on the lines under it or beside it, maybe behind labels ("Qty 3", "Unit price
 * 12.00", "Total 36.00"). Without a header and without lines that end in their figures, a few
 * consecutive lines whose numbers hold a quantity × unit price = total are an item; its name is
 * the first of them with words that are no label, number or currency. Only arithmetic that adds
 * up exactly makes an item, so a terms paragraph full of numbers gives none.
 */
import { checkRow } from "./check.ts";
import { type Line, lineText, type Word } from "./layout.ts";
import { type DecimalMark, looksNumeric } from "./numbers.ts";
import { headerRole, isSummaryLabel, MAX_PHRASE_WORDS, normalise, UNIT_WORDS } from "./vocabulary.ts";

/** An item's block spans at most this many lines. */
const MAX_BLOCK_LINES = 4;
/** A card holds a few figures: its quantity, price and total, maybe a code or a size. */
const MAX_BLOCK_FIGURES = 12;

export interface BlockItem {
  quantity: Word;
  unitPrice: Word;
  total: Word;
  unit?: string;
  /** The name's words (figures, labels and signs left out). */
  nameWords: Word[];
  /** The index of the block's last line. */
  last: number;
}

/** Figures: numbers that are not dates, percentages or long codes. */
const figure = (w: Word) => looksNumeric(w.text) && !/%/.test(w.text) && !/^\d{5,}$/.test(w.text);

/** How many words from `i` make a label ("Qty:", "Unit price", "Total") or a currency sign; 0 for none. */
function labelWord(ws: Word[], i: number): number {
  const t = normalise(ws[i].text);
  if (!t || /^[$€£:]+$/.test(ws[i].text.trim())) return 1;
  for (let k = MAX_PHRASE_WORDS; k >= 1; k--) {
    const span = ws.slice(i, i + k).map((w) => normalise(w.text)).filter(Boolean);
    if (span.length === k && headerRole(span)) return k;
  }
  return 0;
}

/** The quantity, unit price and total among `nums` (in reading order), if three of them add up. */
function triple(nums: Word[], mark: DecimalMark): [Word, Word, Word] | undefined {
  // The total is usually the last figure and the largest; the quantity a whole number before the price.
  for (let t = nums.length - 1; t >= 2; t--) {
    for (let a = 0; a < t; a++) {
      for (let b = 0; b < t; b++) {
        if (a === b) continue;
        const [q, p] = [nums[a], nums[b]];
        const r = checkRow({ quantity: q.text, unitPrice: p.text, total: nums[t].text }, mark, new Set(), false);
        if (r.check === "verified" && (a < b || !/^\d+$/.test(p.text))) return [q, p, nums[t]];
      }
    }
  }
  return undefined;
}

/**
 * The name of a block: the words of its lines that are neither its figures nor labels, lines
 * without a word of two letters left out ("Qty 3 pcs"); a unit word right after the quantity is
 * its unit.
 */
function nameOf(block: Line[], t: Word[]): { nameWords: Word[]; unit?: string } {
  const nameWords: Word[] = [];
  let unit: string | undefined;
  for (const l of block) {
    const kept: Word[] = [];
    for (let j = 0; j < l.words.length;) {
      const w = l.words[j];
      // A figure of the item, or a sign between two of them ("12 × 64.90 = 778.80").
      const between = /^[×x*@=]$/i.test(w.text) && (t.includes(l.words[j - 1]) || t.includes(l.words[j + 1]));
      if (t.includes(w) || between) {
        j++;
      } else if (UNIT_WORDS.has(normalise(w.text)) && j > 0 && l.words[j - 1] === t[0]) {
        unit = w.text;
        j++;
      } else {
        const skip = labelWord(l.words, j);
        if (!skip) kept.push(w);
        j += skip || 1;
      }
    }
    if (kept.some((w) => /\p{L}{2}/u.test(w.text))) nameWords.push(...kept);
  }
  return { nameWords, unit };
}

/** The block items of a page's lines, top to bottom; `h` is the page's typical line height. */
export function blockItems(lines: Line[], mark: DecimalMark, h: number): BlockItem[] {
  const items: BlockItem[] = [];
  let i = 0;
  while (i < lines.length) {
    let found: BlockItem | undefined;
    for (let k = 1; k <= MAX_BLOCK_LINES && i + k <= lines.length && !found; k++) {
      const block = lines.slice(i, i + k);
      // A block is close lines: a wide gap ends it.
      if (k > 1 && block[k - 1].y0 - block[k - 2].y1 > h * 1.6) break;
      if (block.some((l) => isSummaryLabel(lineText(l)))) break;
      const nums = block.flatMap((l) => l.words.filter(figure));
      // Every order of three figures is tried: a block full of numbers (a table of rates, a
      // terms paragraph) is no card and would cost thousands of checks.
      const t = nums.length >= 3 && nums.length <= MAX_BLOCK_FIGURES ? triple(nums, mark) : undefined;
      if (!t) continue;
      // The block starts after its last clear gap (a title or the previous card above it).
      let s = i;
      for (let j = i + 1; j < i + k; j++) {
        if (
          block[j - i].y0 - block[j - i - 1].y1 > h * 0.9 &&
          t.every((w) => lines.slice(j, i + k).some((l) => l.words.includes(w)))
        ) {
          s = j;
        }
      }
      const { nameWords, unit } = nameOf(lines.slice(s, i + k), t);
      if (!nameWords.length) continue;
      found = {
        quantity: t[0],
        unitPrice: t[1],
        total: t[2],
        unit,
        nameWords,
        last: i + k - 1,
      };
    }
    if (found) {
      items.push(found);
      i = found.last + 1;
    } else i++;
  }
  return items;
}

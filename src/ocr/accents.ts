/**
 * Letters put right on a recognised page: accents, and two unit signs. The recogniser reads
 * English, Spanish, French and German at once, and on a poor scan it takes one accent for
 * another ("Röhre" as "Róhre", "Migração" as "Migraçäo"). The page's language is told from its common words and its own letters
 * (src/ocr/vocabulary.json, "languages"); letters that language never uses become the ones it
 * has in their place. A page whose language is unclear is left as it is.
 */
import type { Word } from "./layout.ts";
import vocabulary from "./vocabulary.json" with { type: "json" };
import { normalise } from "./vocabulary.ts";

type Language = { words: string[]; letters: string; accents: Record<string, string> };
const LANGUAGES = Object.entries(vocabulary.languages as unknown as Record<string, Language | string>)
  .filter((e): e is [string, Language] => !e[0].startsWith("$"))
  .map(([code, l]) => ({
    code,
    words: new Set(l.words),
    letters: l.letters,
    // Longer sequences first ("áo" before any single letter).
    accents: Object.entries(l.accents).sort((a, b) => b[0].length - a[0].length),
  }));

/** How many languages have each common word: "de" is Spanish, Portuguese, French and Dutch. */
const SHARED = new Map<string, number>();
for (const l of LANGUAGES) for (const w of l.words) SHARED.set(w, (SHARED.get(w) ?? 0) + 1);

/**
 * A page's language: the one with the most evidence (a common word counts for each language that
 * has it, shared out; a letter of its own half a word), when it has some and clearly leads.
 */
export function pageLanguage(words: Word[]): string | undefined {
  const score = new Map<string, number>();
  for (const w of words) {
    const n = normalise(w.text);
    for (const l of LANGUAGES) {
      let s = l.words.has(n) ? 1 / SHARED.get(n)! : 0;
      for (const ch of w.text.toLowerCase()) if (l.letters.includes(ch)) s += 0.5;
      if (s) score.set(l.code, (score.get(l.code) ?? 0) + s);
    }
  }
  const ranked = [...score].sort((a, b) => b[1] - a[1]);
  const [first, second] = ranked;
  if (!first || first[1] < 3 || (second && first[1] < second[1] * 1.3)) return undefined;
  return first[0];
}

/** The words with the accents their page's language uses. */
export function fixAccents(words: Word[]): Word[] {
  const code = pageLanguage(words);
  const lang = LANGUAGES.find((l) => l.code === code);
  if (!lang?.accents.length) return words;
  return words.map((w) => {
    let text = w.text;
    for (const [from, to] of lang.accents) if (text.includes(from)) text = text.split(from).join(to);
    return text === w.text ? w : { ...w, text };
  });
}

/**
 * Unit signs the recogniser cannot read: "m²" comes out as "m?" ("80 g/m?"), and a litre's "l"
 * standing close after a number as the digit "1" ("120 1" for "120 l"). A "1" is taken for "l" only
 * when it follows a number within a narrow space (about half a character's height) and
 * nothing follows it closely: a quantity or a price in the next column stands a column gap away.
 */
export function fixUnitSigns(words: Word[]): Word[] {
  return words.map((w) => {
    if (/^(\d+|.*\/)?m\?$/.test(w.text)) return { ...w, text: w.text.replace(/\?$/, "²") };
    if (w.text !== "1") return w;
    const h = w.y1 - w.y0;
    // Its neighbours on the line by position: the recogniser lists a line's blocks in any order.
    const line = words.filter((o) => o !== w && Math.abs((o.y0 + o.y1) / 2 - (w.y0 + w.y1) / 2) < h / 2);
    const before = line.filter((o) => o.x1 <= w.x0 + 1).sort((a, b) => b.x1 - a.x1)[0];
    const after = line.filter((o) => o.x0 >= w.x1 - 1).sort((a, b) => a.x0 - b.x0)[0];
    const close = before && /^\d+([.,]\d+)?$/.test(before.text) && w.x0 - before.x1 < h * 0.6;
    const alone = !after || after.x0 - w.x1 > h;
    return close && alone ? { ...w, text: "l" } : w;
  });
}

/**
 * Accents put right on a recognised page. The recogniser reads English, Spanish, French and
 * German at once, and on a poor scan it takes one accent for another ("Röhre" as "Róhre",
 * "Migração" as "Migraçäo"). The page's language is told from its common words and its own letters
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

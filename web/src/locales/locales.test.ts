/**
 * Every language has every key, no empty text, no untranslated copy of the English text (except a
 * short allowlist), and the same {{interpolation}} variables as English.
 */
import assert from "node:assert/strict";

const LANGS = ["en", "es", "fr", "de", "dv"] as const;

/** Keys whose text may equal English in another language (brand and format names). */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>([]);

type Tree = { [key: string]: string | Tree };

async function load(lang: string): Promise<Tree> {
  return JSON.parse(await Deno.readTextFile(new URL(`./${lang}.json`, import.meta.url)));
}

function flatten(tree: Tree, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
}

const flat = new Map<string, Map<string, unknown>>();
for (const lang of LANGS) flat.set(lang, flatten(await load(lang)));
const en = flat.get("en")!;

Deno.test("[locales] English has keys and every value is a non-empty string", () => {
  assert.ok(en.size > 0);
  for (const [key, value] of en) {
    assert.equal(typeof value, "string", `en: ${key} is not a string`);
    assert.notEqual((value as string).trim(), "", `en: ${key} is empty`);
  }
});

for (const lang of LANGS.filter((l) => l !== "en")) {
  const messages = flat.get(lang)!;

  Deno.test(`[locales] ${lang} has exactly the English keys`, () => {
    const missing = [...en.keys()].filter((k) => !messages.has(k));
    const extra = [...messages.keys()].filter((k) => !en.has(k));
    assert.deepEqual(missing, [], `${lang} lacks keys`);
    assert.deepEqual(extra, [], `${lang} has keys English does not`);
  });

  Deno.test(`[locales] ${lang} values are non-empty strings`, () => {
    for (const [key, value] of messages) {
      assert.equal(typeof value, "string", `${lang}: ${key} is not a string`);
      assert.notEqual((value as string).trim(), "", `${lang}: ${key} is empty`);
    }
  });

  Deno.test(`[locales] ${lang} is translated, not copied from English`, () => {
    const copied = [...messages].filter(([key, value]) =>
      !SAME_AS_ENGLISH_ALLOWED.has(key) && en.has(key) && value === en.get(key)
    ).map(([key]) => key);
    assert.deepEqual(copied, [], `${lang} repeats the English text`);
  });

  Deno.test(`[locales] ${lang} uses the same interpolation variables as English`, () => {
    for (const [key, value] of messages) {
      const english = en.get(key);
      if (typeof english !== "string" || typeof value !== "string") continue;
      assert.deepEqual(variables(value), variables(english), `${lang}: ${key} variables differ`);
    }
  });
}

Deno.test('[locales] every literal t("key") in the SPA source exists in English', async () => {
  const missing: string[] = [];
  const walk = async (dir: URL) => {
    for await (const entry of Deno.readDir(dir)) {
      const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
      if (entry.isDirectory) await walk(url);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        const source = await Deno.readTextFile(url);
        for (const match of source.matchAll(/\bt\(\s*"([^"]+)"/g)) {
          if (!en.has(match[1])) missing.push(`${entry.name}: ${match[1]}`);
        }
      }
    }
  };
  await walk(new URL("../", import.meta.url));
  assert.deepEqual(missing, []);
});

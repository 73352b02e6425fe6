/**
 * Every language has every key, no empty text, no untranslated copy of the English text (except a
 * short allowlist), and the same {{interpolation}} variables as English.
 */
import assert from "node:assert/strict";

const LANGS = ["en", "es", "fr", "de", "dv"] as const;

/** Keys whose text may equal English in another language (brand and format names). */
const SAME_AS_ENGLISH_ALLOWED = new Set<string>([
  // A schema's own message passed through; the SPA translates it with the feature's message table.
  "errors:generic.validation",
  // Arrows, brackets and unit symbols several languages write as English does.
  "translation:history.change",
  "translation:history.actions.other",
  "translation:history.time.zoned",
  "translation:history.time.days",
  "translation:history.time.hours",
  "translation:history.time.minutes",
  "translation:history.no",
  "translation:history.fields.status",
]);

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = "", out = new Map<string, unknown>()): Map<string, unknown> {
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (value && typeof value === "object" && !Array.isArray(value)) flatten(value, path, out);
    else out.set(path, value);
  }
  return out;
}

/**
 * i18next plural forms (`key_one`, `key_other`, ...): each language has exactly the forms its plural
 * rules use (French and Spanish also `_many`), so they are compared by their base key.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const pluralBase = (key: string) => key.replace(PLURAL, "");
const pluralForms = (lang: string) => new Intl.PluralRules(lang).resolvedOptions().pluralCategories;

/** Keys with plural forms collapsed to their base key. */
function baseKeys(messages: Map<string, unknown>): Set<string> {
  return new Set([...messages.keys()].map(pluralBase));
}

function variables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([^},\s]+)[^}]*\}\}/g)].map((m) => m[1]).sort();
}

/**
 * The bundles: the app-wide one (this folder, namespace "translation") and one per feature
 * (web/src/features/<feature>/locales, namespace "<feature>").
 */
const bundles = new Map<string, URL>([["translation", new URL("./", import.meta.url)]]);
const featuresDir = new URL("../features/", import.meta.url);
for await (const entry of Deno.readDir(featuresDir)) {
  const dir = new URL(`${entry.name}/locales/`, featuresDir);
  try {
    if (entry.isDirectory && (await Deno.stat(dir)).isDirectory) bundles.set(entry.name, dir);
  } catch { /* feature without its own strings */ }
}

const flatByNamespace = new Map<string, Map<string, Map<string, unknown>>>();
for (const [ns, dir] of bundles) {
  const flat = new Map<string, Map<string, unknown>>();
  for (const lang of LANGS) {
    let tree: Tree = {};
    try {
      tree = JSON.parse(await Deno.readTextFile(new URL(`${lang}.json`, dir)));
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
    flat.set(lang, flatten(tree));
  }
  flatByNamespace.set(ns, flat);
}

for (const [ns, flat] of flatByNamespace) {
  const english = flat.get("en")!;

  Deno.test(`[locales] ${ns}: English has keys and every value is a non-empty string`, () => {
    assert.ok(english.size > 0, `${ns}: en.json is missing or empty`);
    for (const [key, value] of english) {
      assert.equal(typeof value, "string", `en: ${key} is not a string`);
      assert.notEqual((value as string).trim(), "", `en: ${key} is empty`);
    }
  });

  for (const lang of LANGS.filter((l) => l !== "en")) {
    const messages = flat.get(lang)!;

    Deno.test(`[locales] ${ns}: ${lang} has exactly the English keys, translated, non-empty, same variables`, () => {
      const englishBases = baseKeys(english);
      const bases = baseKeys(messages);
      const missing = [...englishBases].filter((k) => !bases.has(k));
      const extra = [...bases].filter((k) => !englishBases.has(k));
      assert.deepEqual(missing, [], `${ns}/${lang} lacks keys`);
      assert.deepEqual(extra, [], `${ns}/${lang} has keys English does not`);
      // A plural key has exactly the forms of the language's plural rules.
      for (const base of englishBases) {
        if (english.has(base)) continue;
        const forms = [...messages.keys()].filter((k) => pluralBase(k) === base).map((k) => k.slice(base.length + 1));
        assert.deepEqual(forms.sort(), [...pluralForms(lang)].sort(), `${ns}/${lang}: plural forms of ${base}`);
      }
      for (const [key, value] of messages) {
        assert.equal(typeof value, "string", `${ns}/${lang}: ${key} is not a string`);
        assert.notEqual((value as string).trim(), "", `${ns}/${lang}: ${key} is empty`);
        const plural = !english.has(key) && PLURAL.test(key);
        const eng = english.get(plural ? `${pluralBase(key)}_other` : key);
        if (typeof eng !== "string") continue;
        if (!SAME_AS_ENGLISH_ALLOWED.has(`${ns}:${key}`) && !plural) {
          assert.notEqual(value, eng, `${ns}/${lang}: ${key} repeats the English text`);
        }
        // A singular form may say "one" in words instead of showing {{count}}.
        const expected = variables(eng).filter((v) =>
          !(plural && v === "count" && !variables(value as string).includes(v))
        );
        assert.deepEqual(variables(value as string), expected, `${ns}/${lang}: ${key} variables differ`);
      }
    });
  }
}

Deno.test('[locales] every literal t("key") in the SPA source exists in English', async () => {
  const missing: string[] = [];
  const walk = async (dir: URL) => {
    for await (const entry of Deno.readDir(dir)) {
      const url = new URL(entry.name + (entry.isDirectory ? "/" : ""), dir);
      if (entry.isDirectory) await walk(url);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.endsWith(".test.ts")) {
        const source = await Deno.readTextFile(url);
        // A file that names a namespace (useTranslation("users")) is checked against that bundle.
        const nsMatch = /useTranslation\(\s*"([^"]+)"/.exec(source);
        const ns = nsMatch?.[1] ?? "translation";
        const keys = flatByNamespace.get(ns)?.get("en");
        for (const match of source.matchAll(/\bt\(\s*"([^"]+)"/g)) {
          const [keyNs, key] = match[1].includes(":") ? match[1].split(":", 2) : [ns, match[1]];
          const bundle = keyNs === ns ? keys : flatByNamespace.get(keyNs)?.get("en");
          if (!bundle?.has(key) && !bundle?.has(`${key}_other`)) missing.push(`${entry.name}: ${match[1]}`);
        }
      }
    }
  };
  await walk(new URL("../", import.meta.url));
  assert.deepEqual(missing, []);
});

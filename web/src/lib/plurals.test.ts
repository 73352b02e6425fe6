/** Counted phrases use i18next plural forms: "1 sealed submission", never "1 sealed submissions". */
import assert from "node:assert/strict";
import i18next, { type Resource } from "i18next";

const LANGS = ["en", "es", "fr", "de", "dv"] as const;

async function bundle(lang: string) {
  return JSON.parse(await Deno.readTextFile(new URL(`../features/quotations/locales/${lang}.json`, import.meta.url)));
}

Deno.test("[i18n] the sealed line agrees with its counts in every language", async () => {
  const resources: Resource = {};
  for (const lang of LANGS) resources[lang] = { quotations: await bundle(lang) };
  const i18n = i18next.createInstance();
  await i18n.init({ resources, lng: "en", fallbackLng: false, interpolation: { escapeValue: false } });
  const line = (lang: string, bids: number, submissions: number) => {
    const t = i18n.getFixedT(lang, "quotations");
    return t("stats.sealedLine", {
      count: bids,
      bids,
      submissions: t("stats.sealedSubmissionCount", { count: submissions, value: submissions }),
    });
  };
  assert.equal(line("en", 1, 1), "1 sealed bid request holds 1 sealed submission until it is unsealed.");
  assert.equal(line("en", 2, 5), "2 sealed bid requests hold 5 sealed submissions until they are unsealed.");
  assert.equal(line("fr", 1, 1), "1 appel d'offres scellé conserve 1 offre scellée jusqu'à son ouverture.");
  assert.equal(line("de", 3, 1), "3 versiegelte Ausschreibungen halten 1 versiegeltes Angebot bis zur Öffnung zurück.");
  for (const lang of LANGS) {
    for (const [bids, submissions] of [[1, 1], [2, 7], [1_000_000, 1_000_000]]) {
      const text = line(lang, bids, submissions);
      assert.doesNotMatch(text, /stats\.|_one|_other/, `${lang}: ${text}`);
      assert.ok(text.includes(String(submissions)), `${lang}: ${text}`);
    }
  }
});

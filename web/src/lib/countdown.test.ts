import assert from "node:assert/strict";
import i18next from "i18next";
import en from "../locales/en.json" with { type: "json" };
import dv from "../locales/dv.json" with { type: "json" };
import fr from "../locales/fr.json" with { type: "json" };
import { countdown, countdownText, untilNextMinute } from "./countdown.ts";

const MIN = 60_000, HOUR = 60 * MIN, DAY = 24 * HOUR;
const now = Date.UTC(2026, 10, 29, 8, 0, 0);

async function tFor(lang: string) {
  const i18n = i18next.createInstance();
  await i18n.init({
    resources: { en: { translation: en }, dv: { translation: dv }, fr: { translation: fr } },
    lng: lang,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

Deno.test("[countdown] the time left in whole units, rounded down", () => {
  assert.deepEqual(countdown(now + 2 * HOUR + 15 * MIN + 59_000, now), {
    kind: "left",
    days: 0,
    hours: 2,
    minutes: 15,
  });
  assert.deepEqual(countdown(now + 3 * DAY + 5 * HOUR, now), { kind: "left", days: 3, hours: 5, minutes: 0 });
  assert.deepEqual(countdown(now + 59_999, now), { kind: "underMinute" });
  assert.deepEqual(countdown(now, now), { kind: "closed" });
  assert.deepEqual(countdown(now - 1, now), { kind: "closed" });
});

Deno.test("[countdown] reads 'closes in 2 h 15 min', at most two units, in the reader's language", async () => {
  const t = await tFor("en");
  assert.equal(countdownText(t, "en", now + 2 * HOUR + 15 * MIN, now), "closes in 2 h 15 min");
  assert.equal(countdownText(t, "en", now + 2 * HOUR, now), "closes in 2 h");
  assert.equal(countdownText(t, "en", now + 45 * MIN + 30_000, now), "closes in 45 min");
  assert.equal(countdownText(t, "en", now + 3 * DAY + 5 * HOUR + 7 * MIN, now), "closes in 3 d 5 h");
  assert.equal(countdownText(t, "en", now + 10_000, now), "closes in less than a minute");
  assert.equal(countdownText(t, "en", now - MIN, now), "bidding closed");
  assert.equal(countdownText(await tFor("fr"), "fr", now + 2 * HOUR + 15 * MIN, now), "clôture dans 2 h 15 min");
  const thaana = countdownText(await tFor("dv"), "dv", now + 2 * HOUR + 15 * MIN, now);
  assert.match(thaana, /[\u0780-\u07BF]/, thaana);
  assert.match(thaana, /2 .*15 /, thaana);
});

Deno.test("[countdown] the next update comes when the minute shown changes", () => {
  assert.equal(untilNextMinute(now + 2 * HOUR + 15 * MIN + 20_000, now), 20_000);
  assert.equal(untilNextMinute(now + 2 * HOUR, now), MIN);
});

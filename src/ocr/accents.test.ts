/**
 * Accents put right on a recognised page by its language: a German page's "Róhre" is "Röhre", a
 * Portuguese page's "Migraçäo" is "Migração"; a Spanish page keeps its acute accents, and a page
 * whose language is unclear is left as read.
 */
import assert from "node:assert/strict";
import { fixAccents, pageLanguage } from "./accents.ts";
import type { Word } from "./layout.ts";

const page = (text: string): Word[] =>
  text.split(" ").map((t, i) => ({ text: t, x0: i * 50, x1: i * 50 + 40, y0: 0, y1: 10, conf: 0.9 }));
const texts = (ws: Word[]) => ws.map((w) => w.text).join(" ");

Deno.test("[ocr] accents foreign to the page's language are put right", () => {
  const de = page("Angebot Menge Preis LED-Róhre T8 und Bürostuhl mit Lieferung für Hángeregistraturschrank Zahlung");
  assert.equal(pageLanguage(de), "de");
  assert.equal(
    texts(fixAccents(de)),
    "Angebot Menge Preis LED-Röhre T8 und Bürostuhl mit Lieferung für Hängeregistraturschrank Zahlung",
  );
  const pt = page("Orçamento Migraçäo de dados Gestáo de projeto com pagamento a 45 dias valor");
  assert.equal(pageLanguage(pt), "pt");
  assert.equal(texts(fixAccents(pt)), "Orçamento Migração de dados Gestão de projeto com pagamento a 45 dias valor");
  const es = page("Presupuesto Cantidad Precio Migración de datos Pizarra magnética con entrega para los días");
  assert.equal(pageLanguage(es), "es");
  assert.equal(texts(fixAccents(es)), texts(es));
});

Deno.test("[ocr] a page whose language is unclear is left as read", () => {
  const few = page("Róhre 12 4,50");
  assert.equal(pageLanguage(few), undefined);
  assert.equal(fixAccents(few).map((w) => w.text).join(" "), "Róhre 12 4,50");
});

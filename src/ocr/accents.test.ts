/**
 * Accents put right on a recognised page by its language: a German page's "Róhre" is "Röhre", a
 * Portuguese page's "Migraçäo" is "Migração"; a Spanish page keeps its acute accents, and a page
 * whose language is unclear is left as read.
 */
import assert from "node:assert/strict";
import { fixAccents, fixUnitSigns, pageLanguage } from "./accents.ts";
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

Deno.test('[ocr] m² read as "m?" and a litre\'s l read as 1 are put right; a 1 a column away stays', () => {
  const line = (cells: [number, string][]): Word[] =>
    cells.map(([x, t]) => ({ text: t, x0: x, x1: x + t.length * 9, y0: 100, y1: 118, conf: 0.9 }));
  const fixed = (cells: [number, string][]) => fixUnitSigns(line(cells)).map((w) => w.text).join(" ");
  assert.equal(fixed([[0, "Copy"], [50, "paper"], [110, "80"], [134, "g/m?"], [400, "11"]]), "Copy paper 80 g/m² 11");
  assert.equal(fixed([[0, "Sacks"], [60, "120"], [92, "1"], [400, "8"]]), "Sacks 120 l 8");
  // "Cable 2 | 1 | 4.50": the quantity 1 stands a column gap after the description's number.
  assert.equal(fixed([[0, "Cable"], [60, "2"], [140, "1"], [300, "4.50"]]), "Cable 2 1 4.50");
  // "120 1 20" (a 1 followed closely by another number) is left alone.
  assert.equal(fixed([[0, "Box"], [40, "120"], [72, "1"], [84, "20"]]), "Box 120 1 20");
});

/**
 * The fields around the table in the languages added with it, nl and pt, and the delivery time,
 * which joins the payment terms in the notes (not a "Delivery 25.00" charge in the totals).
 */
import assert from "node:assert/strict";
import { readHeaderFields } from "./header-fields.ts";

Deno.test("[ocr/fields] Italian, Dutch and Portuguese quotation numbers, dates, validity and terms", () => {
  assert.deepEqual(
    readHeaderFields([
      "Forniture Rossi S.r.l.",
      "Preventivo n. PV-2026-118",
      "Data: 14/03/2026",
      "Offerta valida 45 giorni",
      "Condizioni di pagamento: 30 gg d.f.f.m.",
      "Tempi di consegna: 2-3 settimane",
    ]),
    {
      vendorName: "Forniture Rossi S.r.l.",
      quoteNumber: "PV-2026-118",
      date: "2026-03-14",
      validityPeriod: 45,
      notes: "Condizioni di pagamento: 30 gg d.f.f.m.",
      deliveryTime: "Tempi di consegna: 2-3 settimane",
    },
  );
  const nl = readHeaderFields(["Van Dijk Kantoor B.V.", "Offerte nr. OF-7781", "Datum: 02-05-2026", "Geldig 30 dagen"]);
  assert.deepEqual([nl.quoteNumber, nl.date, nl.validityPeriod], ["OF-7781", "2026-05-02", 30]);
  const pt = readHeaderFields([
    "Papelaria Lisboa Lda",
    "Orçamento nº ORC-551",
    "Válida até 30/06/2026",
    "Data: 31/05/2026",
  ]);
  assert.deepEqual([pt.quoteNumber, pt.date, pt.validityPeriod], ["ORC-551", "2026-05-31", 30]);
});

Deno.test("[ocr/fields] a delivery time is read; a delivery charge among the totals is not", () => {
  assert.equal(readHeaderFields(["Delivery: 3-4 weeks after order"]).deliveryTime, "Delivery: 3-4 weeks after order");
  assert.equal(readHeaderFields(["Lieferzeit: 10 Arbeitstage"]).deliveryTime, "Lieferzeit: 10 Arbeitstage");
  assert.equal(readHeaderFields(["Delivery  25.00"]).deliveryTime, undefined);
  assert.equal(readHeaderFields(["Delivery 1,250.00"]).deliveryTime, undefined);
});

/**
 * The extractor on generated text-layer PDFs (tests/fixtures/ocr/corpus.ts): exact items for a
 * handful of documents, and the whole generated corpus above a floor.
 */
import assert from "node:assert/strict";
import { makeCorpus, renderPdf } from "../../tests/fixtures/ocr/corpus.ts";
import { interpret } from "./extract.ts";
import { readPdfText } from "./pdf-text.ts";

const cents = (s: string) => Math.round(Number(s) * 100);

async function read(pdf: Uint8Array) {
  const { pages } = await readPdfText(pdf, 20);
  return interpret(pages);
}

Deno.test("[ocr] a text-layer quotation in each layout gives its items, header fields, and no summary lines", async () => {
  for (const spec of makeCorpus(8)) {
    const res = await read(await renderPdf(spec));
    assert.deepEqual(
      res.items.map((i) => [i.name, Number(i.quantity), cents(i.unitPrice), cents(i.totalPrice), i.check]),
      spec.items.map((i) => [i.name, i.quantity, i.unitPrice, i.total, "verified"]),
      spec.id,
    );
    assert.equal(res.vendorName, spec.vendorName, spec.id);
    assert.equal(res.quoteNumber, spec.quoteNumber, spec.id);
    assert.equal(res.date, spec.date, spec.id);
    assert.equal(res.validityPeriod, spec.validityDays, spec.id);
    assert.ok(res.notes && res.notes.length > 5, spec.id);
    for (const item of res.items) {
      assert.ok(item.box.x >= 0 && item.box.y > 0 && item.box.w > 0 && item.box.h > 0 && item.box.y < 1, spec.id);
      assert.equal(item.confidence, 1);
    }
  }
});

Deno.test("[ocr] german discounts and item codes, multi-page tables with carried-forward lines", async () => {
  const specs = makeCorpus(40);
  const german = specs.find((s) => s.layout === "german" && s.items.some((i) => i.discountPercent))!;
  const res = await read(await renderPdf(german));
  const withDiscount = german.items.findIndex((i) => i.discountPercent);
  assert.equal(Number(res.items[withDiscount].discountPercent), german.items[withDiscount].discountPercent);
  assert.equal(res.items[0].code, german.items[0].code);
  const multi = specs.find((s) => s.items.length > s.rowsPerPage)!;
  const m = await read(await renderPdf(multi));
  assert.ok(m.pages > 1, "spans pages");
  assert.equal(m.items.length, multi.items.length, "carried/brought forward lines are not items");
});

Deno.test("[ocr] the generated text-PDF corpus is read exactly (floor 99% of items, no extra items)", async () => {
  let exact = 0;
  let total = 0;
  let extra = 0;
  for (const spec of makeCorpus(60, 7)) {
    const res = await read(await renderPdf(spec));
    spec.items.forEach((it, i) => {
      const got = res.items[i];
      if (
        got && got.name === it.name && Number(got.quantity) === it.quantity && cents(got.unitPrice) === it.unitPrice &&
        cents(got.totalPrice) === it.total
      ) exact++;
    });
    total += spec.items.length;
    extra += Math.max(0, res.items.length - spec.items.length);
  }
  assert.equal(extra, 0);
  assert.ok(exact / total >= 0.99, `${exact}/${total}`);
});

Deno.test("[ocr] a broken PDF is an error, not a hang", async () => {
  await assert.rejects(() => readPdfText(new TextEncoder().encode("%PDF-1.7\n garbage"), 20));
});

Deno.test("[ocr] a description's number caught in the quantity band goes back to the description; currency from 'Total USD'", () => {
  const w = (text: string, x0: number, y: number, conf = 0.9) => ({
    text,
    x0,
    x1: x0 + text.length * 6,
    y0: y,
    y1: y + 12,
    conf,
  });
  const words = [
    w("Description", 40, 100),
    w("Qty", 300, 100),
    w("Unit", 360, 100),
    w("price", 390, 100),
    w("Total", 470, 100),
    w("USD", 505, 100),
    w("Nitrile", 40, 130),
    w("gloves,", 90, 130),
    w("box", 140, 130),
    w("of", 165, 130),
    w("50", 285, 130),
    w("40", 305, 130),
    w("12.50", 370, 130),
    w("500.00", 470, 130),
  ];
  const res = interpret([{ page: 1, width: 600, height: 800, words }]);
  assert.deepEqual(
    res.items.map((i) => [i.name, i.quantity, i.unitPrice, i.totalPrice, i.check]),
    [["Nitrile gloves, box of 50", "40", "12.50", "500.00", "verified"]],
  );
  assert.equal(res.currency, "USD");
});

Deno.test("[ocr] a quantity read together with its unit ('46box') is split in the quantity column only", () => {
  const w = (text: string, x0: number, y: number) => ({
    text,
    x0,
    x1: x0 + text.length * 6,
    y0: y,
    y1: y + 12,
    conf: 0.9,
  });
  const words = [
    w("Description", 40, 100),
    w("Qty", 300, 100),
    w("Unit", 360, 100),
    w("price", 390, 100),
    w("Total", 470, 100),
    w("Water", 40, 130),
    w("500ml", 90, 130),
    w("46box", 300, 130),
    w("2.50", 370, 130),
    w("115.00", 470, 130),
  ];
  const res = interpret([{ page: 1, width: 600, height: 800, words }]);
  assert.deepEqual(
    res.items.map((i) => [i.name, i.quantity, i.unit, i.unitPrice, i.totalPrice, i.check]),
    [["Water 500ml", "46", "box", "2.50", "115.00", "verified"]],
  );
});

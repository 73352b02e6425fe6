import assert from "node:assert/strict";
import { detectDecimalMark, formatAmount, parseAmount, variants } from "./numbers.ts";
import { checkRow } from "./check.ts";
import { isSummaryLabel } from "./vocabulary.ts";

const value = (raw: string, mark: "." | "," = ".") => {
  const a = parseAmount(raw, mark);
  return a ? formatAmount(a.milli) : null;
};

Deno.test("[ocr] numbers in the usual formats parse exactly", () => {
  assert.equal(value("1,234.56"), "1234.56");
  assert.equal(value("1.234,56", ","), "1234.56");
  assert.equal(value("1 234,56", ","), "1234.56");
  assert.equal(value("1'234.56"), "1234.56");
  assert.equal(value("$5,020.00"), "5020.00");
  assert.equal(value("12.345,60 €", ","), "12345.60");
  assert.equal(value("MVR 99.5"), "99.50");
  assert.equal(value("(12.00)"), "-12.00");
  assert.equal(value("1.234.567", ","), "1234567.00");
  assert.equal(value("1,234", "."), "1234.00", "a thousands group under the point mark");
  assert.equal(value("1,234", ","), "1.234");
  assert.equal(value("12,50", "."), "12.50", "two decimals after a comma are decimals in any document");
  assert.equal(value("abc"), null);
  assert.equal(value("1.2.3"), null);
  assert.equal(value(""), null);
});

Deno.test("[ocr] the document's decimal mark comes from unambiguous numbers", () => {
  assert.equal(detectDecimalMark(["1.234,56", "12,50", "3"]), ",");
  assert.equal(detectDecimalMark(["1,234.56", "12.50"]), ".");
  assert.equal(detectDecimalMark(["40", "10"]), ".");
});

Deno.test("[ocr] misread numbers have their corrections among the variants", () => {
  const vals = (raw: string) => variants(raw).map((v) => formatAmount(v.milli));
  assert.ok(vals("12O.5O").includes("120.50"), "O read as 0");
  assert.ok(vals("l25.50").includes("125.50"), "l read as 1");
  assert.ok(vals("12550").includes("125.50"), "lost decimal point");
  assert.ok(vals("125,50").includes("125.50"));
  assert.equal(variants("125.50")[0].cost, 0, "the printed reading comes first");
});

Deno.test("[ocr] a row is verified when quantity × price = total, corrected when a misreading makes it add up", () => {
  assert.equal(checkRow({ quantity: "40", unitPrice: "125.50", total: "5,020.00" }, ".").check, "verified");
  const fixed = checkRow({ quantity: "40", unitPrice: "12550", total: "5,020.00" }, ".");
  assert.equal(fixed.check, "corrected");
  assert.equal(formatAmount(fixed.unitPrice!.milli), "125.50");
  assert.deepEqual([...fixed.corrected], ["unitPrice"]);
  const disc = checkRow({ quantity: "3", unitPrice: "99,99", discountPercent: "10", total: "269,97" }, ",");
  assert.equal(disc.check, "verified");
  assert.equal(checkRow({ quantity: "3", unitPrice: "10.00", total: "31.00" }, ".").check, "unverified");
});

Deno.test("[ocr] subtotal, tax, shipping, discount, rounding and carried-forward labels are summary lines", () => {
  for (
    const label of [
      "Subtotal",
      "Sales Tax 8%",
      "VAT (16%)",
      "Shipping & Handling",
      "Grand Total",
      "Carried forward",
      "Discount 5%",
      "Rounding",
      "MwSt. 19%",
      "Gesamtbetrag",
      "Übertrag",
      "Sous-total HT",
      "TVA 20%",
      "Total TTC",
      "Frais de port",
      "Suma y sigue",
      "IVA 21%",
      "Portes",
    ]
  ) assert.ok(isSummaryLabel(label), label);
  for (const label of ["Shipping container 20ft", "Office chair", "Tax software licence", "Desk 160x80"]) {
    assert.ok(!isSummaryLabel(label), label);
  }
});

Deno.test("[ocr] a line total whose first digit was lost or read as a currency sign is restored by the row's arithmetic", () => {
  assert.deepEqual(
    [checkRow({ quantity: "55", unitPrice: "161.87", total: "€,902.85" }, ".")].map((r) => [
      formatAmount(r.total!.milli),
      r.check,
    ]),
    [["8902.85", "corrected"]],
  );
  const lost = checkRow({ quantity: "40", unitPrice: "126.42", total: "£056.80" }, ".");
  assert.deepEqual([formatAmount(lost.total!.milli), lost.check], ["5056.80", "corrected"]);
  const zero = checkRow({ quantity: "40", unitPrice: "126.42", total: "056.80" }, ".");
  assert.deepEqual([formatAmount(zero.total!.milli), zero.check], ["5056.80", "corrected"]);
  // "0.50" is a number as printed.
  assert.equal(checkRow({ quantity: "1", unitPrice: "0.50", total: "0.50" }, ".").check, "verified");
});

Deno.test("[ocr] a row one misread digit from adding up is repaired in that one number; two possible repairs leave it unverified", () => {
  const got = (q: string, p: string, t: string) => {
    const r = checkRow({ quantity: q, unitPrice: p, total: t }, ".");
    return [
      formatAmount(r.quantity!.milli, 0),
      formatAmount(r.unitPrice!.milli),
      formatAmount(r.total!.milli),
      r.check,
    ];
  };
  assert.deepEqual(got("14", "187.89", "2,210.46"), ["14", "157.89", "2210.46", "corrected"]);
  assert.deepEqual(got("1", "178.96", "1,968.56"), ["11", "178.96", "1968.56", "corrected"]);
  assert.deepEqual(got("2", "5.00", "12.00"), ["2", "6.00", "12.00", "corrected"]);
  // 5 and 9 are look-alikes; a stroke beside a number read as a 7 or a 1 before or after it.
  assert.deepEqual(got("11", "4.87", "53.97"), ["11", "4.87", "53.57", "corrected"]);
  assert.deepEqual(got("73", "1.95", "5.85"), ["3", "1.95", "5.85", "corrected"]);
  assert.deepEqual(got("31", "1.95", "5.85"), ["3", "1.95", "5.85", "corrected"]);
  // 2 × 5.00 = 16.00 could be a price of 8.00 or a total of 10.00: doubt.
  assert.deepEqual(got("2", "5.00", "16.00"), ["2", "5.00", "16.00", "unverified"]);
  // 0 and 1 are no look-alikes.
  assert.deepEqual(got("3", "10.00", "31.00"), ["3", "10.00", "31.00", "unverified"]);
  // Far from adding up: left as printed.
  assert.deepEqual(got("3", "10.00", "3.00"), ["3", "10.00", "3.00", "unverified"]);
});

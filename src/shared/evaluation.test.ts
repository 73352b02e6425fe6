import assert from "node:assert/strict";
import {
  combinedScoreHundredths,
  evaluateQuotations,
  lowestFlags,
  priceScoreHundredths,
  toHundredths,
} from "./evaluation.ts";

const byId = <T extends { id: number }>(rows: T[]) => Object.fromEntries(rows.map((r) => [r.id, r]));

Deno.test("[evaluation] lowestFlags flags every minimum and never a null", () => {
  assert.deepEqual(lowestFlags([300, 100, 100, null]), [false, true, true, false]);
  assert.deepEqual(lowestFlags([null, null]), [false, false]);
  assert.deepEqual(lowestFlags([]), []);
  assert.deepEqual(lowestFlags([0, 5]), [true, false]);
});

Deno.test("[evaluation] toHundredths reads numbers and numeric strings exactly", () => {
  assert.equal(toHundredths(85.5), 8550);
  assert.equal(toHundredths("85.50"), 8550);
  assert.equal(toHundredths(0.29), 29); // 0.29 * 100 = 28.999999999999996 in floats
  assert.equal(toHundredths(100), 10000);
  assert.equal(toHundredths(null), null);
  assert.equal(toHundredths(""), null);
  assert.equal(toHundredths("abc"), null);
});

Deno.test("[evaluation] price score is lowest / total x 100, rounded half-up to 2 decimals", () => {
  assert.equal(priceScoreHundredths(1000, 1000), 10000);
  assert.equal(priceScoreHundredths(1000, 3000), 3333); // 33.333...
  assert.equal(priceScoreHundredths(2000, 3000), 6667); // 66.666...
  assert.equal(priceScoreHundredths(1, 8), 1250); // 12.5 exactly
  assert.equal(priceScoreHundredths(1, 80000), 0); // 0.00125 -> 0.00
  assert.equal(priceScoreHundredths(1, 16000), 1); // 0.00625 -> 0.01 (half-up)
  assert.equal(priceScoreHundredths(0, 0), 10000);
  // Large amounts (near numeric(14,2)'s limit) stay exact.
  assert.equal(priceScoreHundredths(99_999_999_999_98, 99_999_999_999_99), 10000);
  assert.equal(priceScoreHundredths(33_333_333_333_33, 99_999_999_999_99), 3333);
});

Deno.test("[evaluation] combined score uses the exact price ratio and rounds once", () => {
  // 60 x 100 + 40 x 80 = 9200 -> 92.00
  assert.equal(combinedScoreHundredths(1000, 1000, 8000, 60, 40), 9200);
  // 60 x 33.333.. + 40 x 90 = 2000 + 3600 = 5600 -> 56.00 (rounding the price score first would give 55.998)
  assert.equal(combinedScoreHundredths(1000, 3000, 9000, 60, 40), 5600);
  // 50 x 66.666.. + 50 x 55.55 = 33.333.. + 27.775 = 61.108.. -> 61.11
  assert.equal(combinedScoreHundredths(2000, 3000, 5555, 50, 50), 6111);
  // weights 100/0 and 0/100
  assert.equal(combinedScoreHundredths(1000, 2000, 9000, 100, 0), 5000);
  assert.equal(combinedScoreHundredths(1000, 2000, 9000, 0, 100), 9000);
});

Deno.test("[evaluation] lowest_price ranks by total ascending, ties share a rank", () => {
  const r = byId(evaluateQuotations([
    { id: 1, totalCents: 5000, technicalScore: null },
    { id: 2, totalCents: 3000, technicalScore: null },
    { id: 3, totalCents: 3000, technicalScore: null },
    { id: 4, totalCents: 9000, technicalScore: 99 },
  ], { method: "lowest_price" }));
  assert.deepEqual([r[1].rank, r[2].rank, r[3].rank, r[4].rank], [3, 1, 1, 4]);
  assert.deepEqual([r[1].isLowestTotal, r[2].isLowestTotal, r[3].isLowestTotal, r[4].isLowestTotal], [
    false,
    true,
    true,
    false,
  ]);
  assert.equal(r[1].priceScore, 60);
  assert.equal(r[4].priceScore, 33.33);
  assert.equal(r[1].combinedScore, null);
});

Deno.test("[evaluation] lowest_price breaks a price tie by the technical score", () => {
  const r = byId(evaluateQuotations([
    { id: 1, totalCents: 3000, technicalScore: 70 },
    { id: 2, totalCents: 3000, technicalScore: 90 },
    { id: 3, totalCents: 3000, technicalScore: null },
  ], { method: "lowest_price" }));
  assert.deepEqual([r[1].rank, r[2].rank, r[3].rank], [2, 1, 3]);
});

Deno.test("[evaluation] technical_merit ranks by score descending, unscored last, price breaks ties", () => {
  const r = byId(evaluateQuotations([
    { id: 1, totalCents: 1000, technicalScore: null },
    { id: 2, totalCents: 5000, technicalScore: 90 },
    { id: 3, totalCents: 4000, technicalScore: 75.5 },
    { id: 4, totalCents: 4500, technicalScore: 90 },
    { id: 5, totalCents: 2000, technicalScore: null },
  ], { method: "technical_merit" }));
  assert.deepEqual([r[4].rank, r[2].rank, r[3].rank, r[1].rank, r[5].rank], [1, 2, 3, 4, 5]);
  assert.equal(r[1].isLowestTotal, true);
});

Deno.test("[evaluation] combined_scoring weighs price and technical score (default 60/40)", () => {
  // A: cheapest (1000), tech 50: 60 x 100 + 40 x 50 = 80.00
  // B: 2000 (price score 50), tech 100: 60 x 50 + 40 x 100 = 70.00
  // C: 1250 (price score 80), tech 90: 60 x 80 + 40 x 90 = 84.00
  const candidates = [
    { id: 1, totalCents: 1000, technicalScore: 50 },
    { id: 2, totalCents: 2000, technicalScore: 100 },
    { id: 3, totalCents: 1250, technicalScore: 90 },
    { id: 4, totalCents: 900, technicalScore: null },
  ];
  const r = byId(evaluateQuotations(candidates, { method: "combined_scoring" }));
  // D (unscored) is the lowest total, so the others' price scores are relative to 900.
  assert.equal(r[1].priceScore, 90);
  assert.equal(r[1].combinedScore, 74); // 60 x 90 + 40 x 50 = 7400
  assert.equal(r[2].combinedScore, 67); // 60 x 45 + 40 x 100 = 6700
  assert.equal(r[3].combinedScore, 79.2); // 60 x 72 + 40 x 90 = 7920
  assert.equal(r[4].combinedScore, null);
  assert.deepEqual([r[3].rank, r[1].rank, r[2].rank, r[4].rank], [1, 2, 3, 4]);

  const scoredOnly = byId(evaluateQuotations(candidates.slice(0, 3), { method: "combined_scoring" }));
  assert.deepEqual([scoredOnly[1].combinedScore, scoredOnly[2].combinedScore, scoredOnly[3].combinedScore], [
    80,
    70,
    84,
  ]);
  // Price-heavy weights change the winner.
  const heavy = byId(evaluateQuotations(candidates.slice(0, 3), {
    method: "combined_scoring",
    priceWeight: 90,
    technicalWeight: 10,
  }));
  assert.equal(heavy[1].rank, 1); // 90 + 5 = 95 vs C: 72 + 9 = 81
  assert.equal(heavy[1].combinedScore, 95);
});

Deno.test("[evaluation] an empty list evaluates to nothing", () => {
  assert.deepEqual(evaluateQuotations([], { method: "combined_scoring" }), []);
});

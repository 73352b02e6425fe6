import assert from "node:assert/strict";
import { formatMoney, fromCents, lineTotalCents, MAX_CENTS, sumCents, toCents } from "./money.ts";

Deno.test("[money] toCents reads decimal strings with at most two decimals exactly", () => {
  const cases: [string, number][] = [
    ["0", 0],
    ["0.1", 10],
    ["0.10", 10],
    ["0.01", 1],
    ["1", 100],
    ["1.5", 150],
    ["987.65", 98765],
    ["  7.25 ", 725],
    ["007.05", 705],
    ["99999.99", 9999999],
  ];
  for (const [input, cents] of cases) assert.equal(toCents(input), cents, JSON.stringify(input));
});

Deno.test("[money] toCents takes numbers by their shortest decimal form, never by float arithmetic", () => {
  // 1.15 * 100 is 114.99999999999999 and 0.07 * 100 is 7.000000000000001 in binary floating point.
  assert.equal(toCents(1.15), 115);
  assert.equal(toCents(0.07), 7);
  assert.equal(toCents(4.35), 435);
  assert.equal(toCents(12), 1200);
  assert.equal(toCents(0), 0);
  // 0.1 + 0.2 is 0.30000000000000004: more than two decimals, so it is refused rather than rounded.
  assert.equal(toCents(0.1 + 0.2), null);
});

Deno.test("[money] toCents refuses what is not a non-negative amount with at most two decimals", () => {
  const refused: (string | number)[] = [
    "1.005",
    "0.001",
    "-1",
    -1,
    -0.5,
    "",
    " ",
    "abc",
    ".5",
    "5.",
    "1,000.00",
    "1 000",
    "1e3",
    "0x10",
    "+5",
    "Infinity",
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e21, // String(1e21) is "1e+21"
    1e-7, // String(1e-7) is "1e-7"
  ];
  for (const input of refused) assert.equal(toCents(input), null, JSON.stringify(String(input)));
});

Deno.test("[money] toCents stops at MAX_CENTS", () => {
  assert.equal(toCents(fromCents(MAX_CENTS)), MAX_CENTS);
  assert.equal(toCents("99999999999.99"), MAX_CENTS);
  assert.equal(toCents("100000000000.00"), null);
  assert.equal(toCents("1000000000000"), null, "13 integer digits never match");
  assert.ok(Number.isSafeInteger(MAX_CENTS));
});

Deno.test("[money] fromCents formats cents with two decimals", () => {
  const cases: [number, string][] = [
    [0, "0.00"],
    [5, "0.05"],
    [10, "0.10"],
    [100, "1.00"],
    [296295, "2962.95"],
    [123456789, "1234567.89"],
    [-5, "-0.05"],
    [-150, "-1.50"],
    [MAX_CENTS, "99999999999.99"],
  ];
  for (const [cents, text] of cases) assert.equal(fromCents(cents), text, String(cents));
});

Deno.test("[money] toCents and fromCents round-trip every two-decimal string", () => {
  for (let c = 0; c < 20_000; c += 7) {
    assert.equal(toCents(fromCents(c)), c);
  }
});

Deno.test("[money] line totals and sums are exact in cents", () => {
  assert.equal(lineTotalCents(3, 98765), 296295);
  assert.equal(fromCents(lineTotalCents(3, toCents("987.65")!)), "2962.95");
  // Ten times 0.10 is exactly 1.00 (in floating point 0.1 summed ten times is 0.9999999999999999).
  assert.equal(sumCents(Array.from({ length: 10 }, () => ({ quantity: 1, priceCents: toCents("0.1")! }))), 100);
  assert.equal(sumCents([]), 0);
  assert.equal(
    sumCents([{ quantity: 2, priceCents: 1999 }, { quantity: 1000, priceCents: 1 }, { quantity: 7, priceCents: 0 }]),
    4998,
  );
});

Deno.test("[money] formatMoney shows dollars with two decimals and 0 for garbage", () => {
  assert.equal(formatMoney("1234.5"), "$1,234.50");
  assert.equal(formatMoney(0), "$0.00");
  assert.equal(formatMoney("2962.95"), "$2,962.95");
  assert.equal(formatMoney("abc"), "$0.00");
});

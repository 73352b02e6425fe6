/**
 * Property: for random item lists, the server's estimatedBudget equals the exact decimal sum of
 * quantity x estimated price. The expected sum is computed here with BigInt from the strings sent,
 * independent of src/shared/money.ts. The PRNG is seeded, so a failure names a reproducible case.
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";

const tag = `[purchase-requests/${testBackend()}]`;
const SEED = Number(Deno.env.get("BUDGET_PROPERTY_SEED") ?? 20261122);
const CASES = 200;

/** mulberry32: small, fast, good enough for test data. */
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let x = a;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** "123", "123.4", "123.45" -> cents as BigInt. */
function decimalToCents(text: string): bigint {
  const [whole, frac = ""] = text.split(".");
  return BigInt(whole) * 100n + BigInt((frac + "00").slice(0, 2));
}

function centsToDecimal(cents: bigint): string {
  const frac = (cents % 100n).toString().padStart(2, "0");
  return `${cents / 100n}.${frac}`;
}

Deno.test(`${tag} property: estimatedBudget is the exact decimal sum of quantity x price (${CASES} random lists, seed ${SEED})`, async () => {
  const t = await testApp();
  try {
    await createCategory(t.db, "Default");
    const team = await as(t, "purchase_team");
    const rand = prng(SEED);
    const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));

    for (let n = 0; n < CASES; n++) {
      const items = Array.from({ length: int(1, 20) }, (_, i) => {
        const decimals = int(0, 2);
        // up to 99999.99 with 0, 1 or 2 decimals (edge values now and then)
        const edge = rand() < 0.1;
        const whole = edge ? [0, 99999][int(0, 1)] : int(0, 99999);
        const frac = decimals === 0
          ? ""
          : edge
          ? "9".repeat(decimals)
          : String(int(0, 10 ** decimals - 1)).padStart(decimals, "0");
        const price = frac ? `${whole}.${frac}` : String(whole);
        const quantity = edge ? [1, 1000][int(0, 1)] : int(1, 1000);
        // Sent as a JSON number or a string, as clients do; a number must keep its decimal text.
        const canonical = price.includes(".") ? price.replace(/0+$/, "").replace(/\.$/, "") : price;
        const asNumber = rand() < 0.5 && String(Number(price)) === canonical;
        return { itemName: `Item ${i + 1}`, quantity, estimatedPrice: asNumber ? Number(price) : price, price };
      });
      const expected = centsToDecimal(items.reduce((sum, i) => sum + BigInt(i.quantity) * decimalToCents(i.price), 0n));
      const res = await team.request("/api/purchase-requests", {
        method: "POST",
        json: {
          title: `Property case ${n}`,
          description: `seed ${SEED}`,
          department: "QA",
          justification: "property test",
          estimatedBudget: "0.01", // ignored by the server
          items: items.map(({ price: _p, ...i }) => i),
        },
      });
      const pr = await expectJson<
        { id: number; estimatedBudget: string; items: { estimatedPrice: string; quantity: number }[] }
      >(res, 201);
      const context = `case ${n} (seed ${SEED}): ${JSON.stringify(items.map((i) => [i.quantity, i.price]))}`;
      assert.equal(pr.estimatedBudget, expected, context);
      assert.deepEqual(
        pr.items.map((i) => [i.quantity, i.estimatedPrice]),
        items.map((i) => [i.quantity, centsToDecimal(decimalToCents(i.price))]),
        context,
      );
      const [row] = await t.db.query<{ budget: string; sum: string }>(
        `select pr.estimated_budget::text as budget,
            (select sum(quantity * estimated_price) from purchase_request_items where purchase_request_id = pr.id)::numeric(14, 2)::text as sum
           from purchase_requests pr where pr.id = $1`,
        [pr.id],
      );
      assert.deepEqual(row, { budget: expected, sum: expected }, context);
    }
  } finally {
    await t.close();
  }
});

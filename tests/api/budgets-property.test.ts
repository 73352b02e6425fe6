/**
 * Property: after any random sequence of approvals, awards, request and order
 * cancellations, receipts and closings, every budget's committed + spent + remaining = amount, and
 * committed and spent equal an independent model of the rules kept here in BigInt cents. The PRNG
 * is seeded, so a failure names a reproducible run (BUDGET_LEDGER_SEED to replay another seed).
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";
import { cancelOrder, closeOrder, type Need, pendingRequest, quote, receive } from "./budgets-helpers.ts";

const tag = `[budgets/${testBackend()}]`;
const SEED = Number(Deno.env.get("BUDGET_LEDGER_SEED") ?? 20261123);
const RUNS = Number(Deno.env.get("BUDGET_LEDGER_RUNS") ?? 200);
const STEPS = 8;
const YEAR = new Date().getUTCFullYear();

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

const cents = (v: string) => BigInt(v.replace("-", "").replace(".", "")) * (v.startsWith("-") ? -1n : 1n);

interface ModelRequest {
  need: Need;
  estimate: bigint; // cents
  status: "pending" | "active" | "cancelled" | "awarded";
  po?: { id: number; priceCents: bigint; quantityMilli: bigint; receivedMilli: bigint; status: string };
}

/** The rules, independently: reservations, open order value not received, received value. */
function model(requests: ModelRequest[]) {
  const round = (milliCents: bigint) => (milliCents + 500n) / 1000n;
  let committed = 0n;
  let spent = 0n;
  for (const r of requests) {
    if (r.status === "active") committed += r.estimate;
    if (r.po) {
      const open = ["issued", "partially_received", "received"].includes(r.po.status);
      const left = r.po.quantityMilli - r.po.receivedMilli;
      if (open && left > 0n) committed += round(left * r.po.priceCents);
      spent += round(r.po.receivedMilli * r.po.priceCents);
    }
  }
  return { committed, spent };
}

Deno.test(`${tag} property: committed + spent + remaining = budget after random approvals, awards, cancellations and receipts (${RUNS} runs of ${STEPS} steps, seed ${SEED})`, async () => {
  const t = await testApp();
  try {
    const db = t.db;
    const categoryId = await createCategory(db);
    const finance = await as(t, "cost_finance_controller");
    const pm = await as(t, "procurement_manager");
    const team = await as(t, "purchase_team");
    const vendor = await as(t, "vendor");
    const rand = prng(SEED);
    const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
    const pick = <T>(xs: T[]) => xs[int(0, xs.length - 1)];
    let runs = 0;
    let operations = 0;
    const done: Record<string, number> = {};

    for (let run = 0; run < RUNS; run++) {
      const department = `Property ${run} ${crypto.randomUUID().slice(0, 6)}`;
      const amount = `${int(0, 3000)}.${String(int(0, 99)).padStart(2, "0")}`;
      const budget = await expectJson<{ id: number }>(
        await finance.request("/api/budgets", { method: "POST", json: { department, fiscalYear: YEAR, amount } }),
        201,
      );
      const requests: ModelRequest[] = [];
      for (let i = 0; i < 2; i++) {
        const quantity = int(1, 20);
        const price = `${int(1, 150)}.${String(int(0, 99)).padStart(2, "0")}`;
        const need = await pendingRequest(db, team, { department, categoryId, quantity, price });
        requests.push({ need, estimate: BigInt(quantity) * cents(price), status: "pending" });
      }
      const log: string[] = [];
      for (let step = 0; step < STEPS; step++) {
        const candidates: [string, ModelRequest][] = [];
        for (const r of requests) {
          if (r.status === "pending") candidates.push(["approve", r]);
          if (r.status === "active") candidates.push(["award", r], ["cancelRequest", r]);
          if (r.po?.status === "issued" && r.po.receivedMilli === 0n) candidates.push(["cancelOrder", r]);
          if (r.po && ["issued", "partially_received"].includes(r.po.status)) candidates.push(["receive", r]);
          if (r.po?.status === "partially_received") candidates.push(["close", r]);
        }
        if (!candidates.length) break;
        const [op, r] = pick(candidates);
        log.push(`${op} ${r.need.id}`);
        const id = r.need.id;
        if (op === "approve") {
          await expectJson(await pm.request(`/api/purchase-requests/${id}/approve`, { method: "POST", json: {} }), 200);
          const [{ status }] = await db.query<{ status: string }>(
            "select status from purchase_requests where id = $1",
            [
              id,
            ],
          );
          // Over budget it waits for finance (require_finance): finance approves it.
          if (status === "pending") {
            await expectJson(
              await finance.request(`/api/purchase-requests/${id}/approve`, { method: "POST", json: {} }),
              200,
            );
          }
          r.status = "active";
        } else if (op === "award") {
          const price = `${int(1, 150)}.${String(int(0, 99)).padStart(2, "0")}`;
          const quotationId = await quote(db, vendor, r.need, price);
          const res = await expectJson<{ purchaseOrder: { id: number } }>(
            await pm.request(`/api/purchase-requests/${id}/award`, { method: "POST", json: { quotationId } }),
            201,
          );
          r.status = "awarded";
          r.po = {
            id: res.purchaseOrder.id,
            priceCents: cents(price),
            quantityMilli: BigInt(r.need.quantity) * 1000n,
            receivedMilli: 0n,
            status: "issued",
          };
        } else if (op === "cancelRequest") {
          await expectJson(
            await team.request(`/api/purchase-requests/${id}/status`, { method: "PUT", json: { status: "cancelled" } }),
            200,
          );
          r.status = "cancelled";
        } else if (op === "cancelOrder") {
          await cancelOrder(db, r.po!.id);
          r.po!.status = "cancelled";
        } else if (op === "receive") {
          const left = r.po!.quantityMilli - r.po!.receivedMilli;
          // Sometimes all that is left, sometimes a part with up to three decimals.
          const milli = rand() < 0.3 ? left : BigInt(int(1, Number(left)));
          await receive(db, r.po!.id, (Number(milli) / 1000).toFixed(3));
          r.po!.receivedMilli += milli;
          r.po!.status = r.po!.receivedMilli >= r.po!.quantityMilli ? "received" : "partially_received";
        } else if (op === "close") {
          await closeOrder(db, r.po!.id);
          r.po!.status = "closed";
        }
        operations++;
        done[op] = (done[op] ?? 0) + 1;

        const b = await expectJson<{ amount: string; committed: string; spent: string; remaining: string }>(
          await finance.request(`/api/budgets/${budget.id}`),
          200,
        );
        const context = `run ${run} (seed ${SEED}), budget ${amount}, steps: ${log.join("; ")}`;
        assert.equal(cents(b.committed) + cents(b.spent) + cents(b.remaining), cents(b.amount), context);
        const m = model(requests);
        assert.deepEqual([cents(b.committed), cents(b.spent)], [m.committed, m.spent], context);
      }
      runs++;
    }
    console.log(
      `${tag} budget property: ${runs} runs, ${operations} operations, seed ${SEED}: ${JSON.stringify(done)}`,
    );
    assert.equal(runs, RUNS);
    // Every kind of step was taken (a change of the generator must not quietly drop one).
    for (const op of ["approve", "award", "cancelRequest", "cancelOrder", "receive", "close"]) {
      assert.ok((done[op] ?? 0) >= Math.min(RUNS, 5), `${op}: ${done[op] ?? 0} times`);
    }
  } finally {
    await t.close();
  }
});

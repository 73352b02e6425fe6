/**
 * A purchase request's `has_live_bid` (sql/0028): kept by the database from its bid requests (one
 * that is not cancelled), in the writing transaction. The vendor's opportunities and the create-bid
 * picker read it instead of checking bid_requests per request, so each must answer exactly what the
 * old rule (`not exists` a bid that is not cancelled) answers, after a conversion through the API, a
 * cancel, a delete, a bid moved to another request, a multi-row statement, a rolled-back
 * transaction and, on PostgreSQL, concurrent writers.
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";
import { waitForLockWaiters } from "../helpers/wait.ts";
import type { Queryable } from "../../src/db/types.ts";

const tag = `[live-bid/${testBackend()}]`;
const onPostgres = testBackend() === "postgres";
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const manager = await as(t, "procurement_manager");
const category = await createCategory(db);
const vendor = await as(t, "vendor", { categoryIds: [category] });
let numbers = 0;

/** `n` approved purchase requests open to vendors (one item each), straight in SQL. */
async function prs(n: number, type = "bid_required"): Promise<number[]> {
  const first = numbers + 1;
  numbers += n;
  const ids = (await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, description, status, request_type, category_id, deadline,
        created_by)
     select 'PR-1996-' || lpad(g::text, 6, '0'), 'Live ' || g, 'flag', 'active', $1, $2, now() + interval '30 days', $3
       from generate_series($4::int, $5::int) g returning id`,
    [type, category, manager.user.id, first, numbers],
  )).map((r) => r.id);
  await db.query(
    `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, estimated_price, category_id)
     select id, 0, 'Crate', 2, 'pcs', 10, $2 from unnest($1::int[]) id`,
    [ids, category],
  );
  return ids;
}

/** One bid request per entry (its request, its status), in one statement. */
async function bids(q: Queryable, rows: [number | null, string][]): Promise<number[]> {
  const first = numbers + 1;
  numbers += rows.length;
  return (await q.query<{ id: number }>(
    `insert into bid_requests (bid_number, title, description, department, qualification_criteria, deadline,
        bidding_deadline, status, created_by, purchase_request_id)
     select 'BR-1996-' || lpad((g.n + $1 - 1)::text, 6, '0'), 'Bid', 'd', 'Ops', 'q', now() + interval '60 days',
            now() + interval '30 days', g.status, $2, g.pr
       from unnest($3::int[], $4::text[]) with ordinality as g(pr, status, n) returning id`,
    [first, manager.user.id, rows.map((r) => r[0]), rows.map((r) => r[1])],
  )).map((r) => r.id);
}

/** Requests whose flag is not what their bids say (none, ever). */
async function wrongFlags(q: Queryable = db) {
  return await q.query(
    `select pr.id, pr.has_live_bid from purchase_requests pr where pr.has_live_bid <> exists
       (select 1 from bid_requests b where b.purchase_request_id = pr.id and b.status <> 'cancelled')`,
  );
}

const flagOf = async (id: number, q: Queryable = db) =>
  (await q.query<{ f: boolean }>("select has_live_bid as f from purchase_requests where id = $1", [id]))[0].f;

/** Which of `ids` the vendor's opportunities and the create-bid picker answer. */
async function listed(ids: number[], s: Session = vendor) {
  const keys = ids.map((id) => `purchase_request:${id}`).join(",");
  const opportunities = await expectJson<{ id: number }[]>(
    await s.request(`/api/vendor/matching-prs?ids=${keys}&limit=200`),
    200,
  );
  const candidates: number[] = [];
  let after = "";
  for (let n = 0; n < 100; n++) {
    const res = await manager.request(`/api/bid-requests/candidates?q=PR-1996-${after ? `&after=${after}` : ""}`);
    candidates.push(...(await expectJson<{ id: number }[]>(res, 200)).map((r) => r.id));
    after = res.headers.get("x-next-cursor") ?? "";
    if (!after) break;
  }
  return {
    opportunities: opportunities.map((r) => r.id).sort((a, b) => a - b),
    candidates: candidates.filter((id) => ids.includes(id)).sort((a, b) => a - b),
  };
}

/** What the old rule answers for `ids` on the same data (the statements before sql/0028). */
async function oldRule(ids: number[]) {
  const open = await db.query<{ id: number; type: string }>(
    `select pr.id, pr.request_type as type from purchase_requests pr
      where pr.id = any ($1::int[]) and pr.status = 'active'
        and not exists (select 1 from bid_requests b where b.purchase_request_id = pr.id and b.status <> 'cancelled')
      order by pr.id`,
    [ids],
  );
  return {
    opportunities: open.map((r) => r.id),
    candidates: open.filter((r) => r.type === "bid_required").map((r) => r.id),
  };
}

async function assertLists(ids: number[], what: string) {
  assert.deepEqual(await wrongFlags(), [], `${what}: every flag as its bids say`);
  assert.deepEqual(await listed(ids), await oldRule(ids), `${what}: both lists answer as the old rule`);
}

Deno.test(`${tag} converting through the API flags the request; cancelling, deleting or moving its bid clears it`, async () => {
  const [a, b] = await prs(2);
  const [quote] = await prs(1, "vendor_quote");
  const all = [a, b, quote];
  await assertLists(all, "no bids");
  assert.deepEqual((await listed(all)).opportunities, all);

  const res = await manager.request("/api/bid-requests", {
    method: "POST",
    json: {
      purchaseRequestId: a,
      title: "Crates (bid)",
      description: "Crates",
      department: "Ops",
      qualificationCriteria: "Any",
      deadline: new Date(Date.now() + 21 * 86_400_000).toISOString(),
      biddingDeadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      items: [{ itemName: "Crate", quantity: 2, unit: "pcs", estimatedPrice: "10.00", categoryId: category }],
    },
  });
  const bid = await expectJson<{ id: number; purchaseRequestId: number }>(res, 201);
  assert.equal(bid.purchaseRequestId, a);
  assert.equal(await flagOf(a), true);
  await assertLists(all, "a converted");
  assert.deepEqual((await listed(all)).opportunities, [b, quote], "a converted request is no opportunity of its own");

  // Status steps that do not cancel keep it; cancelling clears it; bringing it back sets it again.
  await db.query("update bid_requests set status = 'bidding_open' where id = $1", [bid.id]);
  assert.equal(await flagOf(a), true);
  await db.query("update bid_requests set status = 'cancelled' where id = $1", [bid.id]);
  assert.equal(await flagOf(a), false);
  await assertLists(all, "its bid cancelled");
  await db.query("update bid_requests set status = 'published' where id = $1", [bid.id]);
  assert.equal(await flagOf(a), true);

  // Moved to another request: both change.
  await db.query("update bid_requests set purchase_request_id = $2 where id = $1", [bid.id, b]);
  assert.deepEqual([await flagOf(a), await flagOf(b)], [false, true]);
  await assertLists(all, "the bid moved to b");

  // Two bids on one request: cancelling one keeps the flag, deleting the other clears it.
  const [second] = await bids(db, [[b, "draft"]]);
  await db.query("update bid_requests set status = 'cancelled' where id = $1", [bid.id]);
  assert.equal(await flagOf(b), true, "the other bid is still live");
  await db.query("delete from bid_requests where id = $1", [second]);
  assert.equal(await flagOf(b), false);
  await assertLists(all, "one cancelled, the other deleted");
});

Deno.test(`${tag} one statement over many bids, and a rolled-back transaction, leave every flag right`, async () => {
  const ids = await prs(6);
  await bids(db, [[ids[0], "published"], [ids[1], "cancelled"], [ids[2], "draft"], [ids[2], "cancelled"], [
    null,
    "published",
  ]]);
  assert.deepEqual(
    await Promise.all(ids.map((id) => flagOf(id))),
    [true, false, true, false, false, false],
  );
  await assertLists(ids, "one insert of five bids");
  await db.query("update bid_requests set status = 'cancelled' where purchase_request_id = any ($1::int[])", [ids]);
  assert.deepEqual(await Promise.all(ids.map((id) => flagOf(id))), [false, false, false, false, false, false]);
  await assertLists(ids, "all cancelled in one update");

  const rollback = new Error("roll back");
  await db.tx(async (tx) => {
    await bids(tx, [[ids[3], "published"], [ids[4], "published"]]);
    await tx.query("update bid_requests set status = 'published' where purchase_request_id = $1", [ids[0]]);
    assert.deepEqual([await flagOf(ids[3], tx), await flagOf(ids[0], tx)], [true, true], "inside the transaction");
    assert.deepEqual(await wrongFlags(tx), []);
    throw rollback;
  }).catch((e) => assert.equal(e, rollback));
  assert.deepEqual(await Promise.all(ids.map((id) => flagOf(id))), [false, false, false, false, false, false]);
  await assertLists(ids, "after a rollback");
});

Deno.test({
  name: `${tag} concurrent writers on PostgreSQL: every flag stays right`,
  ignore: !onPostgres,
  fn: async () => {
    const ids = await prs(4);
    const [first] = await bids(db, ids.map((id) => [id, "published"] as [number, string]));
    // A cancel of a request's only live bid and a new bid for it, in two transactions at once: the
    // new bid's transaction waits for the cancel's lock on the request, then sees the cancel.
    let release!: () => void;
    const held = new Promise<void>((r) => release = r);
    let cancelled!: () => void;
    const inside = new Promise<void>((r) => cancelled = r);
    const cancel = db.tx(async (tx) => {
      await tx.query("update bid_requests set status = 'cancelled' where id = $1", [first]);
      cancelled();
      await held;
    });
    await inside;
    const convert = db.tx((tx) => bids(tx, [[ids[0], "published"]]));
    await waitForLockWaiters(db, 1, { query: "insert into bid_requests" });
    release();
    await Promise.all([cancel, convert]);
    assert.equal(await flagOf(ids[0]), true, "the new bid is live");

    const statuses = ["published", "cancelled", "draft", "bidding_open", "cancelled"];
    const worker = async (w: number) => {
      for (let i = 0; i < 25; i++) {
        const pr = ids[(w + i) % ids.length];
        await db.tx(async (tx) => {
          if (i % 3 === 0) await bids(tx, [[pr, statuses[(w + i) % statuses.length]]]);
          await tx.query(
            `update bid_requests set status = $2
              where id = (select id from bid_requests where purchase_request_id = $1 order by id desc limit 1)`,
            [pr, statuses[(w * 7 + i) % statuses.length]],
          );
          if (i % 5 === 4) {
            await tx.query(
              `update bid_requests set purchase_request_id = $2
                where id = (select id from bid_requests where purchase_request_id = $1 order by id limit 1)`,
              [pr, ids[(w + i + 1) % ids.length]],
            );
          }
        }).catch((e) => {
          // Two transactions locking the same requests in the other order: PostgreSQL picks one.
          if (!/deadlock/.test(String(e))) throw e;
        });
        if (i % 6 === 0) {
          await db.tx(async (tx) => {
            await bids(tx, [[pr, "published"]]);
            throw new Error("roll back");
          }).catch((e) => assert.match(String(e), /roll back|deadlock/));
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    await assertLists(ids, "6 concurrent writers");
  },
});

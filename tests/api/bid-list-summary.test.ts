/**
 * The bid request list at scale: each bid's item count and first three items are
 * kept on the bid row by the database (sql/0022 triggers) and the page leaves PostgreSQL as JSON text
 * in one statement with its count. These tests hold the summary to the items through every kind of
 * change, and the list's rows to the details' fields.
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";
import { waitForLockWaiters } from "../helpers/wait.ts";
import type { Queryable } from "../../src/db/types.ts";

const tag = `[bid-list/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(() => t.close());

const CAT = await createCategory(db, "Bid summary supplies");
const manager = await as(t, "procurement_manager");
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

type Summary = { id: number; name: string; quantity: number; unit: string; estimatedPrice: string };
type Row = { id: number; itemCount: number; items: Summary[]; [k: string]: unknown };

function body(title: string, items: { itemName: string; quantity: number; estimatedPrice: string }[]) {
  return {
    title,
    description: "summary test",
    department: "Facilities",
    qualificationCriteria: "Two years of supply",
    deadline: iso(21 * DAY),
    biddingDeadline: iso(14 * DAY),
    status: "draft",
    items: items.map((i) => ({ ...i, unit: "pcs", categoryId: CAT })),
  };
}

async function create(title: string, items: { itemName: string; quantity: number; estimatedPrice: string }[]) {
  const res = await manager.request("/api/bid-requests", { method: "POST", json: body(title, items) });
  return await expectJson<{ id: number; version: number }>(res, 201);
}

/** What the list must show, computed from the items themselves. */
async function expected(id: number) {
  const [row] = await db.query<{ n: number; items: Summary[] | string }>(
    `select (select count(*)::int from bid_request_items i where i.bid_request_id = $1) as n,
            coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'quantity', t.quantity,
                        'unit', t.unit, 'estimatedPrice', t.estimated_price::text) order by t.position, t.id)
               from (select * from bid_request_items i where i.bid_request_id = $1
                      order by position, id limit 3) t), '[]'::json) as items`,
    [id],
  );
  return { itemCount: row.n, items: typeof row.items === "string" ? JSON.parse(row.items) : row.items };
}

/** The summary stored on the row (sql/0022) and the list's row, both checked against the items. */
async function check(id: number, why: string) {
  const want = await expected(id);
  const [stored] = await db.query<{ n: number; items: unknown }>(
    "select item_count as n, item_summary as items from bid_requests where id = $1",
    [id],
  );
  const storedItems = typeof stored.items === "string" ? JSON.parse(stored.items) : stored.items;
  assert.deepEqual({ itemCount: stored.n, items: storedItems }, want, `stored summary ${why}`);
  const rows = await expectJson<Row[]>(await manager.request("/api/bid-requests?group=drafts&limit=200"), 200);
  const row = rows.find((r) => r.id === id);
  assert.ok(row, `listed ${why}`);
  assert.deepEqual({ itemCount: row.itemCount, items: row.items }, want, `list row ${why}`);
}

Deno.test(`${tag} GET /api/bid-requests keeps each bid's item summary right through item inserts, edits, deletes and moves`, async () => {
  const title = `Summary ${crypto.randomUUID().slice(0, 8)}`;
  const bid = await create(title, [
    { itemName: "Alpha", quantity: 1, estimatedPrice: "1.50" },
    { itemName: "Beta", quantity: 2, estimatedPrice: "2" },
    { itemName: "Gamma", quantity: 3, estimatedPrice: "3" },
    { itemName: "Delta", quantity: 4, estimatedPrice: "4.25" },
  ]);
  await check(bid.id, "after create (4 items, first 3 shown)");

  // The edit form replaces the items (delete + insert in the bid's transaction).
  const edited = await manager.request(`/api/bid-requests/${bid.id}`, {
    method: "PUT",
    json: { ...body(title, [{ itemName: "Solo", quantity: 7, estimatedPrice: "9.99" }]), version: bid.version },
  });
  await expectJson(edited, 200);
  await check(bid.id, "after the edit form replaced the items");

  // Several changes in one transaction: inserts, a rename, a reorder, a delete.
  await db.tx(async (tx: Queryable) => {
    await tx.query(
      `insert into bid_request_items (bid_request_id, position, name, quantity, unit, estimated_price)
       values ($1, 1, 'Two', 2, 'pcs', 2), ($1, 2, 'Three', 3, 'pcs', 3), ($1, 3, 'Four', 4, 'pcs', 4)`,
      [bid.id],
    );
    await tx.query("update bid_request_items set name = 'Solo renamed' where bid_request_id = $1 and name = 'Solo'", [
      bid.id,
    ]);
    await tx.query("update bid_request_items set position = -1 where bid_request_id = $1 and name = 'Four'", [bid.id]);
    await tx.query("delete from bid_request_items where bid_request_id = $1 and name = 'Two'", [bid.id]);
  });
  await check(bid.id, "after insert, rename, reorder and delete in one transaction");

  // A rolled-back change leaves the summary as it was.
  const before = await expected(bid.id);
  await assert.rejects(db.tx(async (tx: Queryable) => {
    await tx.query("delete from bid_request_items where bid_request_id = $1", [bid.id]);
    throw new Error("roll back");
  }));
  assert.deepEqual(await expected(bid.id), before);
  await check(bid.id, "after a rolled-back delete");

  // An item moved to another bid changes both; deleting every item empties the summary.
  const other = await create(title, [{ itemName: "Other", quantity: 1, estimatedPrice: "1" }]);
  await db.query("update bid_request_items set bid_request_id = $2 where bid_request_id = $1 and name = 'Three'", [
    bid.id,
    other.id,
  ]);
  await check(bid.id, "after an item moved away");
  await check(other.id, "after an item moved in");
  await db.query("delete from bid_request_items where bid_request_id = $1", [bid.id]);
  await check(bid.id, "after every item was deleted");
  const [{ n }] = await db.query<{ n: number }>("select item_count as n from bid_requests where id = $1", [bid.id]);
  assert.equal(n, 0);
});

Deno.test(`${tag} GET /api/bid-requests answers every field of the details but the items (a summary) and history`, async () => {
  const title = `Shape ${crypto.randomUUID().slice(0, 8)}`;
  const ids: number[] = [];
  for (let k = 0; k < 2; k++) {
    ids.push(
      (await create(title, [
        { itemName: `Item ${k}`, quantity: k + 1, estimatedPrice: ["10.05", "20.10"][k] },
        { itemName: "Second", quantity: 2, estimatedPrice: "0.01" },
        { itemName: "Third", quantity: 3, estimatedPrice: "3" },
        { itemName: "Fourth", quantity: 4, estimatedPrice: "4" },
      ])).id,
    );
  }
  // An unsealed, closed-early bid too: every nullable date and text filled in.
  await db.query(
    `update bid_requests set bidding_start_at = now() - interval '1 day', unsealed_at = now(), closed_early_at = now(),
        early_close_reason = 'enough bids' where id = $1`,
    [ids[1]],
  );
  const res = await manager.request("/api/bid-requests?group=drafts&limit=2");
  const rows = await expectJson<Row[]>(res, 200);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  assert.deepEqual(rows.map((r) => r.id), [ids[1], ids[0]], "newest first");
  assert.ok(res.headers.get("x-next-cursor"), "a full page gives the next page's cursor");
  for (const row of rows) {
    const { items, history: _, ...detail } = await expectJson<Row & { history: unknown }>(
      await manager.request(`/api/bid-requests/${row.id}`),
      200,
    );
    const { items: summary, itemCount, ...rest } = row;
    assert.deepEqual(rest, detail, "every field as the details give it");
    assert.equal(itemCount, 4);
    assert.deepEqual(
      summary,
      (items as unknown as (Summary & { specification: string })[]).slice(0, 3).map((i) => ({
        id: i.id,
        name: i.name,
        quantity: i.quantity,
        unit: i.unit,
        estimatedPrice: i.estimatedPrice,
      })),
      "the first three items",
    );
  }
  // The next page by cursor continues after the last row.
  const next = await manager.request(
    `/api/bid-requests?group=drafts&limit=2&after=${res.headers.get("x-next-cursor")}`,
  );
  const more = await expectJson<Row[]>(next, 200);
  assert.ok(!more.some((r) => ids.includes(r.id)));
});

Deno.test({
  name: `${tag} two transactions adding items to one bid at once: the summary counts both writers' items`,
  // PGlite has one connection: transactions cannot overlap there.
  ignore: testBackend() !== "postgres",
  fn: async () => {
    const bid = await create(`Concurrent ${crypto.randomUUID().slice(0, 8)}`, [
      { itemName: "First", quantity: 1, estimatedPrice: "1" },
    ]);
    const add = (tx: Queryable, name: string, position: number) =>
      tx.query(
        `insert into bid_request_items (bid_request_id, position, name, quantity, unit, estimated_price)
         values ($1, $2, $3, 1, 'pcs', 1)`,
        [bid.id, position, name],
      );
    let release!: () => void;
    const gate = new Promise<void>((r) => release = r);
    let added!: () => void;
    const aAdded = new Promise<void>((r) => added = r);
    // A adds its items and holds its transaction open; B adds one meanwhile and queues behind A's
    // lock on the bid (sql/0022 locks it before counting), then A commits.
    const a = db.tx(async (tx: Queryable) => {
      await add(tx, "A one", 1);
      await add(tx, "A two", 2);
      added();
      await gate;
    });
    await aAdded;
    const b = db.tx(async (tx: Queryable) => await add(tx, "B one", 3));
    await waitForLockWaiters(db, 1, { query: "insert into bid_request_items" });
    release();
    await Promise.all([a, b]);
    await check(bid.id, "after two concurrent writers");
    const [{ n }] = await db.query<{ n: number }>("select item_count as n from bid_requests where id = $1", [bid.id]);
    assert.equal(n, 4);
  },
});

/**
 * The quotation lists' item summary (sql/0025): the quotation row carries its item
 * count and first three items, kept by statement-level triggers on quotation_items in the changing
 * transaction; the staff list answers them with the other fields as before, the vendor's own list the
 * count (its details every item).
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";
import { waitForLockWaiters } from "../helpers/wait.ts";
import type { Queryable } from "../../src/db/types.ts";

const tag = `[quotation-summary/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(() => t.close());

const manager = await as(t, "procurement_manager");
const vendor = await as(t, "vendor");
const creator = (await db.query<{ id: number }>("select id from users order by id limit 1"))[0].id;
let numbers = 0;

type Item = {
  id: number;
  requestItemId: number;
  name: string;
  itemName: string;
  quantity: number;
  unit: string;
  unitPrice: string;
  totalPrice: string;
  notes: string;
};
type Row = Record<string, unknown> & { id: number; items: Item[]; itemCount: number };

/** A purchase request with `n` items and the vendor's quotation of them, in `tx`. */
async function quotationWithItems(tx: Queryable, n: number) {
  numbers++;
  const [pr] = await tx.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, deadline, created_by)
     values ('PR-1998-' || lpad($1::text, 6, '0'), 'Summary ' || $1, 'active', now() + interval '30 days', $2)
     returning id`,
    [numbers, creator],
  );
  await tx.query(
    `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, estimated_price)
     select $1, g, 'Item ' || g, g, 'pcs', 10 from generate_series(1, $2::int) g`,
    [pr.id, n],
  );
  const [q] = await tx.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, total_amount, valid_until, lead_time_days, notes)
     values ($1, $2, 100, now() + interval '30 days', 7, 'summary test') returning id`,
    [vendor.user.id, pr.id],
  );
  await tx.query(
    `insert into quotation_items (quotation_id, purchase_request_item_id, name, quantity, unit, unit_price, total_price, notes)
     select $1, i.id, i.name, i.quantity, i.unit, 2.5 * i.position, 2.5 * i.position * i.quantity, 'n' || i.position
       from purchase_request_items i where i.purchase_request_id = $2`,
    [q.id, pr.id],
  );
  return q.id;
}

const summary = async (tx: Queryable, id: number) =>
  (await tx.query<{ n: number; names: string[] }>(
    `select item_count as n, array(select x->>'name' from json_array_elements(item_summary) x) as names
       from quotations where id = $1`,
    [id],
  ))[0];

Deno.test(`${tag} the item summary is right after each item insert, edit and delete, inside the transaction`, async () => {
  await db.tx(async (tx) => {
    const id = await quotationWithItems(tx, 5);
    assert.deepEqual(await summary(tx, id), { n: 5, names: ["Item 1", "Item 2", "Item 3"] });
    await tx.query(
      "update quotation_items set name = 'Renamed' where quotation_id = $1 and name = 'Item 2'",
      [id],
    );
    assert.deepEqual(await summary(tx, id), { n: 5, names: ["Item 1", "Renamed", "Item 3"] });
    await tx.query("delete from quotation_items where quotation_id = $1 and name in ('Item 1', 'Item 4')", [id]);
    assert.deepEqual(await summary(tx, id), { n: 3, names: ["Renamed", "Item 3", "Item 5"] });
    await tx.query("delete from quotation_items where quotation_id = $1", [id]);
    assert.deepEqual(await summary(tx, id), { n: 0, names: [] });
  });
});

Deno.test(`${tag} an item moved to another quotation changes both summaries`, async () => {
  await db.tx(async (tx) => {
    const a = await quotationWithItems(tx, 2);
    const b = await quotationWithItems(tx, 1);
    await tx.query(
      "update quotation_items set quotation_id = $2 where quotation_id = $1 and name = 'Item 2'",
      [a, b],
    );
    assert.deepEqual(await summary(tx, a), { n: 1, names: ["Item 1"] });
    // by item id: a's item was written first
    assert.deepEqual(await summary(tx, b), { n: 2, names: ["Item 2", "Item 1"] });
  });
});

Deno.test(`${tag} GET /api/quotations answers every field of the details, the first three items and the item count`, async () => {
  const five = await db.tx((tx) => quotationWithItems(tx, 5));
  const two = await db.tx((tx) => quotationWithItems(tx, 2));
  const res = await manager.request("/api/quotations?limit=200");
  const list = await expectJson<Row[]>(res, 200);
  for (const [id, count] of [[five, 5], [two, 2]]) {
    const row = list.find((r) => r.id === id)!;
    const detail = await expectJson<Row & { revisions: unknown }>(
      await manager.request(`/api/quotations/${id}`),
      200,
    );
    const { revisions: _, items: all, ...fields } = detail;
    const { items, itemCount, ...rowFields } = row;
    // Every field the card reads, as the details answer it (the same values the driver gave).
    assert.deepEqual(rowFields, fields);
    assert.equal(itemCount, count);
    assert.equal(all.length, count);
    assert.deepEqual(items, all.slice(0, 3));
  }
});

Deno.test(`${tag} GET /api/vendor/quotations answers the item count and no items; the details answer them`, async () => {
  const id = await db.tx((tx) => quotationWithItems(tx, 4));
  const list = await expectJson<Row[]>(await vendor.request("/api/vendor/quotations"), 200);
  const row = list.find((r) => r.id === id)!;
  assert.equal(row.itemCount, 4);
  assert.ok(!Object.hasOwn(row, "items") && !Object.hasOwn(row, "attachments"));
  const whole = await expectJson<Row & { attachments: unknown }>(
    await vendor.request(`/api/vendor/quotations/${id}`),
    200,
  );
  assert.equal(whole.items.length, 4);
  const { items: _i, attachments: _a, ...fields } = whole;
  const { itemCount: _c, ...rowFields } = row;
  // Every other field as the details answer it (what the card shows, and Revise's fallback).
  assert.deepEqual(rowFields, fields);
});

Deno.test(`${tag} two transactions adding items to one quotation at once leave the summary of both`, async () => {
  const id = await db.tx((tx) => quotationWithItems(tx, 1));
  const add = (tx: Queryable, name: string) =>
    tx.query(
      `insert into quotation_items (quotation_id, purchase_request_item_id, name, quantity, unit, unit_price, total_price)
       select $1, purchase_request_item_id, $2, 1, 'pcs', 1, 1 from quotation_items where quotation_id = $1 limit 1`,
      [id, name],
    );
  let added!: () => void;
  const first = new Promise<void>((resolve) => added = resolve);
  await Promise.all([
    db.tx(async (tx) => {
      await add(tx, "From A");
      added();
      // B's trigger waits for this transaction's lock on the quotation, then counts A's committed item
      // too. PGlite is one connection: B's transaction starts after this one ends, nothing overlaps.
      if (testBackend() === "postgres") await waitForLockWaiters(db, 1, { query: "insert into quotation_items" });
    }),
    first.then(() => db.tx((tx) => add(tx, "From B"))),
  ]);
  const [{ n, real }] = await db.query<{ n: number; real: number }>(
    "select item_count as n, (select count(*)::int from quotation_items where quotation_id = $1) as real from quotations where id = $1",
    [id],
  );
  assert.deepEqual({ n, real }, { n: 3, real: 3 });
});

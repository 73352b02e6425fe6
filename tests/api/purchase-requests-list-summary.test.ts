/**
 * The purchase request list at scale: each row's item count and first three items
 * are kept on the request row by the database (sql/0020 triggers) and the page leaves PostgreSQL as
 * JSON text in one statement with its count. These tests hold the summary to the items through every
 * kind of change, and the list's answer to what the old per-row queries gave.
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";
import type { Queryable } from "../../src/db/types.ts";
import { listPurchaseRequests } from "../../src/features/purchase-requests/queries.ts";

const tag = `[purchase-requests-list/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db, "Summary supplies");
const manager = await as(t, "procurement_manager");
const DAY = 86_400_000;

type Row = {
  id: number;
  itemCount: number;
  items: { id: number; name: string; quantity: number; unit: string; estimatedPrice: string }[];
  [k: string]: unknown;
};

async function create(title: string, items: { itemName: string; quantity: number; estimatedPrice: number }[]) {
  const res = await manager.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title,
      description: "summary test",
      department: "IT",
      justification: "j",
      deadline: new Date(Date.now() + 20 * DAY).toISOString(),
      categoryId: CAT,
      items: items.map((i) => ({ ...i, unit: "pcs" })),
    },
  });
  return await expectJson<{ id: number; version: number }>(res, 201);
}

/** What the list showed before sql/0020, computed from the items themselves. */
async function expected(id: number) {
  const [row] = await db.query<{ n: number; items: Row["items"] | string }>(
    `select (select count(*)::int from purchase_request_items i where i.purchase_request_id = $1) as n,
            coalesce((select json_agg(json_build_object('id', t.id, 'name', t.name, 'quantity', t.quantity,
                        'unit', t.unit, 'estimatedPrice', t.estimated_price::text) order by t.position, t.id)
               from (select * from purchase_request_items i where i.purchase_request_id = $1
                      order by position, id limit 3) t), '[]'::json) as items`,
    [id],
  );
  return { itemCount: row.n, items: typeof row.items === "string" ? JSON.parse(row.items) : row.items };
}

/** The summary stored on the row (sql/0020) and the list's row, both checked against the items. */
async function check(id: number, title: string, why: string) {
  const want = await expected(id);
  const [stored] = await db.query<{ n: number; items: unknown }>(
    "select item_count as n, item_summary as items from purchase_requests where id = $1",
    [id],
  );
  const storedItems = typeof stored.items === "string" ? JSON.parse(stored.items) : stored.items;
  assert.deepEqual({ itemCount: stored.n, items: storedItems }, want, `stored summary ${why}`);
  const rows = await expectJson<Row[]>(await manager.request(`/api/purchase-requests?q=${title}`), 200);
  const row = rows.find((r) => r.id === id);
  assert.ok(row, `listed ${why}`);
  assert.deepEqual({ itemCount: row.itemCount, items: row.items }, want, `list row ${why}`);
}

Deno.test(`${tag} GET /api/purchase-requests keeps each row's item summary right through item inserts, edits, deletes and reorders`, async () => {
  const title = `Summary${crypto.randomUUID().slice(0, 8)}`;
  const pr = await create(title, [
    { itemName: "Alpha", quantity: 1, estimatedPrice: 1.5 },
    { itemName: "Beta", quantity: 2, estimatedPrice: 2 },
    { itemName: "Gamma", quantity: 3, estimatedPrice: 3 },
    { itemName: "Delta", quantity: 4, estimatedPrice: 4.25 },
  ]);
  await check(pr.id, title, "after create (4 items, first 3 shown)");

  // The edit form replaces the items (delete + insert in the request's transaction).
  const edited = await manager.request(`/api/purchase-requests/${pr.id}`, {
    method: "PUT",
    json: {
      title,
      description: "edited",
      deadline: new Date(Date.now() + 10 * DAY).toISOString(),
      version: pr.version,
      items: [{ name: "Solo", quantity: 7, unit: "box", estimatedPrice: "9.99" }],
    },
  });
  await expectJson(edited, 200);
  await check(pr.id, title, "after the edit form replaced the items");

  // Several changes in one transaction: inserts, a rename, a reorder, a delete.
  const db2 = t.db;
  await db2.tx(async (tx: Queryable) => {
    await tx.query(
      `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, estimated_price)
       values ($1, 1, 'Two', 2, 'pcs', 2), ($1, 2, 'Three', 3, 'pcs', 3), ($1, 3, 'Four', 4, 'pcs', 4)`,
      [pr.id],
    );
    await tx.query(
      "update purchase_request_items set name = 'Solo renamed' where purchase_request_id = $1 and name = 'Solo'",
      [
        pr.id,
      ],
    );
    // Reorder: Four goes first.
    await tx.query("update purchase_request_items set position = -1 where purchase_request_id = $1 and name = 'Four'", [
      pr.id,
    ]);
    await tx.query("delete from purchase_request_items where purchase_request_id = $1 and name = 'Two'", [pr.id]);
  });
  await check(pr.id, title, "after insert, rename, reorder and delete in one transaction");

  // An item moved to another request changes both; deleting every item empties the summary.
  const other = await create(title, [{ itemName: "Other", quantity: 1, estimatedPrice: 1 }]);
  await db.query(
    "update purchase_request_items set purchase_request_id = $2 where purchase_request_id = $1 and name = 'Three'",
    [pr.id, other.id],
  );
  await check(pr.id, title, "after an item moved away");
  await check(other.id, title, "after an item moved in");
  await db.query("delete from purchase_request_items where purchase_request_id = $1", [pr.id]);
  await check(pr.id, title, "after every item was deleted");
  const [{ n }] = await db.query<{ n: number }>("select item_count as n from purchase_requests where id = $1", [pr.id]);
  assert.equal(n, 0);
});

Deno.test(`${tag} GET /api/purchase-requests answers every field as the detail does, with the same totals and headers`, async () => {
  const title = `Shape${crypto.randomUUID().slice(0, 8)}`;
  const ids: number[] = [];
  for (let k = 0; k < 3; k++) {
    ids.push(
      (await create(title, [{ itemName: `Item ${k}`, quantity: k + 1, estimatedPrice: [10.05, 20.1, 30.15][k] }])).id,
    );
  }
  const res = await manager.request(`/api/purchase-requests?q=${title}&limit=2`);
  const rows = await expectJson<Row[]>(res, 200);
  assert.match(res.headers.get("content-type") ?? "", /^application\/json/);
  assert.deepEqual(rows.map((r) => r.id), [ids[2], ids[1]], "newest first");
  // A full page of a text search counts: 3 in all, exact; the next page's cursor is given.
  assert.equal(res.headers.get("x-total-count"), "3");
  assert.equal(res.headers.get("x-total-count-capped"), null);
  assert.equal(res.headers.get("x-total-count-estimated"), null);
  assert.ok(res.headers.get("x-next-cursor"));
  for (const row of rows) {
    const detail = await expectJson<Record<string, unknown>>(
      await manager.request(`/api/purchase-requests/${row.id}`),
      200,
    );
    const { items, itemCount, ...rest } = row;
    for (const [key, value] of Object.entries(rest)) assert.deepEqual(value, detail[key], `${key} as the detail`);
    assert.equal(itemCount, 1);
    assert.deepEqual(
      items,
      (detail.items as Row["items"]).map(({ id, name, quantity, unit, estimatedPrice }) => ({
        id,
        name,
        quantity,
        unit,
        estimatedPrice,
      })),
    );
    // Dates and money as the driver gives them (a JS Date's JSON, numeric as text), as before.
    const [raw] = await db.query<{ created_at: Date; updated_at: Date; deadline: Date; estimated_budget: string }>(
      "select created_at, updated_at, deadline, estimated_budget from purchase_requests where id = $1",
      [row.id],
    );
    assert.deepEqual(
      [row.createdAt, row.updatedAt, row.deadline, row.estimatedBudget],
      [raw.created_at.toJSON(), raw.updated_at.toJSON(), raw.deadline.toJSON(), raw.estimated_budget],
    );
  }
  const last = await manager.request(
    `/api/purchase-requests?q=${title}&limit=2&after=${res.headers.get("x-next-cursor")}`,
  );
  assert.deepEqual((await expectJson<Row[]>(last, 200)).map((r) => r.id), [ids[0]]);
  assert.equal(last.headers.get("x-next-cursor"), null, "a short page is the last");
  // An empty page is an empty array.
  const none = await manager.request(`/api/purchase-requests?q=${title}-none`);
  assert.deepEqual(await expectJson(none, 200), []);
  assert.equal(none.headers.get("x-total-count"), "0");
});

Deno.test(`${tag} GET /api/purchase-requests: a filtered page and its count are one statement`, async () => {
  const statements: string[] = [];
  const counting: Queryable = {
    query: (text, params) => {
      statements.push(text);
      return db.query(text, params);
    },
    exec: (script) => db.exec(script),
  };
  const page = { limit: 50, offset: 0, categoryId: CAT };
  const first = await listPurchaseRequests(counting, page);
  const before = statements.length;
  const again = await listPurchaseRequests(counting, page);
  // The planner's estimate is asked once per filter and remembered for a few seconds.
  assert.equal(statements.length - before, 1, statements.slice(before).join("\n---\n"));
  assert.equal(again.total, first.total);
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from purchase_requests where category_id = $1",
    [
      CAT,
    ],
  );
  assert.deepEqual([again.total, again.capped, again.estimated], [n, false, false]);
});

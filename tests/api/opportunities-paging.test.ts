/**
 * The vendor's opportunities a page at a time: purchase requests needing quotes
 * and open bid requests in one order (closing soonest first, then kind, then id), 50 a page by
 * default, the next page by `?after=` from X-Next-Cursor, filters in SQL, capped totals.
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[opportunities/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const creator = (await as(t, "purchase_team")).user.id;
let numbers = 0;
// Every closing time is this instant plus whole days: rows of the same day tie exactly.
const BASE = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();

type Row = { kind: string; id: number; requestId: string; title: string; deadline: string; biddingDeadline?: string };

/** `n` open purchase requests of `category` straight in SQL, closing `days` from now (all at that instant). */
async function prs(category: number, n: number, days: number, title = "Paging") {
  const first = numbers + 1;
  numbers += n;
  return (await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, description, status, request_type, category_id, deadline, created_by)
     select 'PR-1997-' || lpad(g::text, 6, '0'), $5 || ' ' || g, 'opportunity', 'active', 'vendor_quote', $1,
            $7::timestamptz + $2 * interval '1 day', $3
       from generate_series($4::int, $6::int) g returning id`,
    [category, days, creator, first, title, numbers, BASE],
  )).map((r) => r.id);
}

/** `n` open bid requests of `category`, bidding closing `days` from now (the same instant as prs()). */
async function bids(category: number, n: number, days: number, title = "Paging bid") {
  const first = numbers + 1;
  numbers += n;
  return (await db.query<{ id: number }>(
    `insert into bid_requests (bid_number, title, description, department, qualification_criteria, category_id,
        deadline, bidding_deadline, status, created_by)
     select 'BR-1997-' || lpad(g::text, 6, '0'), $5 || ' ' || g, 'opportunity', 'Ops', 'q', $1,
            $7::timestamptz + ($2 + 7) * interval '1 day', $7::timestamptz + $2 * interval '1 day',
            'published', $3
       from generate_series($4::int, $6::int) g returning id`,
    [category, days, creator, first, title, numbers, BASE],
  )).map((r) => r.id);
}

async function page(s: Session, query = "") {
  const res = await s.request(`/api/vendor/matching-prs${query ? `?${query}` : ""}`);
  const rows = await expectJson<Row[]>(res, 200);
  return {
    rows,
    keys: rows.map((r) => `${r.kind}:${r.id}`),
    next: res.headers.get("x-next-cursor"),
    total: Number(res.headers.get("x-total-count")),
  };
}

/** Every page by cursor. */
async function walk(s: Session, query: string) {
  const all: Row[] = [];
  let after = "";
  for (let n = 0; n < 50; n++) {
    const p = await page(s, `${query}${after ? `&after=${after}` : ""}`);
    all.push(...p.rows);
    if (!p.next) return all;
    after = p.next;
  }
  throw new Error("more than 50 pages");
}

const closes = (r: Row) => Date.parse(r.biddingDeadline ?? r.deadline);

Deno.test(`${tag} GET /api/vendor/matching-prs answers 50 a page, closing soonest first, then kind and id, and walks every row once by cursor`, async () => {
  const category = await createCategory(db);
  const vendor = await as(t, "vendor", { categoryIds: [category] });
  // Ties: 40 requests and 15 bids closing at the same instant (day 10), more on days 5 and 20.
  const tiedPrs = await prs(category, 40, 10);
  const tiedBids = await bids(category, 15, 10);
  await prs(category, 20, 20);
  await bids(category, 10, 5);
  const first = await page(vendor);
  assert.equal(first.rows.length, 50);
  assert.equal(first.total, 85);
  assert.ok(first.next, "a full page gives the next page's cursor");
  // A cursor page is not counted again (the client keeps page 1's total); an offset page is.
  const cursorPage = await vendor.request(`/api/vendor/matching-prs?after=${first.next}`);
  assert.deepEqual((await expectJson<Row[]>(cursorPage, 200)).length, 35);
  assert.equal(cursorPage.headers.get("x-total-count"), null, "no total on a cursor page");
  assert.equal((await vendor.request("/api/vendor/matching-prs?offset=50")).headers.get("x-total-count"), "85");
  const all = await walk(vendor, "limit=7");
  assert.equal(all.length, 85);
  const keys = all.map((r) => `${r.kind}:${r.id}`);
  assert.equal(new Set(keys).size, 85, "no row twice");
  assert.deepEqual(keys.slice(0, 50), first.keys, "the cursor pages follow page 1's order");
  const sorted = [...all].sort((a, b) => closes(a) - closes(b) || a.kind.localeCompare(b.kind) || a.id - b.id);
  assert.deepEqual(keys, sorted.map((r) => `${r.kind}:${r.id}`));
  // The tie on day 10: its bids first (kind), then its requests, each by id.
  const tie = keys.filter((k) =>
    tiedBids.some((id) => k === `bid_request:${id}`) || tiedPrs.some((id) => k === `purchase_request:${id}`)
  );
  assert.deepEqual(tie, [
    ...tiedBids.map((id) => `bid_request:${id}`),
    ...tiedPrs.map((id) => `purchase_request:${id}`),
  ]);
  // An offset gives the same rows as the cursor.
  const offset = await page(vendor, "limit=10&offset=45");
  assert.deepEqual(offset.keys, keys.slice(45, 55));
  // A page that is not full has no cursor.
  const beyond = await page(vendor, "limit=5&offset=85");
  assert.deepEqual([beyond.rows.length, beyond.next], [0, null]);
});

Deno.test(`${tag} GET /api/vendor/matching-prs: the page's JSON, built by PostgreSQL, is each row as the driver read it`, async () => {
  const category = await createCategory(db);
  const vendor = await as(t, "vendor", { categoryIds: [category] });
  const [pr] = await prs(category, 1, 3, "Json \"quoted\" \\ 'text' é");
  const [bid] = await bids(category, 1, 2, "Json bid");
  await db.query(
    `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, estimated_price,
        specifications)
     values ($1, 1, 'Second', 3, 'box', 12.5, ''), ($1, 0, 'First "one"', 1, 'pcs', 0.1, 'spec\nline')`,
    [pr],
  );
  await db.query(
    `update purchase_requests set estimated_budget = 37.6, deadline = deadline + interval '123456 microseconds'
      where id = $1`,
    [pr],
  );
  await db.query(
    `insert into bid_request_items (bid_request_id, position, name, quantity, unit, estimated_price, specification,
        technical_requirements)
     values ($1, 0, 'Lamp', 2, 'pcs', 99.99, 'LED', 'CE')`,
    [bid],
  );
  await db.query("update bid_requests set bond_required = true, bond_amount = 100.5 where id = $1", [bid]);
  await db.query(
    `insert into quotations (vendor_id, purchase_request_id, status, is_current, revision, total_amount, validity_days,
        valid_until)
     values ($1, $2, 'submitted', true, 1, 1, 30, now() + interval '30 days')`,
    [vendor.user.id, pr],
  );
  const { matchingBids, matchingPurchaseRequests } = await import("../../src/features/opportunities/queries.ts");
  // What the list answered before: the driver's rows of the whole-list statements, through JSON.
  const before = JSON.parse(JSON.stringify([
    ...(await matchingBids(db, vendor.user.id, true, [])).filter((r) => r.id === bid),
    ...(await matchingPurchaseRequests(db, vendor.user.id, true)).filter((r) => r.id === pr),
  ]));
  // Now with itemCount before the items: by ids= every item, on a list page the first three (kept).
  type Row = Record<string, unknown> & { items: Record<string, unknown>[] };
  const withCount = (r: Row, items: Row["items"]) =>
    Object.fromEntries(
      Object.entries(r).flatMap(([k, v]) => k === "items" ? [["itemCount", r.items.length], [k, items]] : [[k, v]]),
    );
  const full = (await page(vendor, `ids=bid_request:${bid},purchase_request:${pr}`)).rows;
  const expected = before.map((r: Row) => withCount(r, r.items));
  assert.equal(full.length, 2);
  assert.deepEqual(full, expected);
  assert.deepEqual(Object.keys(full[1]), Object.keys(expected[1]), "the same fields in the same order");
  const listed = (await page(vendor, `categoryId=${category}`)).rows;
  assert.deepEqual(
    listed,
    before.map((r: Row) =>
      withCount(
        r,
        r.items.slice(0, 3).map((i) => ({
          id: i.id,
          name: i.name,
          quantity: i.quantity,
          unit: i.unit,
          estimatedPrice: i.estimatedPrice,
        })),
      )
    ),
  );
});

Deno.test(`${tag} GET /api/vendor/matching-prs filters by kind, category, text and ids in SQL, with their totals`, async () => {
  const cat1 = await createCategory(db);
  const cat2 = await createCategory(db);
  const vendor = await as(t, "vendor", { categoryIds: [cat1, cat2] });
  const p1 = await prs(cat1, 3, 8, "Printer toner");
  const p2 = await prs(cat2, 2, 9, "Office chairs");
  const b1 = await bids(cat1, 2, 7, "Toner framework");
  const b2 = await bids(cat2, 1, 6, "Desk lamps");
  const kinds = await page(vendor, "kind=bid_request");
  assert.deepEqual(kinds.keys, [...b2, ...b1].map((id) => `bid_request:${id}`));
  assert.equal(kinds.total, 3);
  const cat = await page(vendor, `categoryId=${cat2}`);
  assert.deepEqual(cat.keys, [`bid_request:${b2[0]}`, ...p2.map((id) => `purchase_request:${id}`)]);
  assert.equal(cat.total, 3);
  const text = await page(vendor, "q=TONER");
  assert.deepEqual(text.keys, [...b1.map((id) => `bid_request:${id}`), ...p1.map((id) => `purchase_request:${id}`)]);
  assert.equal(text.total, 5);
  // Wildcards are text: "%" matches nothing here.
  assert.deepEqual((await page(vendor, "q=%25")).keys, []);
  const both = await page(vendor, `kind=purchase_request&categoryId=${cat1}&q=toner&limit=2`);
  assert.deepEqual(both.keys, p1.slice(0, 2).map((id) => `purchase_request:${id}`));
  assert.equal(both.total, 3);
  const walked = await walk(vendor, `categoryId=${cat1}&limit=2`);
  assert.deepEqual(walked.map((r) => `${r.kind}:${r.id}`), [
    ...b1.map((id) => `bid_request:${id}`),
    ...p1.map((id) => `purchase_request:${id}`),
  ]);
  // By id: only those still open to the vendor (MyQuotations' Revise asks this way).
  const other = await createCategory(db);
  const [foreign] = await prs(other, 1, 3);
  const ids = await page(vendor, `ids=purchase_request:${p2[1]},bid_request:${b1[0]},purchase_request:${foreign}`);
  assert.deepEqual(ids.keys, [`bid_request:${b1[0]}`, `purchase_request:${p2[1]}`]);
  assert.equal(ids.total, 2);
});

Deno.test(`${tag} GET /api/vendor/matching-prs: a vendor sees only opportunities in its categories, never closed ones`, async () => {
  const mine = await createCategory(db);
  const theirs = await createCategory(db);
  const vendor = await as(t, "vendor", { categoryIds: [mine] });
  const other = await as(t, "vendor", { categoryIds: [theirs] });
  const open = await prs(mine, 3, 4);
  const [closed] = await prs(mine, 1, 4);
  await db.query("update purchase_requests set deadline = now() - interval '1 hour' where id = $1", [closed]);
  const [bid] = await bids(mine, 1, 4);
  const seen = await walk(vendor, `categoryId=${mine}&limit=2`);
  assert.deepEqual(seen.map((r) => `${r.kind}:${r.id}`), [
    `bid_request:${bid}`,
    ...open.map((id) => `purchase_request:${id}`),
  ]);
  const theirsSeen = await walk(other, "limit=200");
  const leaked = theirsSeen.filter((r) =>
    (r.kind === "purchase_request" && [...open, closed].includes(r.id)) || (r.kind === "bid_request" && r.id === bid)
  );
  assert.deepEqual(leaked, []);
  // Filtering by a category it is not in does not open it up.
  assert.deepEqual((await page(other, `categoryId=${mine}`)).keys, []);
  assert.deepEqual((await page(other, `ids=purchase_request:${open[0]}`)).keys, []);
});

Deno.test(`${tag} GET /api/vendor/matching-prs refuses a cursor it never gave out, a deep offset and bad filters with 400`, async () => {
  const vendor = await as(t, "vendor", { categoryIds: [await createCategory(db)] });
  const bad = [
    "after=not-a-cursor",
    `after=${btoa("x:2026-01-01T00:00:00.000000Z_1").replaceAll("=", "")}`,
    "offset=10001",
    "limit=0",
    "limit=201",
    "kind=internal",
    "categoryId=abc",
    "ids=purchase_request:0",
    "ids=order:1",
  ];
  for (const query of bad) {
    const res = await vendor.request(`/api/vendor/matching-prs?${query}`);
    await expectError(res, 400);
  }
});

/**
 * The quotation lists at scale, staff (`GET /api/quotations`) and the vendor's own
 * (`GET /api/vendor/quotations`): keyset pages, the offset cap, capped and estimated totals.
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";
import { LISTED } from "../../src/features/quotations/queries.ts";

const tag = `[quotation-paging/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(() => t.close());

const manager = await as(t, "procurement_manager");
const vendorA = await as(t, "vendor");
const vendorB = await as(t, "vendor");
const creator = (await db.query<{ id: number }>("select id from users order by id limit 1"))[0].id;
let numbers = 0;

/**
 * `n` quotations of `vendor` in `status`, each for a purchase request of its own inserted straight in
 * SQL (numbers of the year 1999, never issued by the app), submitted at `at` plus k microseconds
 * times `stepUs` (0: all at one instant, so only the id orders them). In chunks: one statement of
 * tens of thousands of rows can outlast the statement timeout on a loaded machine.
 */
async function insert(vendor: number, status: string, n: number, at = "now", stepUs = 1) {
  for (let done = 0; done < n; done += 2000) {
    const first = numbers + 1;
    numbers += Math.min(2000, n - done);
    await db.query(
      `with prs as (
         insert into purchase_requests (request_number, title, status, deadline, created_by)
         select 'PR-1999-' || lpad(g::text, 6, '0'), 'Paging ' || g, 'active', now() + interval '30 days', $1
           from generate_series($2::int, $3::int) g
         returning id, request_number)
       insert into quotations (vendor_id, purchase_request_id, status, total_amount, valid_until, submitted_at)
       select $4, prs.id, $5, 100, now() + interval '30 days',
              $6::text::timestamptz + (substr(prs.request_number, 9)::int - $2) * $7 * interval '1 microsecond'
         from prs`,
      [creator, first, numbers, vendor, status, at, stepUs],
    );
  }
}

async function page(session: typeof manager, path: string) {
  const res = await session.request(path);
  const rows = await expectJson<{ id: number }[]>(res, 200);
  return {
    ids: rows.map((r) => r.id),
    next: res.headers.get("x-next-cursor"),
    total: Number(res.headers.get("x-total-count")),
    capped: res.headers.get("x-total-count-capped"),
    estimated: res.headers.get("x-total-count-estimated"),
  };
}

/** Follows X-Next-Cursor from `path`'s first page, adding a newer quotation between pages. */
async function walk(session: typeof manager, path: string, add: () => Promise<void>) {
  const seen: number[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const p = await page(session, `${path}${cursor ? `&after=${cursor}` : ""}`);
    seen.push(...p.ids);
    totals.push(p.total);
    cursor = p.next;
    // A new quotation is newer than every cursor: it never shifts the pages still to come.
    await add();
    assert.ok(totals.length < 10, "the walk ends");
  } while (cursor);
  return { seen, totals };
}

Deno.test(`${tag} GET /api/quotations?after= walks every quotation once while quotations arrive`, async () => {
  // Ten at one instant (the id breaks the tie), thirteen a microsecond apart.
  await insert(vendorA.user.id, "under_review", 10, "2025-01-01T00:00:00.000001Z", 0);
  await insert(vendorB.user.id, "under_review", 13, "2025-01-02T00:00:00Z");
  const expected = (await db.query<{ id: number }>(
    "select id from quotations where status = 'under_review' order by submitted_at desc, id desc",
  )).map((r) => r.id);
  const { seen, totals } = await walk(
    manager,
    "/api/quotations?status=under_review&limit=5",
    () => insert(vendorB.user.id, "under_review", 1),
  );
  assert.equal(new Set(seen).size, seen.length, "no quotation twice");
  assert.deepEqual(seen, expected, "no quotation missed, newest first");
  assert.deepEqual(totals, [23, 24, 25, 26, 27], "the total counts the filter, not what is left after the cursor");
  // The same rows as offset paging.
  const first = await page(manager, "/api/quotations?status=under_review&limit=5");
  const second = await page(manager, "/api/quotations?status=under_review&limit=5&offset=5");
  assert.deepEqual(
    (await page(manager, `/api/quotations?status=under_review&limit=5&after=${first.next}`)).ids,
    second.ids,
  );
});

Deno.test(`${tag} GET /api/vendor/quotations pages the vendor's own quotations (50 by default), by cursor`, async () => {
  const v = await as(t, "vendor");
  await insert(v.user.id, "submitted", 52, "2025-02-01T00:00:00Z");
  await insert(vendorA.user.id, "submitted", 3, "2025-02-01T00:00:00.5Z");
  const expected = (await db.query<{ id: number }>(
    "select id from quotations where vendor_id = $1 and is_current order by submitted_at desc, id desc",
    [v.user.id],
  )).map((r) => r.id);
  const def = await page(v, "/api/vendor/quotations");
  assert.deepEqual([def.ids.length, def.total], [50, 52]);
  assert.deepEqual(def.ids, expected.slice(0, 50));
  const rest = await page(v, `/api/vendor/quotations?after=${def.next}`);
  assert.deepEqual(rest.ids, expected.slice(50));
  assert.equal(rest.next, null, "a short page is the last");
  const { seen, totals } = await walk(v, "/api/vendor/quotations?limit=20", () => insert(v.user.id, "submitted", 1));
  assert.deepEqual(seen, expected, "every one once, newest first, none of another vendor's");
  assert.deepEqual(totals, [52, 53, 54]);
});

Deno.test(`${tag} both quotation lists refuse a forged cursor and offsets beyond 10,000 with 400`, async () => {
  for (const [session, path] of [[manager, "/api/quotations"], [vendorA, "/api/vendor/quotations"]] as const) {
    for (const bad of ["abc", "0", "MjAyNS0wMS0wMV8x", "x".repeat(121)]) {
      const body = await expectError(await session.request(`${path}?after=${bad}`), 400);
      assert.equal((body.issues as { path: string }[])[0].path, "after", `${path} ${bad}`);
    }
    await expectError(await session.request(`${path}?after=abc`), 400, "lists.badCursor");
    const body = await expectError(await session.request(`${path}?offset=10001`), 400, "lists.offsetTooDeep");
    assert.equal((body.issues as { path: string }[])[0].path, "offset");
    await expectJson(await session.request(`${path}?offset=10000`), 200);
  }
});

Deno.test(`${tag} the quotation lists count exactly up to 10,000, then say capped`, async () => {
  const few = await page(manager, "/api/quotations?status=under_review&limit=1");
  assert.equal(few.capped, null);
  await insert(vendorA.user.id, "approved", 10_001);
  const capped = await page(manager, "/api/quotations?status=approved&limit=1");
  assert.deepEqual([capped.total, capped.capped, capped.estimated], [10_000, "true", null]);
  // The deepest offsets still find their rows: an offset's position is sought within the list's first
  // 10,001 rows (src/db/keyset.ts whereFrom), so one fewer would answer offset 10,000 with nothing.
  const deepest = (await db.query<{ id: number }>(
    `select id from quotations where status = 'approved' and is_current and not sealed
      order by submitted_at desc, id desc offset 9999`,
  )).map((r) => r.id);
  assert.ok(deepest.length >= 2);
  for (const offset of [9_999, 10_000]) {
    const deep = await page(manager, `/api/quotations?status=approved&limit=5&offset=${offset}`);
    assert.deepEqual(deep.ids, deepest.slice(offset - 9_999, offset - 9_999 + 5), `offset ${offset}`);
  }
  const mine = await page(vendorA, "/api/vendor/quotations?limit=1");
  assert.deepEqual([mine.total, mine.capped], [10_000, "true"]);
  await insert(vendorB.user.id, "rejected", 16_000);
  await db.exec("analyze quotations");
  await db.exec("analyze bid_requests");
  // The staff list's totals come from the counts the database keeps (sql/0023): exact, never
  // estimated, whatever the planner expects.
  const many = await page(manager, "/api/quotations?status=rejected&limit=1");
  assert.deepEqual([many.total, many.capped, many.estimated], [10_000, "true", null]);
  const all = await page(manager, "/api/quotations?limit=1");
  assert.deepEqual([all.total, all.capped, all.estimated], [10_000, "true", null]);
});

Deno.test(`${tag} GET /api/quotations?offset= answers the rows of SQL's offset, ties included, and none past the end`, async () => {
  await insert(vendorA.user.id, "submitted", 7, "2099-05-01T00:00:00Z", 0);
  await insert(vendorB.user.id, "submitted", 4, "2099-05-02T00:00:00Z");
  const expected = (await db.query<{ id: number }>(
    `select id from quotations where status = 'submitted' and is_current and not sealed
      order by submitted_at desc, id desc`,
  )).map((r) => r.id);
  for (const offset of [0, 2, 3, 5, 9, expected.length - 1, expected.length, expected.length + 3]) {
    const got = await page(manager, `/api/quotations?status=submitted&limit=3&offset=${offset}`);
    assert.deepEqual(got.ids, expected.slice(offset, offset + 3), `offset ${offset}`);
    assert.equal(got.total, expected.length);
  }
});

Deno.test(`${tag} the seal guard probes each bid quotation's bid: no hash of every locked bid per statement`, async () => {
  // Without `offset 0` in LISTED, PostgreSQL hashes all locked sealed bids once per statement, a cost
  // that grows with the table (docs/benchmarks.md, "Staff quotation list at 1,000,000 requests");
  // the answers are the same either way, so only the plan tells. A few locked sealed bids, analysed:
  // with them PostgreSQL prefers the hash whenever it is allowed to.
  await db.query(
    `insert into bid_requests (bid_number, title, description, department, deadline, bidding_deadline,
                               qualification_criteria, bidding_mode, created_by)
     select 'BR-1999-' || lpad(g::text, 6, '0'), 'Sealed ' || g, 'd', 'Ops', now() + interval '30 days',
            now() + interval '20 days', 'q', 'sealed', $1
       from generate_series(1, 5) g`,
    [creator],
  );
  await db.exec("analyze bid_requests");
  await db.exec("analyze quotations");
  const plan = await db.query<{ "QUERY PLAN": string }>(
    `explain select q.id from quotations q where ${LISTED} order by q.id desc limit 50`,
  );
  const text = plan.map((r) => r["QUERY PLAN"]).join("\n");
  assert.match(text, /SubPlan/, "the guard is a subplan");
  assert.doesNotMatch(text, /hashed SubPlan/);
});

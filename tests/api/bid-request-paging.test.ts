/** The staff bid request list at scale: keyset pages, the offset cap, capped and estimated totals. */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";

const tag = `[bid-request-paging/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(() => t.close());

const manager = await as(t, "procurement_manager");
const creator = (await db.query<{ id: number }>("select id from users order by id limit 1"))[0].id;
let numbers = 0;

/**
 * `n` bid requests of `status` straight in SQL (numbers of the year 1999, never issued by the app),
 * created at `at` plus k microseconds times `stepUs` (0: all at the same instant, so only the id orders them).
 */
async function insert(status: string, n: number, at = "now", stepUs = 1) {
  const first = numbers + 1;
  numbers += n;
  await db.query(
    `insert into bid_requests (bid_number, title, description, department, qualification_criteria, deadline,
        bidding_deadline, status, created_by, created_at)
     select 'BR-1999-' || lpad(g::text, 6, '0'), 'Paging ' || g, 'd', 'Ops', 'q', now() + interval '60 days',
            now() + interval '30 days', $1, $2, $3::text::timestamptz + (g - $4) * $5 * interval '1 microsecond'
       from generate_series($4::int, $6::int) g`,
    [status, creator, at, first, stepUs, numbers],
  );
}

async function page(query: string) {
  const res = await manager.request(`/api/bid-requests?${query}`);
  const rows = await expectJson<{ id: number }[]>(res, 200);
  return {
    ids: rows.map((r) => r.id),
    next: res.headers.get("x-next-cursor"),
    total: Number(res.headers.get("x-total-count")),
    capped: res.headers.get("x-total-count-capped"),
    estimated: res.headers.get("x-total-count-estimated"),
  };
}

Deno.test(`${tag} GET /api/bid-requests?after= walks every bid once while bids are added`, async () => {
  // Ten at one instant (the id breaks the tie), thirteen a microsecond apart.
  await insert("evaluation", 10, "2025-01-01T00:00:00.000001Z", 0);
  await insert("evaluation", 13, "2025-01-02T00:00:00Z");
  const expected = (await db.query<{ id: number }>(
    "select id from bid_requests where status = 'evaluation' order by created_at desc, id desc",
  )).map((r) => r.id);
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const p = await page(`status=evaluation&limit=5${cursor ? `&after=${cursor}` : ""}`);
    seen.push(...p.ids);
    assert.equal(p.total, 23 + pages, "the total counts the filter, not what is left after the cursor");
    cursor = p.next;
    pages++;
    // A new bid is newer than every cursor: it never shifts the pages still to come.
    await insert("evaluation", 1);
    assert.ok(pages < 10, "the walk ends");
  } while (cursor);
  assert.equal(new Set(seen).size, seen.length, "no bid twice");
  assert.deepEqual(seen, expected, "no bid missed, newest first");
  assert.equal(pages, 5, "5 + 5 + 5 + 5 + 3");
  // The same rows as offset paging over the same filter, and the tab filter pages the same way.
  const second = await page("status=evaluation&limit=5&offset=5");
  const first = await page("status=evaluation&limit=5");
  assert.deepEqual((await page(`status=evaluation&limit=5&after=${first.next}`)).ids, second.ids);
  const tab = await page("group=active&limit=5");
  assert.deepEqual((await page(`group=active&limit=5&after=${tab.next}`)).ids, second.ids);
});

Deno.test(`${tag} GET /api/bid-requests refuses a forged cursor and offsets beyond 10,000 with 400`, async () => {
  for (const bad of ["abc", "0", "MjAyNS0wMS0wMV8x", "!!", "x".repeat(121)]) {
    const body = await expectError(await manager.request(`/api/bid-requests?after=${bad}`), 400);
    assert.equal((body.issues as { path: string }[])[0].path, "after", bad);
  }
  await expectError(await manager.request("/api/bid-requests?after=abc"), 400, "lists.badCursor");
  const body = await expectError(await manager.request("/api/bid-requests?offset=10001"), 400, "lists.offsetTooDeep");
  assert.equal((body.issues as { path: string }[])[0].path, "offset");
  await expectJson(await manager.request("/api/bid-requests?offset=10000"), 200);
  assert.equal(await db.query("select 1 from bid_requests where status = 'bidding_closed'").then((r) => r.length), 0);
});

Deno.test(`${tag} GET /api/bid-requests counts exactly up to 10,000 (the counts the database keeps), then says capped`, async () => {
  await insert("draft", 3);
  const few = await page("status=draft&limit=1");
  assert.deepEqual([few.total, few.capped, few.estimated], [3, null, null]);
  await insert("awarded", 10_001);
  const capped = await page("status=awarded&limit=1");
  assert.deepEqual([capped.total, capped.capped, capped.estimated], [10_000, "true", null]);
  await insert("cancelled", 16_000);
  await db.exec("analyze bid_requests");
  // 15,000 or more: the total is still known exactly (sql/0023 kept counts), not estimated from the plan.
  const many = await page("status=cancelled&limit=1");
  assert.deepEqual([many.total, many.capped, many.estimated], [10_000, "true", null]);
  const tab = await page("group=completed&limit=1");
  assert.deepEqual([tab.total, tab.capped, tab.estimated], [10_000, "true", null]);
  // Exact below the cap whatever the table's size, in the same transaction as a change.
  const drafts = await page("group=drafts&limit=1");
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from bid_requests where status in ('draft', 'pending_approval')",
  );
  assert.deepEqual([drafts.total, drafts.capped, drafts.estimated], [n, null, null]);
  const cursorPage = await page(`status=draft&limit=1&after=${few.next}`);
  assert.equal(cursorPage.total, 3, "the same total on every page");
});

Deno.test(`${tag} GET /api/bid-requests?offset= answers the rows of SQL's offset, with and without a tab, ties included`, async () => {
  // The newest bids (the tests before left thousands), of two tabs, some at one instant (only the id
  // orders them), others a microsecond apart.
  await insert("awarded", 6, "2099-03-01T00:00:00Z", 0);
  await insert("cancelled", 5, "2099-03-01T00:00:00Z", 0);
  await insert("awarded", 4, "2099-03-02T00:00:00Z");
  await insert("draft", 3, "2099-03-01T00:00:00Z", 0);
  const expected = async (statuses: string[] | null, offset: number, limit: number) =>
    (await db.query<{ id: number }>(
      `select id from bid_requests where $1::text[] is null or status = any($1::text[])
        order by created_at desc, id desc offset $2 limit $3`,
      [statuses, offset, limit],
    )).map((r) => r.id);
  const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from bid_requests");
  for (const [query, statuses] of [["", null], ["group=completed&", ["awarded", "cancelled"]]] as const) {
    const total = statuses ? (await expected([...statuses], 0, 10_000)).length : n;
    // Every depth around the ties, the last page and past the end (offsets stop at 10,000).
    for (const offset of [0, 1, 3, 4, 7, total - 4, total - 1, total, total + 5].filter((o) => o <= 10_000)) {
      const got = await page(`${query}limit=4&offset=${offset}`);
      assert.deepEqual(
        got.ids,
        await expected(statuses ? [...statuses] : null, offset, 4),
        `${query} offset ${offset}`,
      );
    }
  }
});

/**
 * The create-bid dialog's picker at scale: GET /api/bid-requests/candidates answers the
 * approved bid_required purchase requests without a live bid request, from SQL, whatever the number
 * of requests and bids (the SPA used to subtract the newest 200 bids from the newest 200 requests).
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";

const tag = `[bid-candidates/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(() => t.close());

const manager = await as(t, "procurement_manager");
const creator = manager.user.id;
let prNumbers = 0;
let bidNumbers = 0;

type Candidate = { id: number; requestId: string; title: string; status: string };

/**
 * `n` purchase requests straight in SQL (numbers of the year 1998, never issued by the app), created
 * at `at` plus their number in microseconds: with the same `at`, the newest is the last inserted.
 */
async function insertPrs(
  n: number,
  { status = "active", type = "bid_required", title = "Candidate", at = "2025-01-01T00:00:00Z" } = {},
): Promise<number[]> {
  const first = prNumbers + 1;
  prNumbers += n;
  return (await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, request_type, status, deadline, created_by, created_at)
     select 'PR-1998-' || lpad(g::text, 6, '0'), $1 || ' ' || g, $2, $3, now() + interval '30 days', $4,
            $5::text::timestamptz + g * interval '1 microsecond'
       from generate_series($6::int, $7::int) g
     returning id`,
    [title, type, status, creator, at, first, prNumbers],
  )).map((r) => r.id).sort((a, b) => a - b);
}

/** A bid request for each of `prIds` (or `n` without a purchase request), newer than every request. */
async function insertBids(prIds: (number | null)[], status = "published") {
  for (const prId of prIds) {
    bidNumbers++;
    await db.query(
      `insert into bid_requests (bid_number, title, description, department, qualification_criteria, deadline,
          bidding_deadline, status, created_by, purchase_request_id, created_at)
       values ('BR-1998-' || lpad($1::text, 6, '0'), 'Bid ' || $1, 'd', 'Ops', 'q', now() + interval '60 days',
          now() + interval '30 days', $2, $3, $4, '2026-01-01T00:00:00Z'::timestamptz + $1::int * interval '1 microsecond')`,
      [bidNumbers, status, creator, prId],
    );
  }
}

async function page(query = "") {
  const res = await manager.request(`/api/bid-requests/candidates${query ? `?${query}` : ""}`);
  const rows = await expectJson<Candidate[]>(res, 200);
  return { rows, ids: rows.map((r) => r.id), next: res.headers.get("x-next-cursor") };
}

/** Every page of the query, following X-Next-Cursor. */
async function walk(query = "") {
  const ids: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const p = await page([query, cursor ? `after=${cursor}` : ""].filter(Boolean).join("&"));
    ids.push(...p.ids);
    cursor = p.next;
    assert.ok(++pages < 50, "the walk ends");
  } while (cursor);
  return { ids, pages };
}

const candidateIds = async () =>
  (await db.query<{ id: number }>(
    `select id from purchase_requests pr where request_type = 'bid_required' and status = 'active'
       and not exists (select 1 from bid_requests b where b.purchase_request_id = pr.id and b.status <> 'cancelled')
     order by created_at desc, id desc`,
  )).map((r) => r.id);

Deno.test(`${tag} GET /api/bid-requests/candidates offers active bid_required requests without a live bid, whatever their age`, async () => {
  // The oldest request was converted before 210 other bids were made; the old picker subtracted the
  // newest 200 bids only and offered it again (a 409 on Convert).
  const [converted, cancelledOnce, open] = await insertPrs(3, { title: "Old", at: "2020-01-01T00:00:00Z" });
  await insertBids([converted]);
  await insertBids([cancelledOnce], "cancelled");
  await insertBids(Array(210).fill(null));
  // Pending, rejected or completed ones and requests of other types are not offered.
  const pending = await insertPrs(2, { status: "pending" });
  const completed = await insertPrs(1, { status: "completed" });
  const internal = await insertPrs(2, { type: "internal" });
  const quote = await insertPrs(2, { type: "vendor_quote" });

  const rows = (await walk()).ids;
  assert.ok(!rows.includes(converted), "a converted request is not offered, however many bids came after");
  assert.ok(rows.includes(cancelledOnce), "a request whose bid was cancelled is offered again");
  assert.ok(rows.includes(open));
  for (const id of [...pending, ...completed, ...internal, ...quote]) assert.ok(!rows.includes(id), `${id}`);
  assert.deepEqual(rows, await candidateIds());

  const first = await page();
  assert.deepEqual(Object.keys(first.rows[0]).sort(), ["id", "requestId", "status", "title"]);
  const old = first.rows.find((r) => r.id === open) ?? (await page("q=Old")).rows.find((r) => r.id === open);
  assert.equal(old?.status, "active");
  assert.match(old!.requestId, /^PR-1998-\d{6}$/);
  assert.match(old!.title, /^Old \d+$/);

  // Converting it through the API takes it out of the picker; cancelling that bid puts it back.
  const before = await insertPrs(1, { title: "Fresh" });
  assert.ok((await page("q=Fresh")).ids.includes(before[0]));
  await insertBids(before, "draft");
  assert.deepEqual((await page("q=Fresh")).ids, []);
  await db.query("update bid_requests set status = 'cancelled' where purchase_request_id = $1", [before[0]]);
  assert.deepEqual((await page("q=Fresh")).ids, before);
});

Deno.test(`${tag} GET /api/bid-requests/candidates pages 50 at a time, newest first, beyond the newest 200`, async () => {
  await insertPrs(260, { title: "Paged", at: "2024-06-01T00:00:00Z" });
  const expected = await candidateIds();
  assert.ok(expected.length > 260);
  const first = await page();
  assert.equal(first.ids.length, 50);
  assert.ok(first.next);
  assert.deepEqual(first.ids, expected.slice(0, 50), "newest first");
  const { ids, pages } = await walk();
  assert.equal(new Set(ids).size, ids.length, "no request twice");
  assert.deepEqual(ids, expected, "every request, including those beyond the newest 200");
  assert.equal(pages, Math.ceil(expected.length / 50));
  assert.equal((await page("limit=7")).ids.length, 7);
  const second = await page(`limit=7&after=${(await page("limit=7")).next}`);
  assert.deepEqual(second.ids, expected.slice(7, 14));
});

Deno.test(`${tag} GET /api/bid-requests/candidates?q= searches the number and title, % and _ literally`, async () => {
  const [a, b] = await insertPrs(2, { title: "Forklift 100%_rated" });
  const [c] = await insertPrs(1, { title: "Forklift 1000 rated" });
  const [d] = await insertPrs(1, { title: "Forklift pallets" });
  await insertPrs(1, { title: "Forklift offline", status: "pending" });
  assert.deepEqual((await page("q=forklift")).ids, [d, c, b, a], "case-insensitive, newest first");
  assert.deepEqual((await page(`q=${encodeURIComponent("100%_")}`)).ids, [b, a], "% and _ are not wildcards");
  assert.deepEqual((await page("q=%20%20pallets%20")).ids, [d], "trimmed");
  const number = (await db.query<{ n: string }>("select request_number as n from purchase_requests where id = $1", [
    c,
  ]))[0].n;
  assert.deepEqual((await page(`q=${number}`)).ids, [c], "by number");
  assert.deepEqual((await page("q=no-such-request-anywhere")).ids, []);
  // Search pages too.
  await insertPrs(55, { title: "Crane" });
  const first = await page("q=crane");
  assert.equal(first.ids.length, 50);
  const rest = await page(`q=crane&after=${first.next}`);
  assert.equal(rest.ids.length, 5);
  assert.equal(rest.next, null);
});

Deno.test(`${tag} GET /api/bid-requests/candidates: 401 signed out, 403 for vendors, 400 for bad input`, async () => {
  await expectError(await t.app.request("/api/bid-requests/candidates"), 401);
  const vendor = await as(t, "vendor");
  await expectError(await vendor.request("/api/bid-requests/candidates"), 403);
  for (const role of ["admin", "purchase_team", "cost_finance_controller"] as const) {
    await expectJson(await (await as(t, role)).request("/api/bid-requests/candidates?limit=1"), 200);
  }
  for (const bad of ["abc", "0", "MjAyNS0wMS0wMV8x", "!!", "x".repeat(121)]) {
    const body = await expectError(await manager.request(`/api/bid-requests/candidates?after=${bad}`), 400);
    assert.equal((body.issues as { path: string }[])[0].path, "after", bad);
  }
  for (const bad of ["limit=0", "limit=51", "limit=x", `q=${"a".repeat(101)}`]) {
    const body = await expectError(await manager.request(`/api/bid-requests/candidates?${bad}`), 400);
    assert.equal((body.issues as { path: string }[])[0].path, bad.split("=")[0], bad);
  }
});

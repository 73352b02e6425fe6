/**
 * The vendor application list at scale (`GET /api/admin/vendors/pending?status=`):
 * keyset pages, the offset cap, capped and estimated totals; and the vendor's opportunities say which
 * request it has quoted (its own quotation list is paged).
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";

const tag = `[vendor-paging/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(() => t.close());

const admin = await as(t, "admin");
let numbers = 0;

/**
 * `n` vendors of `status` straight in SQL, registered at `at` plus k microseconds times `stepUs`
 * (0: all at one instant, so only the id orders them). In chunks, as one statement of tens of
 * thousands of rows can outlast the statement timeout on a loaded machine.
 */
async function insert(status: string, n: number, at = "now", stepUs = 1) {
  for (let done = 0; done < n; done += 2000) {
    const first = numbers + 1;
    numbers += Math.min(2000, n - done);
    await db.query(
      `with u as (
         insert into users (role_id, email, first_name, last_name)
         select 5, 'paging-' || g || '@test.example', 'Paging', 'Vendor ' || g from generate_series($1::int, $2::int) g
         returning id, email)
       insert into vendor_profiles (user_id, company_name, contact_person, phone, status, created_at)
       select id, 'Paging Co ' || id, 'Contact', '+1 555 0100', $3,
              $4::text::timestamptz + (split_part(substr(email, 8), '@', 1)::int - $1) * $5 * interval '1 microsecond'
         from u`,
      [first, numbers, status, at, stepUs],
    );
  }
}

async function page(query: string) {
  const res = await admin.request(`/api/admin/vendors/pending?${query}`);
  const rows = await expectJson<{ id: number; status: string }[]>(res, 200);
  return {
    ids: rows.map((r) => r.id),
    next: res.headers.get("x-next-cursor"),
    total: Number(res.headers.get("x-total-count")),
    capped: res.headers.get("x-total-count-capped"),
    estimated: res.headers.get("x-total-count-estimated"),
  };
}

Deno.test(`${tag} GET /api/admin/vendors/pending?after= walks every application once while vendors register`, async () => {
  // Ten at one instant (the id breaks the tie), thirteen a microsecond apart; oldest first.
  await insert("pending", 10, "2020-01-01T00:00:00.000001Z", 0);
  await insert("pending", 13, "2020-01-02T00:00:00Z");
  const expected = (await db.query<{ id: number }>(
    "select user_id as id from vendor_profiles where status = 'pending' order by created_at, user_id",
  )).map((r) => r.id);
  const seen: number[] = [];
  const totals: number[] = [];
  let cursor: string | null = null;
  do {
    const p = await page(`limit=5${cursor ? `&after=${cursor}` : ""}`);
    seen.push(...p.ids);
    totals.push(p.total);
    cursor = p.next;
    // A new registration is the newest: the oldest-first pages still to come end with it.
    await insert("pending", 1);
    assert.ok(totals.length < 20, "the walk ends");
  } while (cursor);
  assert.equal(new Set(seen).size, seen.length, "no vendor twice");
  assert.deepEqual(seen.slice(0, expected.length), expected, "no vendor missed, oldest first");
  assert.equal(totals[0], expected.length, "the total counts the status, not what is left after the cursor");
  // The same rows as offset paging.
  const first = await page("limit=5");
  const second = await page("limit=5&offset=5");
  assert.deepEqual((await page(`limit=5&after=${first.next}`)).ids, second.ids);
});

Deno.test(`${tag} GET /api/admin/vendors/pending refuses a forged cursor and offsets beyond 10,000 with 400`, async () => {
  for (const bad of ["abc", "0", "MjAyNS0wMS0wMV8x", "x".repeat(121)]) {
    const body = await expectError(await admin.request(`/api/admin/vendors/pending?after=${bad}`), 400);
    assert.equal((body.issues as { path: string }[])[0].path, "after", bad);
  }
  await expectError(await admin.request("/api/admin/vendors/pending?after=abc"), 400, "lists.badCursor");
  const body = await expectError(
    await admin.request("/api/admin/vendors/pending?offset=10001"),
    400,
    "lists.offsetTooDeep",
  );
  assert.equal((body.issues as { path: string }[])[0].path, "offset");
  await expectJson(await admin.request("/api/admin/vendors/pending?offset=10000"), 200);
});

Deno.test(`${tag} GET /api/admin/vendors/pending counts exactly up to 10,000, then says capped or estimated`, async () => {
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from vendor_profiles where status = 'rejected'",
  );
  await insert("rejected", 3);
  const few = await page("status=rejected&limit=1");
  assert.deepEqual([few.total, few.capped, few.estimated], [n + 3, null, null]);
  await insert("rejected", 10_001);
  const capped = await page("status=rejected&limit=1");
  assert.deepEqual([capped.total, capped.capped, capped.estimated], [10_000, "true", null]);
  await insert("approved", 16_000);
  await db.exec("analyze vendor_profiles");
  // The planner expects 15,000 or more: no count at all.
  const many = await page("status=approved&limit=1");
  assert.deepEqual([many.total, many.capped, many.estimated], [10_000, "true", "true"]);
});

Deno.test(`${tag} GET /api/vendor/matching-prs says which opportunity the vendor has quoted (myQuotation)`, async () => {
  const category = await createCategory(db);
  const vendor = await as(t, "vendor", { categoryIds: [category] });
  const creator = (await db.query<{ id: number }>("select id from users order by id limit 1"))[0].id;
  const prs = (await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, deadline, created_by)
     select 'PR-1998-' || lpad(g::text, 6, '0'), 'Quoted ' || g, 'active', 'vendor_quote', $2, now() + interval '30 days', $1
       from generate_series(1, 2) g returning id`,
    [creator, category],
  )).map((r) => r.id);
  const [{ id: quoted }] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, status, total_amount, valid_until)
     values ($1, $2, 'under_review', 10, now() + interval '30 days') returning id`,
    [vendor.user.id, prs[0]],
  );
  const list = await expectJson<{ id: number; kind: string; myQuotation: unknown }[]>(
    await vendor.request("/api/vendor/matching-prs"),
    200,
  );
  const byId = new Map(list.filter((o) => o.kind === "purchase_request").map((o) => [o.id, o.myQuotation]));
  assert.deepEqual(byId.get(prs[0]), { id: quoted, status: "under_review" });
  assert.equal(byId.get(prs[1]), null);
});

/** The audit log list at scale: keyset pages, the offset cap, capped and estimated totals. */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";

const tag = `[audit-log-paging/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(() => t.close());

const admin = await as(t, "admin");

/** `n` entries of `action` straight in SQL (through the chain trigger, as the app writes them). */
async function insert(action: string, n: number) {
  await db.query(
    `insert into audit_logs (action, entity_type, entity_id, metadata)
     select $1, 'test', g::text, '{}'::jsonb from generate_series(1, $2::int) g`,
    [action, n],
  );
}

async function page(query: string) {
  const res = await admin.request(`/api/admin/audit-logs?${query}`);
  const rows = await expectJson<{ id: number; action: string }[]>(res, 200);
  return {
    ids: rows.map((r) => r.id),
    next: res.headers.get("x-next-cursor"),
    total: Number(res.headers.get("x-total-count")),
    capped: res.headers.get("x-total-count-capped"),
    estimated: res.headers.get("x-total-count-estimated"),
  };
}

Deno.test(`${tag} GET /api/admin/audit-logs?after= walks every entry once while entries are added`, async () => {
  await insert("PAGING_WALK", 23);
  const expected = (await db.query<{ id: number }>(
    "select id from audit_logs where action = 'PAGING_WALK' order by id desc",
  )).map((r) => r.id);
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const p = await page(`range=all&action=PAGING_WALK&limit=5${cursor ? `&after=${cursor}` : ""}`);
    seen.push(...p.ids);
    assert.equal(p.total, 23 + pages, "the total counts the filter, not what is left after the cursor");
    cursor = p.next;
    pages++;
    // A new entry is newer than every cursor: it never shifts the pages still to come.
    await insert("PAGING_WALK", 1);
    assert.ok(pages < 10, "the walk ends");
  } while (cursor);
  assert.equal(new Set(seen).size, seen.length, "no entry twice");
  assert.deepEqual(seen, expected, "no entry missed, newest first");
  assert.equal(pages, 5, "5 + 5 + 5 + 5 + 3");
  // The same rows as offset paging over the same filter.
  const byOffset = await page("range=all&action=PAGING_WALK&limit=5&offset=5");
  const byCursor = await page(`range=all&action=PAGING_WALK&limit=5&after=${
    (await page(
      "range=all&action=PAGING_WALK&limit=5",
    )).next
  }`);
  assert.deepEqual(byCursor.ids, byOffset.ids);
});

Deno.test(`${tag} GET /api/admin/audit-logs refuses a forged cursor and offsets beyond 10,000 with 400`, async () => {
  for (const bad of ["abc", "0", "-5", "1.5", "99999999999999999999"]) {
    const body = await expectError(await admin.request(`/api/admin/audit-logs?after=${bad}`), 400, "lists.badCursor");
    assert.equal((body.issues as { path: string }[])[0].path, "after", bad);
  }
  const body = await expectError(
    await admin.request("/api/admin/audit-logs?offset=10001"),
    400,
    "lists.offsetTooDeep",
  );
  assert.match(String(body.message), /10000/);
  assert.equal((body.issues as { path: string }[])[0].path, "offset");
  await expectJson(await admin.request("/api/admin/audit-logs?offset=10000"), 200);
  // With a cursor the offset is not used, so it is not refused either.
  await expectJson(await admin.request("/api/admin/audit-logs?offset=20000&after=1"), 200);
});

Deno.test(`${tag} GET /api/admin/audit-logs counts exactly up to 10,000, then says capped or estimated`, async () => {
  await insert("PAGING_CAP", 10_001);
  await insert("PAGING_FEW", 3);
  const few = await page("range=all&action=PAGING_FEW&limit=1");
  assert.deepEqual([few.total, few.capped, few.estimated], [3, null, null]);
  const capped = await page("range=all&action=PAGING_CAP&limit=1");
  assert.deepEqual([capped.total, capped.capped], [10_000, "true"]);
  await insert("PAGING_MANY", 16_000);
  await db.exec("analyze audit_logs");
  // The planner expects 15,000 or more: no count at all.
  const many = await page("range=all&action=PAGING_MANY&limit=1");
  assert.deepEqual([many.total, many.capped, many.estimated], [10_000, "true", "true"]);
});

import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";

const tag = `[list-paging/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db, "Office supplies");
const manager = await as(t, "procurement_manager");
const creator = (await db.query<{ id: number }>("select id from users order by id limit 1"))[0].id;
let numbers = 0;

/**
 * `n` requests titled `<title> <k>` straight in SQL (numbers of the year 1999, never issued by the
 * app), created at `at` plus k microseconds times `stepUs` (0: all at the same instant).
 */
async function insert(title: string, n: number, at: string, stepUs = 1, extra: { status?: string } = {}) {
  const first = numbers + 1;
  numbers += n;
  return (await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, category_id, deadline, created_by, created_at)
     select 'PR-1999-' || lpad(g::text, 6, '0'), $1 || ' ' || g, $2, $3, now() + interval '30 days', $4,
            $5::timestamptz + (g - $6) * $7 * interval '1 microsecond'
       from generate_series($6::int, $8::int) g
     returning id`,
    [title, extra.status ?? "pending", CAT, creator, at, first, stepUs, numbers],
  )).map((r) => r.id);
}

async function count(where: string) {
  return (await db.query<{ n: number }>(`select count(*)::int as n from purchase_requests where ${where}`))[0].n;
}

async function page(query: string) {
  const res = await manager.request(`/api/purchase-requests?${query}`);
  const rows = await expectJson<{ id: number; createdAt: string }[]>(res, 200);
  return {
    ids: rows.map((r) => r.id),
    next: res.headers.get("x-next-cursor"),
    total: Number(res.headers.get("x-total-count")),
    capped: res.headers.get("x-total-count-capped"),
    estimated: res.headers.get("x-total-count-estimated"),
  };
}

Deno.test(`${tag} GET /api/purchase-requests?after= walks every row once while rows are inserted`, async () => {
  const marker = `Keyset${crypto.randomUUID().slice(0, 8)}`;
  // Ties the cursor must break on id: ten rows in one instant, ten a microsecond apart (one JS
  // millisecond), ten a second apart.
  const base = "2026-03-01T10:00:00.000000Z";
  const original = [
    ...await insert(marker, 10, base, 0),
    ...await insert(marker, 10, "2026-03-01T09:00:00.000100Z", 1),
    ...await insert(marker, 10, "2026-02-01T00:00:00Z", 1_000_000),
  ];
  const seen: number[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const p = await page(`q=${marker}&limit=7${cursor ? `&after=${cursor}` : ""}`);
    seen.push(...p.ids);
    assert.equal(p.total, 30 + pages, "the total counts the filter, not what is left after the cursor");
    cursor = p.next;
    pages++;
    // A request raised meanwhile is newer than every cursor: it never shifts the pages still to come.
    await insert(marker, 1, new Date().toISOString());
    assert.ok(pages < 10, "the walk ends");
  } while (cursor);
  assert.equal(new Set(seen).size, seen.length, "no row twice");
  assert.deepEqual([...seen].sort((a, b) => a - b), [...original].sort((a, b) => a - b), "no row missed");
  assert.equal(pages, 5, "7 + 7 + 7 + 7 + 2");

  // The same order as offset paging over a quiet table: newest first, ties by id descending.
  const quiet = await page(`q=${marker}&limit=100`);
  assert.deepEqual(quiet.ids.filter((id) => original.includes(id)), seen);
  // A full page cannot know whether rows follow: its cursor leads to an empty last page without one.
  const all = await page(`q=${marker}&limit=${quiet.ids.length}`);
  assert.ok(all.next);
  const after = await page(`q=${marker}&limit=${quiet.ids.length}&after=${all.next}`);
  assert.deepEqual([after.ids, after.next], [[], null]);
  // Filters still apply after the cursor: only pending rows, and the cursor works with limit=1.
  const first = await page(`q=${marker}&status=pending&limit=1`);
  const second = await page(`q=${marker}&status=pending&limit=1&after=${first.next}`);
  assert.equal(second.ids.length, 1);
  assert.notEqual(second.ids[0], first.ids[0]);
  assert.deepEqual((await page(`q=${marker}&status=draft&limit=5`)).ids, []);
});

Deno.test(`${tag} GET /api/purchase-requests refuses a forged cursor and offsets beyond 10,000 with 400`, async () => {
  const bad = [
    "after=notacursor!",
    `after=${btoa("2026-01-01T00:00:00.000000Z_abc")}`,
    `after=${btoa("2026-01-01T00:00:00Z_5")}`, // microseconds are part of the cursor
    `after=${btoa("2026-13-45T00:00:00.000000Z_5")}`,
    `after=${btoa("2026-01-01T00:00:00.000000Z_99999999999")}`,
  ];
  for (const query of bad) {
    const res = await manager.request(`/api/purchase-requests?${query}`);
    const body = await expectError(res, 400, "purchaseRequests.badCursor");
    assert.equal((body.issues as { path: string }[])[0].path, "after", query);
  }
  const deep = await manager.request("/api/purchase-requests?offset=10001");
  const body = await expectError(deep, 400, "purchaseRequests.offsetTooDeep");
  assert.match(String(body.message), /10000/);
  assert.equal((body.issues as { path: string }[])[0].path, "offset");
  // The deepest page the SPA's pager can reach (200 pages of 50 under a total capped at 10,000) still answers.
  await expectJson(await manager.request("/api/purchase-requests?offset=10000"), 200);
  await expectJson(await manager.request("/api/purchase-requests?offset=9950&limit=50"), 200);
});

Deno.test(`${tag} GET /api/purchase-requests counts exactly up to 10,000 and says when it stopped`, async () => {
  const marker = `Capped${crypto.randomUUID().slice(0, 8)}`;
  await insert(marker, 10_001, "2025-06-01T00:00:00Z", 1_000, { status: "completed" });
  const few = `Few${crypto.randomUUID().slice(0, 8)}`;
  await insert(few, 3, "2025-07-01T00:00:00Z", 1_000, { status: "completed" });

  const capped = await page("status=completed&limit=1");
  assert.equal(capped.total, 10_000);
  assert.equal(capped.capped, "true");
  const exact = await page(`q=${few}&limit=1`);
  assert.equal(exact.total, 3);
  assert.equal(exact.capped, null);
  const boundary = await page(`q=${marker}&status=completed&limit=1`);
  assert.equal(boundary.capped, "true", "10,001 rows is over the cap");

  // Beyond the offset cap the cursor goes on: the last page of the 10,004 completed rows.
  let p = await page("status=completed&limit=200&offset=9800");
  let seen = p.ids.length + 9800;
  while (p.next) {
    p = await page(`status=completed&limit=200&after=${p.next}`);
    seen += p.ids.length;
  }
  assert.equal(seen, 10_004);
});

Deno.test(`${tag} GET /api/purchase-requests skips the count when the planner expects 15,000 or more`, async () => {
  const marker = `Estimated${crypto.randomUUID().slice(0, 8)}`;
  // In chunks: one statement of 16,000 rows (trigram index included) outlasted the statement
  // timeout on a busy machine.
  for (let k = 0; k < 8; k++) await insert(marker, 2_000, "2024-01-01T00:00:00Z", 1_000, { status: "rejected" });
  await db.exec("analyze purchase_requests");
  const many = await page("status=rejected&limit=1");
  assert.deepEqual([many.total, many.capped, many.estimated], [10_000, "true", "true"]);
  // Under the estimate threshold the count is exact (and capped when over 10,000), never estimated.
  const few = await page("status=pending&limit=1");
  assert.equal(few.estimated, null);
  assert.equal(few.total, await count("status = 'pending'"));
  const none = await page(`status=rejected&q=${marker}-none`);
  assert.deepEqual([none.total, none.capped, none.estimated], [0, null, null]);
});

Deno.test(`${tag} GET /api/purchase-requests/:id returns items and history as before, in one statement`, async () => {
  const res = await manager.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title: "Detail shape",
      description: "d",
      department: "IT",
      justification: "j",
      priority: "medium",
      requestType: "internal",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      categoryId: CAT,
      items: [
        { itemName: "B", quantity: 2, unit: "pcs", estimatedPrice: 12.5 },
        { itemName: "A", quantity: 1, unit: "box", estimatedPrice: 3 },
      ],
    },
  });
  const created = await expectJson<{ id: number }>(res, 201);
  const pr = await expectJson<{
    items: { name: string; quantity: number; estimatedPrice: string; categoryId: number | null }[];
    history: { action: string; createdAt: string; actor: { id: number } | null }[];
  }>(await manager.request(`/api/purchase-requests/${created.id}`), 200);
  assert.deepEqual(pr.items.map((i) => [i.name, i.quantity, i.estimatedPrice]), [["B", 2, "12.50"], ["A", 1, "3.00"]]);
  assert.equal(pr.history[0].action, "created");
  assert.match(pr.history[0].createdAt, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, "as a JS Date serialises");
  assert.equal(pr.history[0].actor?.id, manager.user.id);
  await expectError(await manager.request("/api/purchase-requests/999999"), 404, "purchaseRequests.notFound");
});

Deno.test(`${tag} GET /api/purchase-requests?q= estimates a common word's total from a sample instead of counting`, async () => {
  const common = `Sampled${crypto.randomUUID().slice(0, 8)}`;
  const some = `Some${crypto.randomUUID().slice(0, 8)}`;
  // 36,000 rows of one word (the table is then over SAMPLE_MIN_ROWS), 3,000 of another among them,
  // spread through the table: the sample reads whole blocks, and 3,000 rows written in one piece sit
  // in a few dozen blocks it may miss altogether (a clean CI run did: no estimate, an exact count).
  // In chunks: one statement of 33,000 rows (trigram index included) can outlast the statement timeout.
  for (let k = 0; k < 12; k++) {
    await insert(common, 2_750, `2023-0${1 + (k % 5)}-01T00:00:00Z`, 1_000, { status: "completed" });
    const day = String(1 + k).padStart(2, "0");
    await insert(`${common} ${some}`, 250, `2023-06-${day}T00:00:00Z`, 1_000, { status: "completed" });
  }
  await db.exec("analyze purchase_requests");

  const many = await page(`q=${common}&limit=5`);
  assert.deepEqual([many.total, many.capped, many.estimated], [10_000, "true", "true"]);
  assert.equal(many.ids.length, 5);
  // Under the cap the projection is the total, flagged as estimated (the sample reads ~2,000 rows);
  const fewer = await page(`q=${some}&limit=5`);
  assert.equal(fewer.estimated, "true");
  assert.equal(fewer.capped, null);
  // Whole blocks are sampled: rows inserted together (as these) are projected coarsely.
  assert.ok(fewer.total >= 1_000 && fewer.total < 10_000, `3,000 projected as ${fewer.total}`);
  // The same total on every page of the pager (the sample is repeatable).
  assert.equal((await page(`q=${some}&limit=5&offset=50`)).total, fewer.total);
  // A rare word is still counted exactly; a short first page is its own total.
  const rare = await page(`q=${some}-000001`);
  assert.deepEqual([rare.total, rare.capped, rare.estimated], [0, null, null]);
  const mine = await insert(`${some} Rare`, 3, "2023-07-01T00:00:00Z", 1);
  const short = await page(`q=${some} Rare&limit=10`);
  assert.deepEqual([short.ids, short.total, short.estimated], [[...mine].reverse(), 3, null]);

  // Filters with a text search read their own index in list order: same rows as the plain SQL.
  const truth = (await db.query<{ id: number }>(
    `select id from purchase_requests where status = 'completed' and title ilike $1
      order by created_at desc, id desc limit 20 offset 40`,
    [`%${some}%`],
  )).map((r) => r.id);
  assert.deepEqual((await page(`q=${some}&status=completed&limit=20&offset=40`)).ids, truth);
  const first40 = await page(`q=${some}&status=completed&limit=40`);
  assert.deepEqual((await page(`q=${some}&status=completed&limit=20&after=${first40.next}`)).ids, truth);
  assert.deepEqual((await page(`q=${some}&categoryId=${CAT}&status=completed&limit=20&offset=40`)).ids, truth);
});

/**
 * The dashboards' counts kept by the database (docs/decisions/014-kept-counts.md, sql/0023_kept_counts.sql): every
 * stats endpoint answers exactly what a full count of the tables answers (the statements the
 * endpoints ran before), after creates, status changes, deletes, a rolled-back transaction and, on
 * PostgreSQL, concurrent writers; and a stats call reads a handful of rows whatever the tables' size.
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createUser } from "../helpers/users.ts";
import { waitForLockWaiters } from "../helpers/wait.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { seedDemo } from "../../src/db/seed.ts";
import type { Queryable } from "../../src/db/types.ts";
import { prStats } from "../../src/features/purchase-requests/queries.ts";
import { bidStats } from "../../src/features/bids/queries.ts";
import { quotationStats } from "../../src/features/quotations/queries.ts";
import { adminStats } from "../../src/features/users/queries.ts";
import { vendorStats } from "../../src/features/vendors/queries.ts";

const tag = `[kept-counts/${testBackend()}]`;
const onPostgres = testBackend() === "postgres";
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

await seedDemo(db, createLogger("silent"));
const admin = await as(t, "admin");

const PATHS = [
  "/api/purchase-requests/stats",
  "/api/bid-requests/stats",
  "/api/quotations/stats",
  "/api/admin/stats",
  "/api/admin/vendor-stats",
] as const;

async function answers() {
  const out: Record<string, unknown> = {};
  for (const p of PATHS) out[p] = await expectJson(await admin.request(p), 200);
  return out;
}

const LOCKED = "(br.bidding_mode = 'sealed' and br.unsealed_at is null)";

/** The full counts: the statements the endpoints ran before the counts were kept. */
async function recount(q: Queryable = db) {
  const [pr] = await q.query<Record<string, number>>(
    `select count(*)::int as total, count(*) filter (where status = 'active')::int as active,
            count(*) filter (where status = 'pending')::int as pending,
            count(*) filter (where status = 'completed')::int as completed from purchase_requests`,
  );
  const [bid] = await q.query(
    `select count(*) filter (where status in ('published', 'bidding_open', 'bidding_closed', 'evaluation'))::int as active,
            count(*) filter (where status in ('draft', 'pending_approval'))::int as drafts,
            count(*) filter (where status in ('awarded', 'cancelled'))::int as completed,
            coalesce(sum(estimated_budget) filter (where status <> 'cancelled'), 0)::numeric(14, 2)::text as "totalValue"
       from bid_requests`,
  );
  const [counts] = await q.query(
    `select count(*)::int as total,
        count(*) filter (where q.status = 'submitted')::int as submitted,
        count(*) filter (where q.status = 'under_review')::int as "underReview",
        count(*) filter (where q.status = 'approved')::int as approved,
        count(*) filter (where q.status = 'rejected')::int as rejected
       from quotations q left join bid_requests br on br.id = q.bid_request_id
      where q.is_current and not q.sealed and not coalesce(${LOCKED}, false)`,
  );
  const [sealed] = await q.query(
    `select count(*)::int as "sealedBids",
        coalesce(sum((select count(*) from quotations q where q.bid_request_id = br.id and q.is_current)), 0)::int
          as "sealedSubmissions"
       from bid_requests br where ${LOCKED} and br.status in ('published', 'bidding_open', 'bidding_closed')`,
  );
  const [users] = await q.query(
    `select (select count(*)::int from users) as "totalUsers",
            (select count(*)::int from users where is_active) as "activeUsers",
            (select count(*)::int from vendor_profiles where status = 'pending') as "pendingVendors"`,
  );
  const [vendors] = await q.query(
    `select count(*) filter (where status = 'pending')::int as "pendingVendors",
            count(*) filter (where status = 'approved')::int as "approvedVendors",
            count(*) filter (where status = 'rejected')::int as "rejectedVendors" from vendor_profiles`,
  );
  return {
    [PATHS[0]]: pr,
    [PATHS[1]]: bid,
    [PATHS[2]]: { ...counts, ...sealed },
    [PATHS[3]]: users,
    [PATHS[4]]: vendors,
  };
}

async function assertExact(what: string) {
  assert.deepEqual(await answers(), await recount(), `after ${what}`);
}

/** Copies of an existing purchase request (no items), numbered `<prefix>00001`...: `count` creates in one statement. */
async function copyRequests(q: Queryable, count: number, prefix: string): Promise<void> {
  const cols = (await q.query<{ c: string }>(
    `select column_name as c from information_schema.columns
      where table_schema = 'public' and table_name = 'purchase_requests'
        and is_identity = 'NO' and is_generated = 'NEVER' and column_name not in ('id', 'request_number')
      order by ordinal_position`,
  )).map((r) => `"${r.c}"`);
  await q.query(
    `insert into purchase_requests (request_number, ${cols.join(", ")})
     select $1 || lpad(g::text, 5, '0'), ${cols.map((c) => `p.${c}`).join(", ")}
       from (select * from purchase_requests order by id limit 1) p, generate_series(1, $2::int) g`,
    [prefix, count],
  );
}

Deno.test(`${tag} the five stats endpoints answer the full count after the demo seed`, async () => {
  const a = await answers();
  assert.ok((a[PATHS[0]] as { total: number }).total > 0, "demo requests counted");
  await assertExact("the demo seed");
});

Deno.test(`${tag} purchase requests: creates, status changes and deletes move the counts exactly`, async () => {
  await copyRequests(db, 300, "PR-9001-");
  await assertExact("300 creates in one statement");
  await db.query(
    "update purchase_requests set status = 'completed' where request_number like 'PR-9001-%' and id % 3 = 0",
  );
  await db.query("update purchase_requests set status = 'active' where request_number like 'PR-9001-%' and id % 3 = 1");
  await assertExact("status changes");
  await db.query("update purchase_requests set title = title || ' (edited)' where request_number like 'PR-9001-%'");
  await assertExact("an edit that keeps the status");
  await db.query("delete from purchase_requests where request_number like 'PR-9001-%' and id % 2 = 0");
  await assertExact("deletes");
  for (let i = 0; i < 40; i++) {
    // one statement each: many appended rows, folded along the way
    await db.query(
      "update purchase_requests set status = $2 where id = (select id from purchase_requests where request_number like 'PR-9001-%' order by id offset $1 limit 1)",
      [i, ["pending", "active", "rejected", "cancelled"][i % 4]],
    );
  }
  await assertExact("40 single-row status changes");
  const [{ rows }] = await db.query<{ rows: number }>("select count(*)::int as rows from kept_counts");
  assert.ok(rows < 200, `the fold keeps the table small: ${rows} rows`);
});

Deno.test(`${tag} bids and quotations: budget, publication, sealing, unsealing and reviews move the counts exactly`, async () => {
  const bids = await db.query<{ id: number }>(
    `select b.id from bid_requests b where exists (select 1 from quotations q where q.bid_request_id = b.id and q.is_current)
      order by b.id limit 2`,
  );
  assert.ok(bids.length === 2, "the demo has bids with quotations");
  const [b1, b2] = bids.map((b) => b.id);
  await db.query("update bid_requests set estimated_budget = estimated_budget + 1234.56 where id = $1", [b1]);
  await assertExact("a budget change");
  // Sealed and open: its quotations leave the status counts for the sealed totals.
  await db.query(
    "update bid_requests set bidding_mode = 'sealed', unsealed_at = null, status = 'bidding_open' where id = any($1::int[])",
    [[b1, b2]],
  );
  await assertExact("two bids sealed and open");
  const quotes = await db.query<{ id: number }>(
    "select id from quotations where bid_request_id = $1 and is_current order by id",
    [b1],
  );
  await db.query("update quotations set status = 'under_review' where id = $1", [quotes[0].id]);
  await assertExact("a sealed bid's quotation reviewed");
  await db.query("update bid_requests set status = 'evaluation' where id = $1", [b2]);
  await assertExact("a sealed bid in evaluation, not unsealed");
  await db.query("update bid_requests set unsealed_at = now() where id = any($1::int[])", [[b1, b2]]);
  await assertExact("both unsealed");
  await db.query("update quotations set status = 'approved' where id = $1", [quotes[0].id]);
  await db.query("update quotations set is_current = false, status = 'superseded' where id = any($1::int[])", [
    quotes.slice(1).map((q) => q.id),
  ]);
  await assertExact("a review and a supersede");
  await db.query("update bid_requests set status = 'cancelled' where id = $1", [b2]);
  await assertExact("a cancelled bid (its budget leaves the total)");
  await db.query(
    `delete from quotations q where q.bid_request_id = $1 and not exists
       (select 1 from purchase_orders po where po.quotation_id = q.id)
       and not exists (select 1 from awards a where a.quotation_id = q.id)`,
    [b1],
  );
  await assertExact("quotations deleted");
});

Deno.test(`${tag} users and vendors: creates, deactivations and reviews move the counts exactly`, async () => {
  await createUser(db, "vendor", { vendorStatus: "pending" });
  await createUser(db, "vendor", { vendorStatus: "rejected" });
  await assertExact("two vendors registered");
  await db.query("update vendor_profiles set status = 'approved' where status = 'pending'");
  await db.query("update users set is_active = false where id = (select max(id) from users)");
  await assertExact("vendors approved, a user deactivated");
});

Deno.test(`${tag} a rolled-back transaction leaves the counts as they were`, async () => {
  const before = await answers();
  await assert.rejects(
    db.tx(async (tx) => {
      await copyRequests(tx, 500, "PR-9002-");
      await tx.query("update purchase_requests set status = 'cancelled' where status = 'active'");
      await tx.query("update bid_requests set status = 'cancelled'");
      await tx.query("update vendor_profiles set status = 'pending'");
      await tx.query("update quotations set status = 'rejected' where is_current");
      // inside the transaction, its own changes are counted
      assert.deepEqual(await prStats(tx), (await recount(tx))[PATHS[0]]);
      throw new Error("roll back");
    }),
    /roll back/,
  );
  assert.deepEqual(await answers(), before);
  await assertExact("the rollback");
});

Deno.test(`${tag} kept_counts_refresh (the seed's fast path, a truncate) finds the counts already right`, async () => {
  const kept = () =>
    db.query(
      "select entity, bucket, sum(n)::int as n, sum(amount)::text as amount from kept_counts group by 1, 2 having sum(n) <> 0 or sum(amount) <> 0 order by 1, 2",
    );
  const before = await kept();
  await db.query("select kept_counts_refresh()");
  assert.deepEqual(await kept(), before);
});

Deno.test(`${tag} a stats call reads a handful of buffers whatever the size of the tables`, async () => {
  await copyRequests(db, 10_000, "PR-9003-");
  await db.query(
    `insert into users (role_id, email, password_hash, first_name, last_name, is_active)
     select role_id, 'kc' || g || '@test.example', password_hash, 'K', 'C', g % 2 = 0
       from (select * from users order by id limit 1) u, generate_series(1, 2000) g`,
  );
  await db.query("analyze purchase_requests, users, kept_counts");
  const seen: { text: string; params?: readonly unknown[] }[] = [];
  const recording: Queryable = {
    query: (text, params) => {
      seen.push({ text, params });
      return db.query(text, params);
    },
    exec: (s) => db.exec(s),
  };
  for (const f of [prStats, bidStats, quotationStats, adminStats, vendorStats]) await f(recording);
  let buffers = 0;
  for (const s of seen) {
    const [row] = await db.query<{ "QUERY PLAN": unknown }>(
      `explain (analyze, buffers, format json) ${s.text}`,
      s.params ? [...s.params] : [],
    );
    const plan = (typeof row["QUERY PLAN"] === "string" ? JSON.parse(row["QUERY PLAN"]) : row["QUERY PLAN"]) as {
      Plan: { "Shared Hit Blocks": number; "Shared Read Blocks": number };
    }[];
    buffers += plan[0].Plan["Shared Hit Blocks"] + plan[0].Plan["Shared Read Blocks"];
  }
  // 5 calls over a table of a few pages; the full counts read about a thousand at this size.
  assert.ok(buffers <= 40, `the five stats calls read ${buffers} buffers`);
  await assertExact("10,000 more requests and 2,000 more users");
});

Deno.test({
  name: `${tag} concurrent writers on PostgreSQL: the counts stay exact`,
  ignore: !onPostgres,
  fn: async () => {
    const [{ first }] = await db.query<{ first: number }>(
      "select min(id)::int as first from purchase_requests where request_number like 'PR-9003-%'",
    );
    const statuses = ["pending", "active", "completed", "cancelled", "rejected"];
    const worker = async (w: number) => {
      for (let i = 0; i < 30; i++) {
        await db.tx(async (tx) => {
          await copyRequests(tx, 1 + (i % 3), `PR-7${w}${String(i).padStart(2, "0")}-`);
          await tx.query("update purchase_requests set status = $2 where id = $1", [
            first + w * 100 + i,
            statuses[(w + i) % statuses.length],
          ]);
          await tx.query(
            "update users set is_active = not is_active where id = (select id from users order by id desc offset $1 limit 1)",
            [w],
          );
        });
        if (i % 7 === 0) {
          await db.tx(async (tx) => {
            await copyRequests(tx, 5, `PR-8${w}${String(i).padStart(2, "0")}-`);
            throw new Error("roll back");
          }).catch((e) => assert.match(String(e), /roll back/));
        }
      }
    };
    await Promise.all([0, 1, 2, 3, 4, 5].map(worker));
    await assertExact("6 concurrent writers");
  },
});

Deno.test({
  name: `${tag} PostgreSQL: a review racing an unseal of its bid is counted once, in its new status`,
  ignore: !onPostgres,
  fn: async () => {
    const [bid] = await db.query<{ id: number }>(
      `select b.id from bid_requests b where exists (select 1 from quotations q where q.bid_request_id = b.id and q.is_current)
        order by b.id desc limit 1`,
    );
    await db.query(
      "update bid_requests set bidding_mode = 'sealed', unsealed_at = null, status = 'bidding_closed' where id = $1",
      [bid.id],
    );
    const [q] = await db.query<{ id: number }>(
      "select id from quotations where bid_request_id = $1 and is_current order by id limit 1",
      [bid.id],
    );
    await db.query("update quotations set status = 'submitted' where id = $1", [q.id]);
    await assertExact("the bid sealed again");
    let release!: () => void;
    const held = new Promise<void>((r) => release = r);
    let reviewed!: () => void;
    const updated = new Promise<void>((r) => reviewed = r);
    // The review changes the quotation and stays open; the unseal starts meanwhile and must wait for it.
    const review = db.tx(async (tx) => {
      await tx.query("update quotations set status = 'approved' where id = $1", [q.id]);
      reviewed();
      await held;
    });
    await updated;
    const unseal = db.query("update bid_requests set unsealed_at = now() where id = $1", [bid.id]);
    await waitForLockWaiters(db, 1, { query: "update bid_requests set unsealed_at" });
    release();
    await Promise.all([review, unseal]);
    await assertExact("a review and an unseal at the same time");
  },
});

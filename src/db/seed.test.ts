import assert from "node:assert/strict";
import { verifyPassword } from "../auth/password.ts";
import { createLogger } from "../lib/logger.ts";
import { DEMO_ACCOUNTS } from "./demo-accounts.ts";
import { testDb } from "../../tests/helpers/db.ts";
import { seedDemo } from "./seed.ts";
import { seedAuditLogs, seedScale } from "./seed-scale.ts";
import { verifyAuditChain } from "../audit/verify.ts";
import type { Db } from "./types.ts";

const logger = createLogger("silent");
const TABLES = [
  "users",
  "categories",
  "vendor_profiles",
  "vendor_categories",
  "document_counters",
  "purchase_requests",
  "purchase_request_items",
  "purchase_request_events",
  "bid_requests",
  "bid_request_items",
  "quotations",
  "quotation_items",
  "purchase_orders",
];

/** A migrated, empty test database (the test backend's); close() throws it away. */
async function freshDb(): Promise<Db> {
  const t = await testDb();
  return { ...t.db, close: t.close };
}

async function counts(db: Db): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of TABLES) {
    const [row] = await db.query<{ n: number }>(`select count(*)::int as n from ${t}`);
    out[t] = row.n;
  }
  return out;
}

async function values(db: Db, sql: string, params: unknown[] = []): Promise<string[]> {
  return (await db.query<{ v: string }>(sql, params)).map((r) => r.v).sort();
}

async function none(db: Db, what: string, sql: string) {
  const rows = await db.query(sql);
  assert.deepEqual(rows, [], `${what}: ${JSON.stringify(rows.slice(0, 3))}`);
}

/** Money and reference invariants that hold for the demo data and the benchmark data alike. */
async function checkInvariants(db: Db) {
  await none(
    db,
    "a request's live bid flag (sql/0028) differs from its bids",
    `select pr.id from purchase_requests pr where pr.has_live_bid <> exists
       (select 1 from bid_requests b where b.purchase_request_id = pr.id and b.status <> 'cancelled')`,
  );
  await none(
    db,
    "purchase request budget differs from the sum of its items",
    `select r.id from purchase_requests r left join purchase_request_items i on i.purchase_request_id = r.id
     group by r.id having r.estimated_budget <> coalesce(sum(i.quantity * i.estimated_price), 0)`,
  );
  await none(
    db,
    "purchase request without items",
    `select id from purchase_requests r where not exists
     (select 1 from purchase_request_items i where i.purchase_request_id = r.id)`,
  );
  await none(
    db,
    "bid request budget differs from the sum of its items",
    `select b.id from bid_requests b join bid_request_items i on i.bid_request_id = b.id
     group by b.id having b.estimated_budget <> sum(i.quantity * i.estimated_price)`,
  );
  await none(
    db,
    "approvals_required does not follow the threshold",
    `select id from purchase_requests where approvals_required <> case when estimated_budget > 10000 then 2 else 1 end`,
  );
  await none(
    db,
    "quotation line total is not quantity x unit price",
    `select id from quotation_items
     where total_price <> quantity * unit_price or unit_price <= 0`,
  );
  await none(
    db,
    "quotation total differs from its lines",
    `select q.id from quotations q join quotation_items i on i.quotation_id = q.id
     group by q.id having q.total_amount is distinct from sum(i.total_price)`,
  );
  await none(
    db,
    "quotation without lines",
    `select id from quotations q where not exists
     (select 1 from quotation_items i where i.quotation_id = q.id)`,
  );
  await none(
    db,
    "quotation line refers to another request's item",
    `select qi.id from quotation_items qi join quotations q on q.id = qi.quotation_id
     left join purchase_request_items pi on pi.id = qi.purchase_request_item_id
     left join bid_request_items bi on bi.id = qi.bid_request_item_id
     where case when qi.purchase_request_item_id is not null
       then pi.purchase_request_id is distinct from q.purchase_request_id
       else bi.bid_request_id is distinct from q.bid_request_id end`,
  );
  await none(
    db,
    "quotation from a vendor that is not approved",
    `select q.id from quotations q
     join vendor_profiles v on v.user_id = q.vendor_id where v.status <> 'approved'`,
  );
  await none(
    db,
    "quotation on a request that is not active or is internal",
    `select q.id from quotations q join purchase_requests r on r.id = q.purchase_request_id
     where r.status <> 'active' or r.request_type = 'internal'`,
  );
  await none(
    db,
    "sealed quotation or quotation on a still-sealed bid",
    `select q.id from quotations q
     left join bid_requests b on b.id = q.bid_request_id
     where q.sealed or (b.bidding_mode = 'sealed' and b.unsealed_at is null)`,
  );
  await none(
    db,
    "valid_until is not submitted_at + validity_days",
    `select id from quotations
     where valid_until <> submitted_at + make_interval(days => validity_days)`,
  );
  await none(
    db,
    "superseded quotation without a newer current revision",
    `select q.id from quotations q where q.status = 'superseded' and (q.is_current or not exists (
       select 1 from quotations n where n.vendor_id = q.vendor_id and n.is_current and n.revision > q.revision
         and n.purchase_request_id is not distinct from q.purchase_request_id
         and n.bid_request_id is not distinct from q.bid_request_id))`,
  );
  await none(
    db,
    "awarded bid without exactly one approved quotation and a matching purchase order",
    `select b.id from bid_requests b where b.status = 'awarded' and (
       (select count(*) from quotations q where q.bid_request_id = b.id and q.status = 'approved') <> 1
       or not exists (select 1 from purchase_orders po join quotations q on q.id = po.quotation_id
         where po.bid_request_id = b.id and q.status = 'approved' and po.total_amount = q.total_amount
           and po.vendor_id = q.vendor_id))`,
  );
  await none(
    db,
    "quotation of an awarded bid neither approved nor rejected",
    `select q.id from quotations q join bid_requests b on b.id = q.bid_request_id
     where b.status = 'awarded' and q.is_current and q.status not in ('approved', 'rejected')`,
  );
  await none(
    db,
    "document counter behind the numbers in use",
    `select c.prefix from document_counters c where c.last_value < (
       select count(*) from (
         select request_number as n from purchase_requests union all select bid_number from bid_requests
         union all select po_number from purchase_orders) x
       where n like c.prefix || '-' || c.year || '-%')`,
  );
  await none(db, "date order", `select id from purchase_requests where created_at > now() or updated_at < created_at`);
}

Deno.test("seedDemo fills an empty database once, with every status and exact money", async () => {
  const db = await freshDb();
  try {
    assert.equal(await seedDemo(db, logger), true);

    assert.deepEqual(
      await values(db, "select distinct status as v from purchase_requests"),
      ["active", "cancelled", "completed", "draft", "pending", "rejected"],
    );
    assert.deepEqual(
      await values(db, "select distinct request_type as v from purchase_requests"),
      ["bid_required", "internal", "vendor_quote"],
    );
    assert.deepEqual(
      await values(db, "select distinct status as v from bid_requests"),
      ["awarded", "bidding_closed", "bidding_open", "cancelled", "draft", "evaluation", "published"],
    );
    assert.deepEqual(await values(db, "select distinct bidding_mode as v from bid_requests"), ["open", "sealed"]);
    assert.deepEqual(
      await values(db, "select distinct status as v from quotations"),
      ["approved", "rejected", "submitted", "superseded", "under_review"],
    );
    assert.deepEqual(
      await values(db, "select distinct status as v from vendor_profiles"),
      ["approved", "pending", "rejected"],
    );
    assert.deepEqual(
      await values(db, "select distinct action as v from purchase_request_events"),
      ["approved", "awarded", "converted", "created", "rejected", "status_changed"],
    );
    const [c] = await db.query<{ categories: number; vendors: number; orders: number }>(
      `select (select count(*)::int from categories) as categories, (select count(*)::int from vendor_profiles) as vendors,
         (select count(*)::int from purchase_orders) as orders`,
    );
    assert.ok(c.categories >= 8 && c.vendors >= 8);
    assert.equal(c.orders, 1);

    // The fixed demo sign-ins, with the right role and a password that verifies.
    for (const a of DEMO_ACCOUNTS) {
      const [u] = await db.query<{ role: string; username: string | null; password_hash: string; is_active: boolean }>(
        `select r.name as role, u.username, u.password_hash, u.is_active from users u join roles r on r.id = u.role_id
         where u.email = $1`,
        [a.email],
      );
      assert.ok(u, `missing ${a.email}`);
      assert.equal(u.role, a.role);
      assert.equal(u.is_active, true);
      assert.equal(u.username, a.role === "admin" ? a.signIn : null);
      assert.ok(await verifyPassword(u.password_hash, a.password), `password of ${a.email}`);
      assert.equal(await verifyPassword(u.password_hash, "wrong-password"), false);
      if (a.role === "vendor") {
        const [v] = await db.query<{ status: string; n: number }>(
          `select status, (select count(*)::int from vendor_categories where vendor_id = user_id) as n
           from vendor_profiles where user_id = (select id from users where email = $1)`,
          [a.email],
        );
        assert.equal(v.status, "approved");
        assert.ok(v.n >= 1);
      }
    }
    await none(
      db,
      "pending or rejected vendor with a password, or rejected without reason",
      `select user_id
      from vendor_profiles v join users u on u.id = v.user_id
      where (v.status <> 'approved' and u.password_hash is not null)
         or (v.status = 'rejected' and coalesce(v.rejection_reason, '') = '')`,
    );
    await none(
      db,
      "active request with a past deadline or completed with a future one",
      `select id
      from purchase_requests where (status = 'active' and deadline < now()) or (status = 'completed' and deadline > now())`,
    );
    await none(
      db,
      "request number not in creation order",
      `select a.id from purchase_requests a
      join purchase_requests b on a.created_at < b.created_at and a.request_number > b.request_number`,
    );
    await checkInvariants(db);

    const before = await counts(db);
    assert.equal(await seedDemo(db, logger), false);
    assert.deepEqual(await counts(db), before);
  } finally {
    await db.close();
  }
});

Deno.test("seedScale adds n requests with about ten items each, bids and quotations", async () => {
  const db = await freshDb();
  try {
    await seedDemo(db, logger);
    const before = await counts(db);
    const [{ max }] = await db.query<{ max: number }>("select max(id) as max from purchase_requests");
    const r = await seedScale(db, 200, logger, { batchSize: 80 });
    const after = await counts(db);

    assert.equal(r.purchaseRequests, 200);
    assert.equal(after.purchase_requests - before.purchase_requests, 200);
    const items = after.purchase_request_items - before.purchase_request_items;
    assert.equal(items, r.purchaseRequestItems);
    assert.ok(items >= 1800 && items <= 2200, `items: ${items}`);
    assert.ok(after.bid_requests - before.bid_requests >= 15, "bid requests");
    const quotes = after.quotations - before.quotations;
    assert.ok(quotes >= 25 && quotes <= 60, `quotations: ${quotes}`);
    assert.equal(after.quotation_items - before.quotation_items, r.quotationItems);
    assert.equal(after.users, before.users);

    const [u] = await db.query<{ n: number; d: number }>(
      "select count(*)::int as n, count(distinct request_number)::int as d from purchase_requests",
    );
    assert.equal(u.n, u.d);
    assert.deepEqual(
      await values(db, "select distinct status as v from purchase_requests where id > $1", [max]),
      ["active", "cancelled", "completed", "draft", "pending", "rejected"],
    );
    await checkInvariants(db);

    // A second run keeps adding with fresh numbers (through every trigger, the path without a superuser).
    assert.equal((await seedScale(db, 10, logger, { triggers: true })).fastPath, false);
    assert.equal((await counts(db)).purchase_requests, after.purchase_requests + 10);
  } finally {
    await db.close();
  }
});

/** The rollup and summary rows of every request and bid, as text, to compare before and after a refresh. */
async function derived(db: Db) {
  const rows = async (sql: string) => (await db.query<{ v: string }>(sql)).map((r) => r.v);
  return {
    summaries: await rows(
      "select id || ':' || item_count || ':' || item_summary::text as v from purchase_requests order by id",
    ),
    quotationSummaries: await rows(
      "select id || ':' || item_count || ':' || item_summary::text as v from quotations order by id",
    ),
    bidSummaries: await rows(
      "select id || ':' || item_count || ':' || item_summary::text as v from bid_requests order by id",
    ),
    requests: await rows("select r::text as v from report_requests r order by id"),
    decisions: await rows("select d::text as v from report_approval_decisions d order by event_id"),
    opportunities: await rows("select o::text as v from report_opportunities o order by kind, id"),
    quotations: await rows("select q::text as v from report_quotations q order by 1"),
  };
}

Deno.test("[seed] seedScale at 300 in batches: items per request, unique numbers, summaries and rollups as the triggers write them", async () => {
  const db = await freshDb();
  try {
    await seedDemo(db, logger);
    const [{ max }] = await db.query<{ max: number }>("select max(id) as max from purchase_requests");
    const r = await seedScale(db, 300, logger, { batchSize: 120 });
    assert.equal(r.fastPath, true, "PGlite runs as a superuser: the fast path");
    assert.equal(r.purchaseRequests, 300);
    await none(
      db,
      "seeded request with fewer than 6 or more than 14 items",
      `select r.id from purchase_requests r left join purchase_request_items i on i.purchase_request_id = r.id
        where r.id > ${Number(max)} group by r.id having count(i.id) not between 6 and 14`,
    );
    const [n] = await db.query<{ prs: number; items: number }>(
      `select count(*)::int as prs, (select count(*)::int from purchase_request_items i
         join purchase_requests r on r.id = i.purchase_request_id where r.id > $1) as items
         from purchase_requests where id > $1`,
      [max],
    );
    assert.deepEqual(n, { prs: 300, items: r.purchaseRequestItems });
    await none(
      db,
      "document number used twice",
      `select n from (select request_number as n from purchase_requests union all select bid_number from bid_requests
         union all select po_number from purchase_orders) x group by n having count(*) > 1`,
    );
    await checkInvariants(db);
    // The fast path skips the triggers and writes what they would have written: refreshing every
    // request and bid with the trigger functions now changes nothing.
    const seeded = await derived(db);
    assert.ok(seeded.summaries.some((x) => !x.includes(":0:[]")), "summaries written");
    assert.ok(seeded.quotationSummaries.some((x) => !x.includes(":0:[]")), "quotation summaries written");
    assert.ok(seeded.bidSummaries.some((x) => !x.includes(":0:[]")), "bid summaries written");
    await db.tx(async (tx) => {
      await tx.query("select purchase_request_item_summary_refresh(array(select id from purchase_requests))");
      await tx.query("select quotation_item_summary_refresh(array(select id from quotations))");
      await tx.query("select bid_request_item_summary_refresh(array(select id from bid_requests))");
      await tx.query("select report_refresh_requests(array(select id from purchase_requests))");
      await tx.query("select report_refresh_bids(array(select id from bid_requests))");
    });
    assert.deepEqual(await derived(db), seeded);
    // The kept counts (sql/0023), refreshed once at the end of the fast path, equal a full recount.
    const kept = () =>
      db.query(
        `select entity, bucket, sum(n)::int as n, sum(amount)::text as amount from kept_counts
          group by 1, 2 having sum(n) <> 0 or sum(amount) <> 0 order by 1, 2`,
      );
    const keptAfterSeed = await kept();
    const [{ prs }] = await db.query<{ prs: number }>("select count(*)::int as prs from purchase_requests");
    const keptPrs = keptAfterSeed.filter((r) => r.entity === "purchase_requests").reduce((a, r) => a + Number(r.n), 0);
    assert.equal(keptPrs, prs, "every seeded request counted");
    await db.query("select kept_counts_refresh()");
    assert.deepEqual(keptAfterSeed, await kept());
  } finally {
    await db.close();
  }
});

Deno.test("[seed] seedAuditLogs adds entries over the past year, oldest first, and the hash chain verifies", async () => {
  const db = await freshDb();
  try {
    await seedDemo(db, logger);
    const [{ before }] = await db.query<{ before: number }>("select count(*)::int as before from audit_logs");
    await seedAuditLogs(db, 2500, logger, 1000);
    const [a] = await db.query<{ n: number; days: number; back: number }>(
      `select count(*)::int as n, extract(day from max(created_at) - min(created_at))::int as days,
         count(*) filter (where created_at < prev)::int as back
         from (select created_at, lag(created_at) over (order by id) as prev from audit_logs where user_agent = 'seed') x`,
    );
    assert.equal(a.n, 2500);
    assert.ok(a.days >= 360, `spread over ${a.days} days`);
    assert.equal(a.back, 0, "id order is time order");
    // A live writer after the seed chains onto its last entry through the trigger.
    await db.query("insert into audit_logs (action, entity_type) values ('LOGIN', 'user')");
    const v = await verifyAuditChain(db, 700);
    assert.deepEqual(v, { ok: true, checked: before + 2501 });
  } finally {
    await db.close();
  }
});

/** The benchmark data (seed-scale.ts) on top of the demo organisation keeps the demo's invariants. */
import assert from "node:assert/strict";
import { createLogger } from "../src/lib/logger.ts";
import { seedDemo } from "../src/db/seed.ts";
import type { Db } from "../src/db/types.ts";
import { verifyAuditChain } from "../src/audit/verify.ts";
import { checkInvariants, counts, freshDb, none, values } from "../tests/helpers/seed-checks.ts";
import { seedAuditLogs, seedScale } from "./seed-scale.ts";

const logger = createLogger("silent");

Deno.test("[seed] seedScale adds n requests with about ten items each, bids and quotations", async () => {
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

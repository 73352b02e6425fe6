/**
 * The report rollups (sql/0012_report_rollups.sql) are never stale: every write to a source table
 * refreshes them in the same statement's transaction. Each step changes the source rows the way
 * the flows do (approvals, status changes, edits, quotes, awards, conversion into a bid, deletes)
 * and the reports answer the new figures at once; at the end the rollups equal a rebuild from
 * scratch.
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";

const tag = `[reports/${testBackend()}]`;

const t = await testApp();
Deno.test.afterAll(t.close);
const db = t.db;
const office = await createCategory(db, "Office");
const it = await createCategory(db, "IT");
const pm = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const vendor = await as(t, "vendor", { categoryIds: [office, it] });

type Approvals = {
  turnaround: { role: string; decisions: number }[];
  waiting: { role: string; count: number }[];
};
type Pipeline = { byStatus: { status: string; count: number }[]; cycleTimes: { metric: string; count: number }[] };
type Vendors = { vendors: { vendorId: number; opportunities: number; quotations: number; wins: number }[] };

const approvals = async (q = "") => await expectJson<Approvals>(await pm.request(`/api/reports/approvals?${q}`), 200);
const pipeline = async (q = "") => await expectJson<Pipeline>(await pm.request(`/api/reports/pipeline?${q}`), 200);
const scorecard = async () => {
  const body = await expectJson<Vendors>(await pm.request("/api/reports/vendors"), 200);
  return body.vendors.find((v) => v.vendorId === vendor.user.id)!;
};
const waiting = (a: Approvals) => Object.fromEntries(a.waiting.map((w) => [w.role, w.count]));
const event = (prId: number, actor: number, action: string, stage: string | null, to: string, at: string) =>
  db.query(
    `insert into purchase_request_events (purchase_request_id, actor_id, action, stage, from_status, to_status, created_at)
     values ($1, $2, $3, $4, 'pending', $5, $6)`,
    [prId, actor, action, stage, to, at],
  );

const [{ id: prId }] = await db.query<{ id: number }>(
  `insert into purchase_requests (request_number, title, status, request_type, category_id, department, deadline,
      estimated_budget, approvals_required, created_by, created_at)
   values ('PR-2026-5001', 'Chairs', 'pending', 'vendor_quote', $1, 'Facilities', '2026-12-31', 5000, 2, $2,
      '2026-03-01T00:00:00Z') returning id`,
  [office, pm.user.id],
);

Deno.test(`${tag} a new pending request waits on both stages at once`, async () => {
  assert.deepEqual(waiting(await approvals()), { procurement_manager: 1, cost_finance_controller: 1 });
  assert.deepEqual((await pipeline()).byStatus, [{ status: "pending", count: 1 }]);
});

Deno.test(`${tag} each approval moves the waiting counts and adds its turnaround`, async () => {
  await event(prId, pm.user.id, "approved", "manager", "pending", "2026-03-02T00:00:00Z");
  let a = await approvals();
  assert.deepEqual(waiting(a), { procurement_manager: 0, cost_finance_controller: 1 });
  assert.deepEqual(a.turnaround.map((r) => [r.role, r.decisions]), [["procurement_manager", 1]]);

  await db.tx(async (tx) => {
    await tx.query(
      `insert into purchase_request_events (purchase_request_id, actor_id, action, stage, from_status, to_status,
          created_at) values ($1, $2, 'approved', 'finance', 'pending', 'active', '2026-03-04T00:00:00Z')`,
      [prId, finance.user.id],
    );
    await tx.query("update purchase_requests set status = 'active' where id = $1", [prId]);
  });
  a = await approvals();
  assert.deepEqual(waiting(a), { procurement_manager: 0, cost_finance_controller: 0 });
  assert.deepEqual(a.turnaround.map((r) => [r.role, r.decisions]), [
    ["cost_finance_controller", 1],
    ["procurement_manager", 1],
  ]);
  const p = await pipeline();
  assert.deepEqual(p.byStatus, [{ status: "active", count: 1 }]);
  assert.equal(p.cycleTimes.find((c) => c.metric === "creationToApproval")!.count, 1);
});

Deno.test(`${tag} editing a request's category moves it between filtered reports`, async () => {
  assert.equal((await pipeline(`categoryId=${office}`)).byStatus.length, 1);
  await db.query("update purchase_requests set category_id = $1 where id = $2", [it, prId]);
  assert.equal((await pipeline(`categoryId=${office}`)).byStatus.length, 0);
  assert.deepEqual((await pipeline(`categoryId=${it}`)).byStatus, [{ status: "active", count: 1 }]);
  assert.equal((await approvals(`categoryId=${it}`)).turnaround.length, 2, "decisions follow the request");
});

Deno.test(`${tag} quotes, awards and a conversion into a bid reach the scorecard at once`, async () => {
  const before = await scorecard();
  assert.deepEqual([before.opportunities, before.quotations, before.wins], [1, 0, 0]);
  const [{ id: quotationId }] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, total_amount, valid_until, submitted_at)
     values ($1, $2, 4500, '2026-04-30', '2026-03-05T00:00:00Z') returning id`,
    [vendor.user.id, prId],
  );
  assert.equal((await scorecard()).quotations, 1);
  const [{ id: poId }] = await db.query<{ id: number }>(
    `insert into purchase_orders (po_number, quotation_id, vendor_id, purchase_request_id, total_amount, created_by)
     values ('PO-2026-5001', $1, $2, $3, 4500, $4) returning id`,
    [quotationId, vendor.user.id, prId, pm.user.id],
  );
  await db.query(
    `insert into awards (purchase_request_id, purchase_order_id, quotation_id, awarded_by)
     values ($1, $2, $3, $4)`,
    [prId, poId, quotationId, pm.user.id],
  );
  assert.equal((await scorecard()).wins, 1);
  assert.equal((await pipeline()).cycleTimes.find((c) => c.metric === "creationToOrder")!.count, 1);

  // converted into a live bid: no longer an opportunity of its own (its quotation leaves with it)
  const [{ id: bidId }] = await db.query<{ id: number }>(
    `insert into bid_requests (bid_number, purchase_request_id, title, description, department, category_id, deadline,
        bidding_deadline, status, qualification_criteria, created_by)
     values ('BR-2026-5001', $1, 'Chairs', 'Chairs', 'Facilities', $2, '2026-12-31', '2026-12-01', 'draft', 'None', $3)
     returning id`,
    [prId, it, pm.user.id],
  );
  assert.deepEqual([(await scorecard()).opportunities, (await scorecard()).quotations], [0, 0]);
  await db.query("update bid_requests set status = 'cancelled' where id = $1", [bidId]);
  assert.deepEqual([(await scorecard()).opportunities, (await scorecard()).quotations], [1, 1]);
});

Deno.test(`${tag} the rollups equal a rebuild from the source rows`, async () => {
  const snapshot = async () =>
    await db.query<{ t: string; rows: string }>(
      `select 'requests' as t, coalesce(json_agg(r order by r.id)::text, '[]') as rows from report_requests r
       union all select 'decisions', coalesce(json_agg(d order by d.event_id)::text, '[]') from report_approval_decisions d
       union all select 'opportunities', coalesce(json_agg(o order by o.kind, o.id)::text, '[]') from report_opportunities o
       union all select 'quotations', coalesce(json_agg(q order by q.quotation_id)::text, '[]') from report_quotations q`,
    );
  const live = await snapshot();
  await db.tx(async (tx) => {
    await tx.query("delete from report_quotations");
    await tx.query("delete from report_opportunities");
    await tx.query("delete from report_approval_decisions");
    await tx.query("delete from report_requests");
    await tx.query("select report_refresh_requests(array(select id from purchase_requests))");
    await tx.query("select report_refresh_bids(array(select id from bid_requests))");
  });
  assert.deepEqual(await snapshot(), live);
  assert.ok(JSON.parse(live[0].rows).length === 1 && JSON.parse(live[3].rows).length === 1);
});

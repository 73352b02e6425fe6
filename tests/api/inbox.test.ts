/**
 * The work inbox (GET /api/inbox): per role what waits and what must not show (another vendor's
 * order, approvals for the purchase team), and items leaving once done by anyone (another manager's
 * approval, the vendor's acknowledgement). Run on PostgreSQL (--only=postgres) and PGlite.
 */
import assert from "node:assert/strict";
import { fromCents, toCents } from "../../src/shared/money.ts";
import type { Inbox, InboxItem, InboxKind } from "../../src/shared/schemas/responses/inbox.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser, type Session } from "../helpers/users.ts";

const tag = `[inbox/${testBackend()}]`;
const t = await testApp();
Deno.test.afterAll(t.close);
const { db } = t;
const DAY = 86_400_000;
const YEAR = new Date().getUTCFullYear();

const CAT = await createCategory(db, "Inbox furniture");
const OTHER_CAT = await createCategory(db, "Inbox chemicals");
const team = await as(t, "purchase_team");
const managerA = await as(t, "procurement_manager");
const managerB = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const admin = await as(t, "admin");
const vendorA = await as(t, "vendor", { categoryIds: [CAT] });
const vendorB = await as(t, "vendor", { categoryIds: [OTHER_CAT] });

Deno.test.beforeAll(async () => {
  await db.query("update settings set value = '10000.00' where key = 'approval_threshold'");
});

async function inboxOf(s: Session): Promise<Inbox> {
  const res = await s.request("/api/inbox");
  assert.equal(res.headers.get("cache-control"), "no-store");
  return await expectJson<Inbox>(res, 200);
}

const find = (box: Inbox, kind: InboxKind, id: number): InboxItem | undefined =>
  box.items.find((i) => i.kind === kind && i.id === id);

async function createPr(by: Session, price: string, department = "Operations"): Promise<{ id: number }> {
  const res = await by.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title: `Inbox request at ${price}`,
      description: "Inbox test",
      department,
      justification: "Needed",
      categoryId: CAT,
      deadline: new Date(Date.now() + 10 * DAY).toISOString(),
      items: [{ itemName: "Thing", quantity: 1, estimatedPrice: price }],
    },
  });
  return await expectJson<{ id: number }>(res, 201);
}

const approve = async (s: Session, id: number) =>
  assert.equal((await s.request(`/api/purchase-requests/${id}/approve`, { method: "POST", json: {} })).status, 200);

let seq = 0;
/** An order awarded to `vendor` on an active request of the purchase team (as purchase-orders.test.ts makes them). */
async function awardedOrder(vendor: Session) {
  seq++;
  const [{ id: prId }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, deadline, created_by)
     values ($1, $2, 'active', 'vendor_quote', $3, now() + interval '20 days', $4) returning id`,
    [`PR-${YEAR}-${String(7700 + seq).padStart(4, "0")}`, `Inbox order ${seq}`, CAT, team.user.id],
  );
  const [{ id: itemId }] = await db.query<{ id: number }>(
    `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, category_id)
     values ($1, 0, 'Chair', 10, 'pcs', $2) returning id`,
    [prId, CAT],
  );
  const total = fromCents(toCents("25.50")! * 10);
  const [{ id: quotationId }] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, status, is_current, total_amount, valid_until)
     values ($1, $2, 'submitted', true, $3::numeric, now() + interval '30 days') returning id`,
    [vendor.user.id, prId, total],
  );
  await db.query(
    `insert into quotation_items (quotation_id, purchase_request_item_id, name, quantity, unit, unit_price, total_price)
     values ($1, $2, 'Chair', 10, 'pcs', 25.50, $3::numeric)`,
    [quotationId, itemId, total],
  );
  const award = await expectJson<{ purchaseOrder: { id: number; poNumber: string } }>(
    await managerA.request(`/api/purchase-requests/${prId}/award`, { method: "POST", json: { quotationId } }),
    201,
  );
  return award.purchaseOrder;
}

/** A bid request inserted as it stands at `status`, closing for bids in `hours`. */
async function bid(status: string, hours: number, mode: "open" | "sealed" = "open") {
  seq++;
  const [{ id }] = await db.query<{ id: number }>(
    `insert into bid_requests (bid_number, title, description, department, category_id, deadline, bidding_deadline,
        bidding_mode, status, estimated_budget, qualification_criteria, created_by)
     values ($1, $2, 'Bid', 'Operations', $3, now() + make_interval(hours => $4 + 240), now() + make_interval(hours => $4),
        $5, $6, 5000, 'Licensed', $7) returning id`,
    [`BR-${YEAR}-${String(7700 + seq).padStart(4, "0")}`, `Inbox bid ${seq}`, CAT, hours, mode, status, team.user.id],
  );
  return id;
}

Deno.test(`${tag} GET /api/inbox: a request above the threshold waits for managers and finance, level 1 of 2, not for its author or the purchase team`, async () => {
  const pr = await createPr(team, "20000.00");
  for (const s of [managerA, managerB, finance, admin]) {
    const item = find(await inboxOf(s), "request_approval", pr.id);
    assert.ok(item, s.user.role);
    assert.equal(item.amount, "20000.00");
    assert.deepEqual(item.level, { given: 0, required: 2 });
    assert.equal(item.path, `/dashboard?section=requests&open=${pr.id}`);
    assert.match(item.number!, /^PR-\d{4}-\d{4,}$/);
  }
  const teamBox = await inboxOf(team);
  assert.equal(teamBox.items.filter((i) => i.kind === "request_approval").length, 0);
  assert.equal(teamBox.counts.request_approval, undefined, "the purchase team never has approvals");
  assert.equal(teamBox.counts.bid_approval, undefined);
});

Deno.test(`${tag} GET /api/inbox: manager B approves, so manager A's item is gone and finance's is level 2 of 2; finance approves, so it leaves`, async () => {
  const pr = await createPr(team, "30000.00");
  const before = await inboxOf(managerA);
  assert.ok(find(before, "request_approval", pr.id));
  await approve(managerB, pr.id);
  const after = await inboxOf(managerA);
  assert.equal(find(after, "request_approval", pr.id), undefined, "the manager stage is given");
  assert.equal(after.counts.request_approval, before.counts.request_approval! - 1);
  assert.equal(find(await inboxOf(managerB), "request_approval", pr.id), undefined, "not twice by one person");
  assert.deepEqual(find(await inboxOf(finance), "request_approval", pr.id)?.level, { given: 1, required: 2 });
  await approve(finance, pr.id);
  for (const s of [managerA, managerB, finance, admin]) {
    assert.equal(find(await inboxOf(s), "request_approval", pr.id), undefined, s.user.role);
  }
});

Deno.test(`${tag} GET /api/inbox: a manager's own request waits for the other manager, not for its author`, async () => {
  const pr = await createPr(managerA, "500.00");
  assert.equal(find(await inboxOf(managerA), "request_approval", pr.id), undefined);
  assert.deepEqual(find(await inboxOf(managerB), "request_approval", pr.id)?.level, { given: 0, required: 1 });
  await approve(managerB, pr.id);
  assert.equal(find(await inboxOf(finance), "request_approval", pr.id), undefined, "one approval made it active");
});

Deno.test(`${tag} GET /api/inbox: an approval under a budget says what the budget has left before and after`, async () => {
  await db.query(
    `insert into budgets (department, category_id, fiscal_year, quarter, period_start, period_end, amount, currency,
        notes, created_by)
     values ('Facilities', null, $1, null, now()::date - 30, now()::date + 30, 25000, 'USD', '', $2)`,
    [YEAR, admin.user.id],
  );
  const pr = await createPr(team, "20000.00", "Facilities");
  const plain = await createPr(team, "20000.00", "Marketing");
  const box = await inboxOf(managerA);
  const item = find(box, "request_approval", pr.id);
  assert.equal(item?.budget?.remaining, "25000.00");
  assert.equal(item?.budget?.after, "5000.00");
  assert.equal(item?.budget?.overrun, false);
  assert.match(item?.budget?.name ?? "", /Facilities/);
  assert.equal(find(box, "request_approval", plain.id)?.budget, null, "no budget: no effect");
});

Deno.test(`${tag} GET /api/inbox: the vendor's order to acknowledge is its own only, and leaves once acknowledged`, async () => {
  const po = await awardedOrder(vendorA);
  const mine = find(await inboxOf(vendorA), "order_acknowledge", po.id);
  assert.equal(mine?.number, po.poNumber);
  assert.equal(mine?.path, `/purchase-orders/${po.id}`);
  assert.equal(mine?.amount, "255.00");
  const other = await inboxOf(vendorB);
  assert.equal(other.items.some((i) => i.id === po.id && i.kind !== "opportunity"), false);
  assert.equal(other.counts.order_acknowledge, 0);
  for (const s of [managerA, admin, team]) assert.equal((await inboxOf(s)).counts.order_acknowledge, undefined);

  const res = await vendorA.request(`/api/purchase-orders/${po.id}/acknowledge`, { method: "POST", json: {} });
  assert.equal(res.status, 200);
  assert.equal(find(await inboxOf(vendorA), "order_acknowledge", po.id), undefined);
});

Deno.test(`${tag} GET /api/inbox: deliveries due within 7 days or overdue wait for receivers, later ones not`, async () => {
  const due = await awardedOrder(vendorA);
  const late = await awardedOrder(vendorA);
  const far = await awardedOrder(vendorA);
  const set = (id: number, days: number) =>
    db.query("update purchase_orders set requested_delivery_date = now()::date + $2::int where id = $1", [id, days]);
  await set(due.id, 3);
  await set(late.id, -2);
  await set(far.id, 30);
  const box = await inboxOf(team);
  assert.equal(find(box, "delivery", due.id)?.overdue, false);
  assert.equal(find(box, "delivery", late.id)?.overdue, true);
  assert.equal(find(box, "delivery", far.id), undefined);
  assert.equal(box.items.findIndex((i) => i.id === late.id) < box.items.findIndex((i) => i.id === due.id), true);
  assert.equal((await inboxOf(finance)).counts.delivery, undefined, "finance does not receive goods");
  assert.equal((await inboxOf(vendorA)).counts.delivery, undefined);
});

Deno.test(`${tag} GET /api/inbox: a declined order waits for a manager to cancel it`, async () => {
  const po = await awardedOrder(vendorA);
  const res = await vendorA.request(`/api/purchase-orders/${po.id}/decline`, {
    method: "POST",
    json: { reason: "Out of stock" },
  });
  assert.equal(res.status, 200);
  assert.equal(find(await inboxOf(managerA), "order_action", po.id)?.action, "cancel");
  assert.equal((await inboxOf(team)).counts.order_action, undefined, "the purchase team cannot cancel");
  const cancel = await managerB.request(`/api/purchase-orders/${po.id}/cancel`, {
    method: "POST",
    json: { reason: "Declined" },
  });
  assert.equal(cancel.status, 200);
  assert.equal(find(await inboxOf(managerA), "order_action", po.id), undefined);
});

Deno.test(`${tag} GET /api/inbox: open opportunities in the vendor's categories until it quotes`, async () => {
  const [{ id: prId }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, deadline, created_by)
     values ($1, 'Inbox opportunity', 'active', 'vendor_quote', $2, now() + interval '5 days', $3) returning id`,
    [`PR-${YEAR}-${String(7900).padStart(4, "0")}`, CAT, team.user.id],
  );
  const item = find(await inboxOf(vendorA), "opportunity", prId);
  assert.equal(item?.action, "purchase_request");
  assert.equal(find(await inboxOf(vendorB), "opportunity", prId), undefined, "not in vendor B's categories");
  await db.query(
    `insert into quotations (vendor_id, purchase_request_id, status, is_current, total_amount, valid_until)
     values ($1, $2, 'submitted', true, 10, now() + interval '30 days')`,
    [vendorA.user.id, prId],
  );
  assert.equal(find(await inboxOf(vendorA), "opportunity", prId), undefined, "quoted");
  assert.equal((await inboxOf(managerA)).counts.opportunity, undefined);
});

Deno.test(`${tag} GET /api/inbox: a sealed bid leaves the vendor's opportunities once it quoted (found by its bidder tag)`, async () => {
  const sealed = await expectJson<{ id: number; items: { id: number }[] }>(
    await managerA.request("/api/bid-requests", {
      method: "POST",
      json: {
        title: "Inbox sealed bid",
        description: "Sealed",
        department: "Facilities",
        qualificationCriteria: "References",
        biddingMode: "sealed",
        categoryId: CAT,
        deadline: new Date(Date.now() + 21 * DAY).toISOString(),
        biddingDeadline: new Date(Date.now() + 14 * DAY).toISOString(),
        items: [{ itemName: "Vault door", quantity: 1, estimatedPrice: "900.00", unit: "pcs", categoryId: CAT }],
      },
    }),
    201,
  );
  assert.equal(find(await inboxOf(vendorA), "opportunity", sealed.id)?.action, "bid_request");
  const res = await vendorA.request("/api/vendor/quotations", {
    method: "POST",
    json: { bidRequestId: sealed.id, items: [{ itemId: sealed.items[0].id, unitPrice: "850.00" }] },
  });
  assert.equal(res.status, 201, await res.text());
  const [row] = await db.query<{ vendorId: number | null }>(
    `select vendor_id as "vendorId" from quotations where bid_request_id = $1 and is_current`,
    [sealed.id],
  );
  assert.equal(row.vendorId, null, "sealed: who quoted is only in the tag");
  assert.equal(find(await inboxOf(vendorA), "opportunity", sealed.id), undefined);
});

Deno.test(`${tag} GET /api/inbox: bids closing within 48 hours and closed bids to unseal or evaluate`, async () => {
  const soon = await bid("bidding_open", 24);
  const later = await bid("bidding_open", 72);
  const sealed = await bid("bidding_closed", -5, "sealed");
  const open = await bid("evaluation", -5);
  const box = await inboxOf(managerA);
  assert.ok(find(box, "bid_closing", soon));
  assert.equal(find(box, "bid_closing", later), undefined);
  assert.equal(find(box, "bid_evaluation", sealed)?.action, "unseal");
  assert.equal(find(box, "bid_evaluation", open)?.action, "evaluate");
  assert.equal(find(box, "bid_evaluation", open)?.path, `/dashboard?section=bids&open=${open}`);
  assert.equal(find(await inboxOf(vendorA), "opportunity", soon)?.action, "bid_request", "open in its category");
  assert.equal(find(await inboxOf(vendorB), "opportunity", soon), undefined);
  const teamBox = await inboxOf(team);
  assert.equal(teamBox.counts.bid_closing, undefined);
  assert.equal(teamBox.counts.bid_evaluation, undefined);
  await db.query("update bid_requests set unsealed_at = now(), status = 'evaluation' where id = $1", [sealed]);
  assert.equal(find(await inboxOf(finance), "bid_evaluation", sealed)?.action, "evaluate");
  await db.query("update bid_requests set status = 'cancelled' where id = $1", [sealed]);
  assert.equal(find(await inboxOf(finance), "bid_evaluation", sealed), undefined);
});

Deno.test(`${tag} GET /api/inbox: vendor applications wait for those who may approve them`, async () => {
  const applicant = await createUser(db, "vendor", { vendorStatus: "pending" });
  assert.equal(find(await inboxOf(admin), "vendor_application", applicant.id)?.path, "/dashboard?section=vendors");
  assert.ok(find(await inboxOf(managerA), "vendor_application", applicant.id));
  assert.equal((await inboxOf(finance)).counts.vendor_application, undefined);
  await db.query("update vendor_profiles set status = 'approved' where user_id = $1", [applicant.id]);
  assert.equal(find(await inboxOf(admin), "vendor_application", applicant.id), undefined);
});

Deno.test(`${tag} GET /api/inbox: counts are the kinds' capped counts and the total their sum`, async () => {
  const box = await inboxOf(managerA);
  for (const [kind, n] of Object.entries(box.counts)) {
    assert.ok(n! >= box.items.filter((i) => i.kind === kind).length, kind);
    assert.ok(n! <= 100, kind);
  }
  assert.equal(box.total, Object.values(box.counts).reduce((s, n) => s + n!, 0));
});

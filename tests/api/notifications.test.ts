/**
 * The notification centre, through the API, on both databases: for every event, who finds it in
 * their bell and who must not (other requesters, other vendors, a vendor outside the category, the
 * actor); a sealed bid's quotation says only that one arrived and how many; read, read-all, paging,
 * and another user's notification answering 404. The live stream is tests/api/notifications-live.test.ts.
 */
import assert from "node:assert/strict";
import { runBidClock } from "../../src/features/bids/clock-job.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { notifyUsers } from "../../src/notify/in-app.ts";
import type { NotificationView } from "../../src/shared/notifications.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[notifications/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db);
const OTHER = await createCategory(db);
const team = await as(t, "purchase_team");
const team2 = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const finance2 = await as(t, "cost_finance_controller");
const vendorA = await as(t, "vendor", { categoryIds: [CAT] });
const vendorB = await as(t, "vendor", { categoryIds: [CAT] });
const outsider = await as(t, "vendor", { categoryIds: [OTHER] });
const EVERYONE = { team, team2, manager, finance, finance2, vendorA, vendorB, outsider };
const DAY = 86_400_000;
const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const YEAR = new Date().getUTCFullYear();

type Page = { items: NotificationView[]; unread: number; next: number | null };

async function inbox(s: Session, query = "limit=100"): Promise<Page> {
  return await expectJson<Page>(await s.request(`/api/notifications?${query}`), 200);
}

async function about(s: Session, type: string, kind: string, id: number) {
  return (await inbox(s)).items.filter((n) => n.type === type && n.entityKind === kind && n.entityId === id);
}

/** `told` find exactly one such notification in their bell; everyone else none. */
async function expectTold(type: string, kind: string, id: number, told: Session[]) {
  for (const [name, s] of Object.entries(EVERYONE)) {
    const found = await about(s, type, kind, id);
    assert.equal(found.length, told.includes(s) ? 1 : 0, `${name}: ${type} on ${kind} ${id}`);
  }
  return (await about(told[0], type, kind, id))[0];
}

async function createPr(by: Session, price: string, over: Record<string, unknown> = {}) {
  return await expectJson<{ id: number; requestId: string }>(
    await by.request("/api/purchase-requests", {
      method: "POST",
      json: {
        title: `Notified request ${price}`,
        description: "Notification test",
        department: "Operations",
        justification: "Needed",
        deadline: iso(10 * DAY),
        items: [{ itemName: "Thing", quantity: 1, estimatedPrice: price }],
        ...over,
      },
    }),
    201,
  );
}
const post = (s: Session, path: string, json: unknown = {}) => s.request(path, { method: "POST", json });
const approvePr = (s: Session, id: number) => post(s, `/api/purchase-requests/${id}/approve`, { comment: "ok" });

type Bid = { id: number; bidNumber: string; status: string; items: { id: number }[] };
async function createBid(by: Session, over: Record<string, unknown> = {}): Promise<Bid> {
  return await expectJson<Bid>(
    await by.request("/api/bid-requests", {
      method: "POST",
      json: {
        title: "Notified bid",
        description: "Notification test",
        department: "Facilities",
        qualificationCriteria: "References",
        categoryId: CAT,
        deadline: iso(21 * DAY),
        biddingDeadline: iso(14 * DAY),
        items: [{ itemName: "Desk", quantity: 2, unit: "pcs", estimatedPrice: "100.00", categoryId: CAT }],
        ...over,
      },
    }),
    201,
  );
}
const quote = (v: Session, bid: Bid, unitPrice: string) =>
  post(v, "/api/vendor/quotations", { bidRequestId: bid.id, items: [{ itemId: bid.items[0].id, unitPrice }] });

// ---------------------------------------------------------------------------------------------
// purchase requests

Deno.test(`${tag} a submitted request is in the managers' bells, not the author's, finance's or a vendor's`, async () => {
  const pr = await createPr(team, "50.00");
  const n = await expectTold("approval_requested", "purchase_request", pr.id, [manager]);
  assert.deepEqual(n.params, { number: pr.requestId, title: "Notified request 50.00" });
  assert.equal(n.readAt, null);

  // A draft submitted later is announced then.
  const draft = await createPr(team, "60.00", { status: "draft" });
  assert.equal((await about(manager, "approval_requested", "purchase_request", draft.id)).length, 0);
  await expectJson(
    await team.request(`/api/purchase-requests/${draft.id}/status`, { method: "PUT", json: { status: "pending" } }),
    200,
  );
  await expectTold("approval_requested", "purchase_request", draft.id, [manager]);
});

Deno.test(`${tag} approval: the author is told, not another requester; above the threshold finance is asked next`, async () => {
  const small = await createPr(team, "50.00");
  await expectJson(await approvePr(manager, small.id), 200);
  await expectTold("approved", "purchase_request", small.id, [team]);

  const big = await createPr(team, "20000.00");
  await expectJson(await approvePr(manager, big.id), 200);
  await expectTold("approval_requested", "purchase_request", big.id, [manager, finance, finance2]);
  assert.equal((await about(team, "approved", "purchase_request", big.id)).length, 0, "not approved yet");
  await expectJson(await approvePr(finance, big.id), 200);
  await expectTold("approved", "purchase_request", big.id, [team]);
});

Deno.test(`${tag} a declined request tells its author why; no one else`, async () => {
  const pr = await createPr(team2, "75.00");
  await expectJson(await post(manager, `/api/purchase-requests/${pr.id}/reject`, { comment: "Not  this\nyear" }), 200);
  const n = await expectTold("declined", "purchase_request", pr.id, [team2]);
  assert.equal(n.params.reason, "Not this year");
});

Deno.test(`${tag} a refused change writes no notification: the row is in the change's transaction`, async () => {
  const pr = await createPr(team, "80.00");
  await expectError(await post(team, `/api/purchase-requests/${pr.id}/reject`, { comment: "own" }), 403);
  assert.equal((await about(team, "declined", "purchase_request", pr.id)).length, 0);
  await assert.rejects(
    db.tx(async (tx) => {
      await notifyUsers(tx, [team.user.id], { type: "approved", entity: { kind: "purchase_request", id: pr.id } });
      throw new Error("the change fails after its notification");
    }),
  );
  assert.equal((await about(team, "approved", "purchase_request", pr.id)).length, 0, "rolled back with it");
});

// ---------------------------------------------------------------------------------------------
// budgets

Deno.test(`${tag} an approval that takes a budget past 80% and then to 100% tells finance, once each`, async () => {
  const department = `Notify ${crypto.randomUUID().slice(0, 6)}`;
  const budget = await expectJson<{ id: number }>(
    await post(finance, "/api/budgets", { fiscalYear: YEAR, department, amount: "1000.00" }),
    201,
  );
  const toFinance = async () => await about(finance2, "budget_threshold", "budget", budget.id);
  const first = await createPr(team, "500.00", { department });
  await expectJson(await approvePr(manager, first.id), 200);
  assert.equal((await toFinance()).length, 0, "50%: nothing crossed");
  const second = await createPr(team, "350.00", { department });
  await expectJson(await approvePr(manager, second.id), 200);
  const [eighty] = await toFinance();
  assert.equal(eighty.params.percent, 80);
  assert.equal(eighty.params.remaining, "150.00");
  assert.match(String(eighty.params.budget), new RegExp(department));
  for (const s of [team, manager, vendorA]) {
    assert.equal((await about(s, "budget_threshold", "budget", budget.id)).length, 0, "finance only");
  }
  const third = await createPr(team, "150.00", { department });
  await expectJson(await approvePr(manager, third.id), 200);
  assert.deepEqual((await toFinance()).map((n) => n.params.percent), [100, 80]);
  // Past the budget: the policy asks finance to approve too; the shares were crossed already.
  const fourth = await createPr(team, "0.01", { department });
  await expectJson(await approvePr(manager, fourth.id), 200);
  await expectJson(await approvePr(finance, fourth.id), 200);
  assert.equal((await toFinance()).length, 2, "no third alert past 100%");
});

// ---------------------------------------------------------------------------------------------
// bids

Deno.test(`${tag} a published bid reaches the category's vendors only`, async () => {
  const bid = await createBid(manager);
  assert.equal(bid.status, "bidding_open");
  const n = await expectTold("bid_published", "bid_request", bid.id, [vendorA, vendorB]);
  assert.equal(n.params.number, bid.bidNumber);
});

Deno.test(`${tag} a bid above the threshold: approvals asked, returned to its author with the reason, then approved and published`, async () => {
  const items = [{ itemName: "Crane", quantity: 1, unit: "pcs", estimatedPrice: "50000.00", categoryId: CAT }];
  const bid = await createBid(team, { items });
  assert.equal(bid.status, "pending_approval");
  await expectTold("approval_requested", "bid_request", bid.id, [manager]);
  await expectJson(await post(manager, `/api/bid-requests/${bid.id}/reject`, { comment: "Too vague" }), 200);
  const returned = await expectTold("returned", "bid_request", bid.id, [team]);
  assert.equal(returned.params.reason, "Too vague");

  const next = await createBid(team, { items });
  await expectJson(await post(manager, `/api/bid-requests/${next.id}/approve`), 200);
  for (const s of [finance, finance2]) {
    assert.equal((await about(s, "approval_requested", "bid_request", next.id)).length, 1, "finance next");
  }
  assert.equal((await about(manager, "approval_requested", "bid_request", next.id)).length, 1, "not the manager again");
  assert.equal((await about(vendorA, "bid_published", "bid_request", next.id)).length, 0, "not yet published");
  await expectJson(await post(finance, `/api/bid-requests/${next.id}/approve`), 200);
  await expectTold("approved", "bid_request", next.id, [team]);
  await expectTold("bid_published", "bid_request", next.id, [vendorA, vendorB]);
});

Deno.test(`${tag} an amendment tells the bid's vendors, not a vendor outside its category`, async () => {
  const bid = await createBid(manager);
  const res = await post(manager, `/api/bid-requests/${bid.id}/amendments`, {
    biddingDeadline: iso(20 * DAY),
    clarification: "Desks must be oak.",
  });
  await expectJson(res, 200);
  const n = await expectTold("bid_amended", "bid_request", bid.id, [vendorA, vendorB]);
  assert.equal(n.params.extended, true);
  assert.equal(n.params.clarified, true);
});

Deno.test(`${tag} a quotation on an open bid tells the bid's author who sent it; no other vendor hears`, async () => {
  const bid = await createBid(team);
  await expectJson(await quote(vendorA, bid, "90.00"), 201);
  const n = await expectTold("quotation_received", "bid_request", bid.id, [team]);
  assert.equal(n.params.count, 1);
  assert.match(String(n.params.vendor), /^Vendor Co /);
});

Deno.test(`${tag} a sealed bid's quotation says only that one arrived and how many: no vendor, no price`, async () => {
  const bid = await createBid(team, { biddingMode: "sealed" });
  await expectJson(await quote(vendorA, bid, "91.37"), 201);
  await expectJson(await quote(vendorB, bid, "88.19"), 201);
  const found = await about(team, "quotation_received", "bid_request", bid.id);
  assert.deepEqual(found.map((n) => n.params.count), [2, 1]);
  for (const n of found) {
    assert.deepEqual(Object.keys(n.params).sort(), ["count", "number", "sealed", "title"]);
    assert.equal(n.params.sealed, true);
  }
  const stored = JSON.stringify(
    await db.query("select params from notifications where entity_kind = 'bid_request' and entity_id = $1", [bid.id]),
  );
  for (const secret of ["91.37", "182.74", "88.19", "176.38", "Vendor Co"]) {
    assert.ok(!stored.includes(secret), `${secret} is not in any notification of the sealed bid`);
  }
  for (const s of [vendorA, vendorB, outsider, manager]) {
    assert.equal((await about(s, "quotation_received", "bid_request", bid.id)).length, 0);
  }
});

Deno.test(`${tag} closing early tells the author and the bid's vendors`, async () => {
  const bid = await createBid(team);
  await expectJson(
    await manager.request(`/api/bid-requests/${bid.id}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed", reason: "Enough offers" },
    }),
    200,
  );
  await expectTold("bid_closed", "bid_request", bid.id, [team, vendorA, vendorB]);
});

Deno.test(`${tag} the bid clock: closing within 24 hours told once to the bid's vendors; closed at the deadline`, async () => {
  const logger = createLogger("silent");
  await runBidClock(db, logger);
  const soon = await createBid(team, { biddingDeadline: iso(5 * HOUR) });
  await runBidClock(db, logger);
  await runBidClock(db, logger);
  const n = await expectTold("bid_closing", "bid_request", soon.id, [vendorA, vendorB]);
  assert.equal(n.params.hours, 5);

  const late = await createBid(team);
  await db.query("update bid_requests set bidding_deadline = now() - interval '1 minute' where id = $1", [late.id]);
  const result = await runBidClock(db, logger);
  assert.ok(result.closed.includes(late.id));
  await expectTold("bid_closed", "bid_request", late.id, [team, vendorA, vendorB]);
});

// ---------------------------------------------------------------------------------------------
// award and purchase orders

/** A closed bid of the purchase team quoted by A (cheaper) and B, awarded to A by the manager. */
async function awardedBid() {
  const bid = await createBid(team);
  await expectJson(await quote(vendorA, bid, "90.00"), 201);
  await expectJson(await quote(vendorB, bid, "95.00"), 201);
  await db.query("update bid_requests set bidding_deadline = now() - interval '1 minute' where id = $1", [bid.id]);
  await runBidClock(db, createLogger("silent"));
  const list = await db.query<{ id: number; vendorId: number }>(
    `select id, vendor_id as "vendorId" from quotations where bid_request_id = $1 and is_current`,
    [bid.id],
  );
  const winner = list.find((q) => q.vendorId === vendorA.user.id)!;
  const award = await expectJson<{ purchaseOrder: { id: number; poNumber: string } }>(
    await post(manager, `/api/bid-requests/${bid.id}/award`, { quotationId: winner.id }),
    201,
  );
  return { bid, po: award.purchaseOrder };
}

Deno.test(`${tag} an award: the winner is awarded and gets the order, the other bidder is not awarded`, async () => {
  const { bid, po } = await awardedBid();
  const won = await expectTold("awarded", "bid_request", bid.id, [vendorA]);
  assert.equal(won.params.poNumber, po.poNumber);
  await expectTold("not_awarded", "bid_request", bid.id, [vendorB]);
  const issued = await expectTold("po_issued", "purchase_order", po.id, [vendorA]);
  assert.equal(issued.params.poNumber, po.poNumber);
});

Deno.test(`${tag} the vendor acknowledges or declines: the requester and the issuer are told, not the vendor or others`, async () => {
  const one = await awardedBid();
  await expectJson(
    await post(vendorA, `/api/purchase-orders/${one.po.id}/acknowledge`, { promisedDeliveryDate: "2030-06-01" }),
    200,
  );
  const ack = await expectTold("po_acknowledged", "purchase_order", one.po.id, [team, manager]);
  assert.equal(ack.params.promisedDeliveryDate, "2030-06-01");

  const two = await awardedBid();
  await expectJson(await post(vendorA, `/api/purchase-orders/${two.po.id}/decline`, { reason: "No stock" }), 200);
  const declined = await expectTold("po_declined", "purchase_order", two.po.id, [team, manager]);
  assert.equal(declined.params.reason, "No stock");
});

Deno.test(`${tag} a goods receipt tells the requester and the order's vendor, not another vendor`, async () => {
  const { po } = await awardedBid();
  const detail = await expectJson<{ lines: { id: number; quantity: number }[] }>(
    await manager.request(`/api/purchase-orders/${po.id}`),
    200,
  );
  await expectJson(
    await post(manager, `/api/purchase-orders/${po.id}/receipts`, {
      lines: detail.lines.map((l) => ({ quotationItemId: l.id, quantity: String(l.quantity) })),
    }),
    201,
  );
  const n = await expectTold("receipt_recorded", "purchase_order", po.id, [team, vendorA]);
  assert.equal(n.params.status, "received");
});

// ---------------------------------------------------------------------------------------------
// the list: paging, read, read-all, another's id

Deno.test(`${tag} the list pages newest first; read and read-all change the unread count; another's id is 404`, async () => {
  const all = await inbox(manager);
  assert.ok(all.items.length >= 5, "the manager has several by now");
  assert.equal(all.unread, all.items.filter((n) => n.readAt === null).length);
  const ids = all.items.map((n) => n.id);
  assert.deepEqual(ids, [...ids].sort((a, b) => b - a), "newest first");

  const first = await inbox(manager, "limit=2");
  assert.deepEqual(first.items.map((n) => n.id), ids.slice(0, 2));
  assert.equal(first.next, ids[1]);
  const second = await inbox(manager, `limit=2&before=${first.next}`);
  assert.deepEqual(second.items.map((n) => n.id), ids.slice(2, 4));

  const read = await expectJson<{ unread: number }>(await post(manager, `/api/notifications/${ids[0]}/read`), 200);
  assert.equal(read.unread, all.unread - 1);
  assert.notEqual((await inbox(manager)).items[0].readAt, null);
  // Twice is harmless; the count does not move.
  assert.equal(
    (await expectJson<{ unread: number }>(await post(manager, `/api/notifications/${ids[0]}/read`), 200)).unread,
    read.unread,
  );

  // Another user's notification: 404 as if it did not exist, and it stays unread.
  const theirs = (await inbox(vendorA)).items.find((n) => n.readAt === null)!;
  await expectError(await post(manager, `/api/notifications/${theirs.id}/read`), 404, "notificationCentre.notFound");
  await expectError(await post(manager, "/api/notifications/999999999/read"), 404, "notificationCentre.notFound");
  assert.equal((await inbox(vendorA)).items.find((n) => n.id === theirs.id)!.readAt, null);

  // Read-all up to what was seen leaves a newer one unread.
  const before = (await inbox(vendorB)).items[0].id;
  await notifyUsers(db, [vendorB.user.id], { type: "bid_published", entity: { kind: "bid_request", id: 1 } });
  const upTo = await expectJson<{ marked: number; unread: number }>(
    await post(vendorB, `/api/notifications/read-all?upTo=${before}`),
    200,
  );
  assert.ok(upTo.marked > 0);
  assert.equal(upTo.unread, 1);
  const rest = await expectJson<{ marked: number; unread: number }>(
    await post(vendorB, "/api/notifications/read-all"),
    200,
  );
  assert.deepEqual(rest, { marked: 1, unread: 0 });
  assert.ok((await inbox(vendorA)).unread > 0, "another vendor's are untouched");
});

Deno.test(`${tag} signed out, the list, the stream and marking read answer 401`, async () => {
  for (
    const [method, path] of [["GET", "/api/notifications"], ["GET", "/api/notifications/stream"], [
      "POST",
      "/api/notifications/read-all",
    ]]
  ) {
    const res = await t.app.request(path, { method });
    await expectError(res, 401);
  }
});

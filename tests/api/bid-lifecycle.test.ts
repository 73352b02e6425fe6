/**
 * Approval before bidding and the bid lifecycle (docs/decisions/007-bid-controls.md): conversion of approved
 * requests only, the approval threshold for bids made from scratch (exact boundary), approve and
 * reject, Edit of drafts, amendments of live bids announced to vendors, early close with a reason,
 * and unsealing before the advertised deadline.
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[bid-lifecycle/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db, "Office furniture");
const OTHER = await createCategory(db, "Vehicles");
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const manager2 = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const admin = await as(t, "admin");
const vendor = await as(t, "vendor", { categoryIds: [CAT] });
const vendor2 = await as(t, "vendor", { categoryIds: [CAT] });
const outsider = await as(t, "vendor", { categoryIds: [OTHER] });
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

// Threshold 1,000.00: the boundary tests sit exactly on it and one cent above.
await db.query("update settings set value = '1000.00' where key = 'approval_threshold'");

type Bid = {
  id: number;
  bidNumber: string;
  status: string;
  version: number;
  biddingDeadline: string;
  deadline: string;
  estimatedBudget: string;
  approvalsRequired: number;
  closedEarlyAt: string | null;
  earlyCloseReason: string | null;
  items: { name: string; quantity: number }[];
  history: { action: string; stage: string | null; comment: string; details: Record<string, unknown> }[];
};

function body(over: Record<string, unknown> = {}, price = "100.00") {
  return {
    title: "Meeting room tables",
    description: "Tables for two rooms",
    department: "Facilities",
    qualificationCriteria: "Two years of supply",
    deadline: iso(30 * DAY),
    biddingDeadline: iso(14 * DAY),
    categoryId: CAT,
    items: [{ itemName: "Table", quantity: 10, unit: "pcs", estimatedPrice: price, categoryId: CAT }],
    ...over,
  };
}

async function create(s: Session, over: Record<string, unknown> = {}, price?: string) {
  return await expectJson<Bid>(await s.request("/api/bid-requests", { method: "POST", json: body(over, price) }), 201);
}
const get = async (id: number) => await expectJson<Bid>(await admin.request(`/api/bid-requests/${id}`), 200);
const status = (s: Session, id: number, json: Record<string, unknown>) =>
  s.request(`/api/bid-requests/${id}/status`, { method: "PATCH", json });
const approve = (s: Session, id: number) => s.request(`/api/bid-requests/${id}/approve`, { method: "POST", json: {} });
const count = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;
const mailsTo = async (s: Session, since: number) =>
  await db.query<{ subject: string; body: string }>(
    "select subject, body from notification_outbox where recipient = $1 and id > $2 order by id",
    [s.user.email, since],
  );
const lastOutboxId = async () =>
  (await db.query<{ id: number }>("select coalesce(max(id), 0)::int as id from notification_outbox"))[0].id;

// ------------------------------------------------------------------------------------------------
// Approval before bidding

Deno.test(`${tag} converting a pending (unapproved) purchase request is refused 409; an approved one converts`, async () => {
  const pr = await expectJson<{ id: number; status: string }>(
    await team.request("/api/purchase-requests", {
      method: "POST",
      json: {
        title: "Forty chairs",
        description: "Chairs",
        department: "Facilities",
        justification: "New floor",
        categoryId: CAT,
        requestType: "bid_required",
        items: [{ itemName: "Chair", quantity: 40, unit: "pcs", estimatedPrice: "500.00", categoryId: CAT }],
      },
    }),
    201,
  );
  assert.equal(pr.status, "pending");
  const before = await count("bid_requests");
  const res = await manager.request("/api/bid-requests", { method: "POST", json: body({ purchaseRequestId: pr.id }) });
  const err = await expectError(res, 409, "bids.conversionNotApproved");
  assert.deepEqual(err.params, { status: "pending" });
  assert.equal(await count("bid_requests"), before, "nothing was created");
  assert.equal(
    await count("purchase_request_events where purchase_request_id = $1 and action = 'converted'", [pr.id]),
    0,
  );

  // Approved by a manager and finance (20,000 is above the threshold), it converts and opens at once:
  // it was approved as a request.
  await expectJson(await manager.request(`/api/purchase-requests/${pr.id}/approve`, { method: "POST", json: {} }), 200);
  await expectJson(await finance.request(`/api/purchase-requests/${pr.id}/approve`, { method: "POST", json: {} }), 200);
  const bid = await create(manager, { purchaseRequestId: pr.id });
  assert.equal(bid.status, "bidding_open");
  assert.equal(bid.approvalsRequired, 0);
});

Deno.test(`${tag} a new bid exactly at the threshold publishes; one cent above waits for manager and finance`, async () => {
  const at = await create(team, {}, "100.00"); // 10 x 100.00 = 1,000.00
  assert.equal(at.estimatedBudget, "1000.00");
  assert.equal(at.status, "bidding_open");
  assert.equal(at.approvalsRequired, 0);
  // The Review tab reads the same threshold.
  assert.deepEqual(
    await expectJson(await team.request("/api/bid-requests/approval-rule"), 200),
    { threshold: "1000.00" },
  );

  const above = await create(team, { items: [{ itemName: "Table", quantity: 1, estimatedPrice: "1000.01" }] });
  assert.equal(above.estimatedBudget, "1000.01");
  assert.equal(above.status, "pending_approval");
  assert.equal(above.approvalsRequired, 2);
  assert.deepEqual(above.history.map((h) => h.action), ["submitted"]);
  // Vendors do not see it.
  const seen = await expectJson<{ id: number; kind: string }[]>(await vendor.request("/api/vendor/matching-prs"), 200)
    .catch(() => []);
  assert.ok(!seen.some((x) => x.kind === "bid_request" && x.id === above.id));

  // It cannot be published around the approval.
  await expectError(await status(manager, above.id, { status: "published" }), 409, "bids.approvalRequired");
  // The rule of purchase requests: not one's own, not twice, manager and finance.
  await expectError(await approve(team, above.id), 403);
  const own = await create(manager, { items: [{ itemName: "Desk", quantity: 1, estimatedPrice: "5000" }] });
  await expectError(await approve(manager, own.id), 403, "bids.ownApproval");
  assert.equal((await expectJson<Bid>(await approve(manager, above.id), 200)).status, "pending_approval");
  await expectError(await approve(manager, above.id), 409, "bids.alreadyApproved");
  await expectError(await approve(manager2, above.id), 409, "bids.financeApprovalNeeded");
  const done = await expectJson<Bid>(await approve(finance, above.id), 200);
  assert.equal(done.status, "bidding_open");
  assert.deepEqual(done.history.map((h) => [h.action, h.stage]), [
    ["submitted", null],
    ["approved", "manager"],
    ["approved", "finance"],
  ]);
  await expectError(await approve(admin, above.id), 409, "bids.notPendingApproval");
});

Deno.test(`${tag} a draft above the threshold is submitted for approval by Publish; rejection returns it to draft`, async () => {
  const draft = await create(team, {
    status: "draft",
    items: [{ itemName: "Sofa", quantity: 2, estimatedPrice: 900 }],
  });
  assert.equal(draft.status, "draft");
  const submitted = await expectJson<Bid>(await status(manager, draft.id, { status: "published" }), 200);
  assert.equal(submitted.status, "pending_approval");
  await expectError(
    await finance.request(`/api/bid-requests/${draft.id}/reject`, { method: "POST", json: {} }),
    400,
  );
  const rejected = await expectJson<Bid>(
    await finance.request(`/api/bid-requests/${draft.id}/reject`, {
      method: "POST",
      json: { comment: "Get a second estimate" },
    }),
    200,
  );
  assert.equal(rejected.status, "draft");
  assert.equal(rejected.history.at(-1)?.comment, "Get a second estimate");
  // Submitted again, earlier approvals do not count.
  await expectJson(await status(manager, draft.id, { status: "published" }), 200);
  assert.equal((await expectJson<Bid>(await approve(finance, draft.id), 200)).status, "pending_approval");
  assert.equal((await expectJson<Bid>(await approve(manager2, draft.id), 200)).status, "bidding_open");
});

// ------------------------------------------------------------------------------------------------
// Edit and amendments

Deno.test(`${tag} PUT /api/bid-requests/:id edits a draft, even one whose deadline passed; not an open bid`, async () => {
  const draft = await create(team, { status: "draft" });
  await db.query(
    "update bid_requests set bidding_deadline = now() - interval '2 days', deadline = now() - interval '1 day' where id = $1",
    [draft.id],
  );
  // The dead end of the issue: publishing says the deadline passed...
  await expectError(await status(manager, draft.id, { status: "published" }), 409, "bids.deadlinePassed");
  const cur = await get(draft.id);
  // ...and Edit changes it.
  const edited = await expectJson<Bid>(
    await team.request(`/api/bid-requests/${draft.id}`, {
      method: "PUT",
      json: body({
        version: cur.version,
        title: "Meeting room tables (revised)",
        biddingDeadline: iso(10 * DAY),
        deadline: iso(20 * DAY),
        items: [{ itemName: "Round table", quantity: 4, unit: "pcs", estimatedPrice: "150.00" }],
      }),
    }),
    200,
  );
  assert.deepEqual(edited.items.map((i) => [i.name, i.quantity]), [["Round table", 4]]);
  assert.equal(edited.estimatedBudget, "600.00");
  assert.ok(new Date(edited.biddingDeadline).getTime() > Date.now() + 9 * DAY);
  assert.equal(edited.history.at(-1)?.action, "edited");
  assert.equal(
    (await expectJson<Bid>(await status(manager, draft.id, { status: "published" }), 200)).status,
    "bidding_open",
  );
  // Stale version, and a live bid: refused.
  const stale = await team.request(`/api/bid-requests/${draft.id}`, { method: "PUT", json: body({ version: 1 }) });
  assert.equal(stale.status, 409);
  const live = await get(draft.id);
  await expectError(
    await team.request(`/api/bid-requests/${draft.id}`, { method: "PUT", json: body({ version: live.version }) }),
    409,
    "bids.notEditable",
  );
});

Deno.test(`${tag} an amendment extends the deadline, is announced to every vendor that can see the bid, and is in the history`, async () => {
  const bid = await create(manager);
  const since = await lastOutboxId();
  const later = iso(20 * DAY);
  const res = await manager.request(`/api/bid-requests/${bid.id}/amendments`, {
    method: "POST",
    json: { biddingDeadline: later, clarification: "Tables must seat eight." },
  });
  const amended = await expectJson<Bid>(res, 200);
  assert.equal(new Date(amended.biddingDeadline).toISOString(), later);
  const last = amended.history.at(-1)!;
  assert.equal(last.action, "amended");
  assert.equal(last.comment, "Tables must seat eight.");
  assert.equal(last.details.vendorsNotified, 2);
  for (const v of [vendor, vendor2]) {
    const mails = await mailsTo(v, since);
    assert.equal(mails.length, 1, v.user.email);
    assert.match(mails[0].subject, new RegExp(bid.bidNumber));
    assert.match(mails[0].body, /Tables must seat eight\./);
  }
  assert.equal((await mailsTo(outsider, since)).length, 0, "a vendor outside the category does not see the bid");
  assert.equal(
    await count("audit_logs where action = 'UPDATE' and entity_type = 'bid_request' and entity_id = $1", [
      String(bid.id),
    ]),
    1,
  );
});

Deno.test(`${tag} a sealed bid's amendment reaches a bidder that left the bid's category (its row names no vendor)`, async () => {
  const leaver = await as(t, "vendor", { categoryIds: [CAT] });
  const bid = await create(manager, { biddingMode: "sealed" });
  const full = await expectJson<{ items: { id: number }[] }>(await admin.request(`/api/bid-requests/${bid.id}`), 200);
  await expectJson(
    await leaver.request("/api/vendor/quotations", {
      method: "POST",
      json: { bidRequestId: bid.id, items: [{ itemId: full.items[0].id, unitPrice: "90.00" }] },
    }),
    201,
  );
  assert.equal(await count("quotations where bid_request_id = $1 and vendor_id is null", [bid.id]), 1);
  await db.query("delete from vendor_categories where vendor_id = $1", [leaver.user.id]);
  const since = await lastOutboxId();
  const amended = await expectJson<Bid>(
    await manager.request(`/api/bid-requests/${bid.id}/amendments`, {
      method: "POST",
      json: { biddingDeadline: iso(20 * DAY), clarification: "Sealed clarification." },
    }),
    200,
  );
  assert.equal(amended.history.at(-1)!.details.vendorsNotified, 3);
  assert.equal((await mailsTo(leaver, since)).length, 1, "the bidder outside the category is told");
  assert.equal((await mailsTo(outsider, since)).length, 0);
});

Deno.test(`${tag} an amendment that shortens the deadline, or changes items after a vendor quoted, is refused 409`, async () => {
  const bid = await create(manager);
  const before = await get(bid.id);
  const since = await lastOutboxId();
  const shorter = await manager.request(`/api/bid-requests/${bid.id}/amendments`, {
    method: "POST",
    json: { biddingDeadline: iso(7 * DAY) },
  });
  await expectError(shorter, 409, "bids.deadlineShortened");
  // Past the project deadline is 400 (the project deadline must move too).
  const past = await manager.request(`/api/bid-requests/${bid.id}/amendments`, {
    method: "POST",
    json: { biddingDeadline: iso(40 * DAY) },
  });
  assert.equal(((await expectError(past, 400)).issues as { path: string }[])[0].path, "deadline");
  // Nothing to announce is 400.
  await expectError(
    await manager.request(`/api/bid-requests/${bid.id}/amendments`, { method: "POST", json: {} }),
    400,
    "bids.nothingToAnnounce",
  );
  // Items may change while nobody has quoted...
  const newItems = [{ itemName: "Square table", quantity: 3, estimatedPrice: "200.00" }];
  const changed = await expectJson<Bid>(
    await manager.request(`/api/bid-requests/${bid.id}/amendments`, { method: "POST", json: { items: newItems } }),
    200,
  );
  assert.deepEqual(changed.items.map((i) => [i.name, i.quantity]), [["Square table", 3]]);
  // ...not once a vendor has.
  await db.query(
    `insert into quotations (vendor_id, bid_request_id, status, is_current, total_amount, valid_until)
     values ($1, $2, 'submitted', true, 600, now() + interval '30 days')`,
    [vendor.user.id, bid.id],
  );
  const locked = await manager.request(`/api/bid-requests/${bid.id}/amendments`, {
    method: "POST",
    json: { items: [{ itemName: "Other table", quantity: 3, estimatedPrice: "200.00" }] },
  });
  await expectError(locked, 409, "bids.itemsLocked");
  const after = await get(bid.id);
  assert.equal(after.biddingDeadline, before.biddingDeadline);
  assert.deepEqual(after.items.map((i) => i.name), ["Square table"]);
  // Only the one accepted amendment was announced.
  assert.equal((await mailsTo(vendor, since)).length, 1);
  // A closed bid takes no amendment.
  await db.query("update bid_requests set status = 'bidding_closed' where id = $1", [bid.id]);
  await expectError(
    await manager.request(`/api/bid-requests/${bid.id}/amendments`, {
      method: "POST",
      json: { biddingDeadline: iso(40 * DAY), deadline: iso(50 * DAY) },
    }),
    409,
    "bids.notEditable",
  );
});

// ------------------------------------------------------------------------------------------------
// Early close and unsealing

Deno.test(`${tag} closing bidding before the deadline needs a reason (400); with one, vendors are told`, async () => {
  const bid = await create(manager);
  await expectError(await status(manager, bid.id, { status: "bidding_closed" }), 400, "bids.closeReasonRequired");
  await expectError(
    await status(manager, bid.id, { status: "bidding_closed", reason: "   " }),
    400,
    "bids.closeReasonRequired",
  );
  assert.equal((await get(bid.id)).status, "bidding_open", "nothing changed");
  const since = await lastOutboxId();
  const closed = await expectJson<Bid>(
    await status(manager, bid.id, { status: "bidding_closed", reason: "Budget withdrawn by the board" }),
    200,
  );
  assert.equal(closed.status, "bidding_closed");
  assert.equal(closed.earlyCloseReason, "Budget withdrawn by the board");
  assert.ok(closed.closedEarlyAt);
  const event = closed.history.at(-1)!;
  assert.equal(event.action, "closed_early");
  assert.ok(Number(event.details.remainingMs) > 13 * DAY, "the time vendors still had is recorded");
  for (const v of [vendor, vendor2]) {
    const mails = await mailsTo(v, since);
    assert.equal(mails.length, 1);
    assert.match(mails[0].body, /Budget withdrawn by the board/);
  }
  assert.equal((await mailsTo(outsider, since)).length, 0);
});

Deno.test(`${tag} early close of a sealed bid: reason audited; unsealing before the deadline needs such a close`, async () => {
  const sealed = await create(manager, { biddingMode: "sealed" });
  // Closed without an early-close record (as the clock or an old version would have left it), before the deadline:
  const other = await create(manager, { biddingMode: "sealed" });
  await db.query("update bid_requests set status = 'bidding_closed' where id = $1", [other.id]);
  await expectError(
    await manager.request(`/api/bid-requests/${other.id}/unseal`, { method: "POST" }),
    409,
    "bids.unsealBeforeDeadline",
  );

  await expectError(await status(finance, sealed.id, { status: "bidding_closed" }), 400, "bids.closeReasonRequired");
  // The purchase team lacks sealed_bidding.manage.
  await expectError(await status(team, sealed.id, { status: "bidding_closed", reason: "Hurry" }), 403);
  await expectJson(
    await status(finance, sealed.id, { status: "bidding_closed", reason: "All three invited vendors submitted" }),
    200,
  );
  const [entry] = await db.query<{ user_id: number; metadata: Record<string, unknown> }>(
    `select user_id, metadata from audit_logs where action = 'STATUS_CHANGE' and entity_type = 'bid_request'
        and entity_id = $1 order by id desc limit 1`,
    [String(sealed.id)],
  );
  assert.equal(entry.user_id, finance.user.id);
  assert.equal(entry.metadata.reason, "All three invited vendors submitted");
  assert.equal(entry.metadata.closedEarly, true);
  // Closed early with a reason: it may be unsealed before the advertised deadline.
  await expectJson(await manager.request(`/api/bid-requests/${sealed.id}/unseal`, { method: "POST" }), 200);
});

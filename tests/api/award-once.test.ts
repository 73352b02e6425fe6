/**
 * One award per need (docs/decisions/007-bid-controls.md): a purchase request and the bid requests made from it share
 * one award. Run on PGlite and on PostgreSQL (--only=postgres), where the two award routes really
 * run at the same time on separate connections.
 */
import assert from "node:assert/strict";
import { fromCents, toCents } from "../../src/shared/money.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[award-once/${testBackend()}]`;
const YEAR = new Date().getUTCFullYear();

const t = await testApp();
Deno.test.afterAll(t.close);
const db = t.db;
const categoryId = await createCategory(db);
const admin = await as(t, "admin");
const pm = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const vendors = [await as(t, "vendor"), await as(t, "vendor"), await as(t, "vendor"), await as(t, "vendor")];

let seq = 0;
const ITEMS = [{ name: "Chair", quantity: 40 }];

async function insertPr() {
  const n = ++seq;
  const number = `PR-${YEAR}-${String(7000 + n).padStart(4, "0")}`;
  const [{ id }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, deadline, created_by)
     values ($1, $2, 'active', 'vendor_quote', $3, now() + interval '14 days', $4) returning id`,
    [number, `Chairs ${n}`, categoryId, admin.user.id],
  );
  const [item] = await db.query<{ id: number }>(
    `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, category_id)
     values ($1, 0, 'Chair', 40, 'pcs', $2) returning id`,
    [id, categoryId],
  );
  return { id, itemIds: [item.id], number };
}

async function insertBid(prId: number | null, status = "bidding_closed") {
  const n = ++seq;
  const number = `BR-${YEAR}-${String(7000 + n).padStart(4, "0")}`;
  const [{ id }] = await db.query<{ id: number }>(
    `insert into bid_requests (bid_number, purchase_request_id, title, description, department, category_id, deadline,
        bidding_deadline, status, qualification_criteria, created_by)
     values ($1, $2, $3, 'Description', 'Facilities', $4, now() + interval '30 days', now() - interval '1 day', $5,
        'ISO 9001', $6) returning id`,
    [number, prId, `Chairs bid ${n}`, categoryId, status, admin.user.id],
  );
  const [item] = await db.query<{ id: number }>(
    `insert into bid_request_items (bid_request_id, position, name, quantity, unit, category_id)
     values ($1, 0, 'Chair', 40, 'pcs', $2) returning id`,
    [id, categoryId],
  );
  return { id, itemIds: [item.id], number };
}

async function insertQuote(vendor: Session, target: { pr?: number; bid?: number; itemId: number }, price: string) {
  const total = fromCents(toCents(price)! * ITEMS[0].quantity);
  const [{ id }] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, bid_request_id, status, is_current, total_amount, valid_until)
     values ($1, $2, $3, 'submitted', true, $4::numeric, now() + interval '30 days') returning id`,
    [vendor.user.id, target.pr ?? null, target.bid ?? null, total],
  );
  await db.query(
    `insert into quotation_items (quotation_id, purchase_request_item_id, bid_request_item_id, name, quantity, unit,
        unit_price, total_price)
     values ($1, $2, $3, 'Chair', 40, 'pcs', $4::numeric, $5::numeric)`,
    [id, target.pr ? target.itemId : null, target.bid ? target.itemId : null, price, total],
  );
  return id;
}

/** A request converted into a bid, with quotations on both (as happened before the fix). */
async function convertedNeed() {
  const pr = await insertPr();
  const direct = await insertQuote(vendors[0], { pr: pr.id, itemId: pr.itemIds[0] }, "100.00");
  await insertQuote(vendors[1], { pr: pr.id, itemId: pr.itemIds[0] }, "110.00");
  const bid = await insertBid(pr.id);
  const viaBid = await insertQuote(vendors[2], { bid: bid.id, itemId: bid.itemIds[0] }, "95.00");
  await insertQuote(vendors[3], { bid: bid.id, itemId: bid.itemIds[0] }, "99.00");
  return { pr, bid, direct, viaBid };
}

const count = async (sql: string, params: unknown[]) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;

const award = (s: Session, kind: "purchase-requests" | "bid-requests", id: number, quotationId: number) =>
  s.request(`/api/${kind}/${id}/award`, { method: "POST", json: { quotationId } });

Deno.test(`${tag} concurrent awards through the request and its bid: exactly one wins, one PO, one set of emails`, async () => {
  const { pr, bid, direct, viaBid } = await convertedNeed();
  const outboxBefore = await count("notification_outbox", []);
  const [a, b] = await Promise.all([
    award(pm, "purchase-requests", pr.id, direct),
    award(finance, "bid-requests", bid.id, viaBid),
  ]);
  const statuses = [a.status, b.status].sort();
  assert.deepEqual(statuses, [201, 409], `one award wins: ${await a.clone().text()} / ${await b.clone().text()}`);
  // The request was converted: it answers through its bid, so the bid's award is the one.
  await expectJson(b, 201);
  await expectError(a, 409, "award.convertedToBid");
  assert.equal(
    await count("purchase_orders where purchase_request_id = $1 or bid_request_id = $2", [pr.id, bid.id]),
    1,
  );
  assert.equal(await count("awards where purchase_request_id = $1", [pr.id]), 1);
  // Outcome emails: the bid's two vendors, once each; the request's direct vendors get nothing twice.
  const mails = await db.query<{ recipient: string; subject: string }>(
    "select recipient, subject from notification_outbox order by id offset $1",
    [outboxBefore],
  );
  const emails = await db.query<{ email: string }>("select email from users where id = any($1::int[])", [[
    vendors[2].user.id,
    vendors[3].user.id,
  ]]);
  assert.deepEqual(mails.map((m) => m.recipient).sort(), emails.map((e) => e.email).sort());
  assert.equal(mails.filter((m) => m.subject.includes("approved")).length, 1);
  const [{ status }] = await db.query<{ status: string }>("select status from purchase_requests where id = $1", [
    pr.id,
  ]);
  assert.equal(status, "completed", "the request is closed with its bid");
});

Deno.test(`${tag} a converted request refuses direct review and award (409); a second award anywhere is 409`, async () => {
  const { pr, bid, direct, viaBid } = await convertedNeed();
  await expectError(
    await pm.request(`/api/quotations/${direct}/status`, { method: "PATCH", json: { status: "under_review" } }),
    409,
    "award.convertedToBid",
  );
  await expectError(
    await pm.request(`/api/quotations/${direct}/status`, { method: "PATCH", json: { status: "approved" } }),
    409,
    "award.convertedToBid",
  );
  await expectError(await award(pm, "purchase-requests", pr.id, direct), 409, "award.convertedToBid");
  await expectJson(await award(pm, "bid-requests", bid.id, viaBid), 201);
  // A second award of the same bid, and of the request after its bid was awarded.
  assert.equal((await award(pm, "bid-requests", bid.id, viaBid)).status, 409);
  assert.equal((await award(pm, "purchase-requests", pr.id, direct)).status, 409);
  // Even with the bid cancelled afterwards, the need keeps its one award.
  await db.query("update bid_requests set status = 'cancelled' where id = $1", [bid.id]);
  await db.query("update purchase_requests set status = 'active' where id = $1", [pr.id]);
  const again = await expectError(await award(pm, "purchase-requests", pr.id, direct), 409, "award.alreadyAwarded");
  assert.match(again.message, /PO-\d{4}-\d{4}/);
  assert.equal(await count("purchase_orders where purchase_request_id = $1", [pr.id]), 1);
});

Deno.test(`${tag} concurrent awards of one bid: exactly one wins`, async () => {
  const bid = await insertBid(null);
  const q1 = await insertQuote(vendors[0], { bid: bid.id, itemId: bid.itemIds[0] }, "95.00");
  const q2 = await insertQuote(vendors[1], { bid: bid.id, itemId: bid.itemIds[0] }, "95.00");
  const results = await Promise.all([
    award(pm, "bid-requests", bid.id, q1),
    award(finance, "bid-requests", bid.id, q2),
  ]);
  assert.deepEqual(results.map((r) => r.status).sort(), [201, 409]);
  assert.equal(await count("purchase_orders where bid_request_id = $1", [bid.id]), 1);
});

Deno.test(`${tag} the database refuses a second award of one need, whatever the code does`, async () => {
  const { pr, bid } = await convertedNeed();
  const [q1, q2] = await db.query<{ id: number; vendor: number }>(
    `select id, vendor_id as vendor from quotations where purchase_request_id = $1 or bid_request_id = $2 order by id
      limit 2`,
    [pr.id, bid.id],
  );
  const po = async (quotationId: number, vendorId: number, n: number) =>
    (await db.query<{ id: number }>(
      `insert into purchase_orders (po_number, quotation_id, vendor_id, purchase_request_id, total_amount, created_by)
       values ($1, $2, $3, $4, 1, $5) returning id`,
      [`PO-${YEAR}-${String(9000 + n + seq * 10).padStart(4, "0")}`, quotationId, vendorId, pr.id, admin.user.id],
    ))[0].id;
  const po1 = await po(q1.id, q1.vendor, 1);
  const po2 = await po(q2.id, q2.vendor, 2);
  await db.query(
    "insert into awards (purchase_request_id, purchase_order_id, quotation_id) values ($1, $2, $3)",
    [pr.id, po1, q1.id],
  );
  await assert.rejects(
    db.query(
      "insert into awards (purchase_request_id, bid_request_id, purchase_order_id, quotation_id) values ($1, $2, $3, $4)",
      [pr.id, bid.id, po2, q2.id],
    ),
    (e: { code?: string }) => e.code === "23505",
  );
});

Deno.test(`${tag} awarding a quotation that is not the best by the evaluation method needs a justification`, async () => {
  const bid = await insertBid(null);
  const best = await insertQuote(vendors[0], { bid: bid.id, itemId: bid.itemIds[0] }, "90.00");
  const dearer = await insertQuote(vendors[1], { bid: bid.id, itemId: bid.itemIds[0] }, "120.00");
  const without = await expectError(
    await award(pm, "bid-requests", bid.id, dearer),
    400,
    "award.justificationRequired",
  );
  assert.equal((without.issues as { path: string }[])[0].path, "justification");
  assert.equal(await count("purchase_orders where bid_request_id = $1", [bid.id]), 0, "nothing changed");
  await expectError(
    await pm.request(`/api/quotations/${dearer}/status`, { method: "PATCH", json: { status: "approved" } }),
    400,
    "award.justificationRequired",
  );
  const res = await pm.request(`/api/bid-requests/${bid.id}/award`, {
    method: "POST",
    json: { quotationId: dearer, justification: "The cheaper offer cannot deliver before the office opens" },
  });
  await expectJson(res, 201);
  const [entry] = await db.query<{ metadata: Record<string, unknown> }>(
    "select metadata from audit_logs where action = 'AWARD' and entity_type = 'bid_request' and entity_id = $1",
    [String(bid.id)],
  );
  assert.equal(entry.metadata.justification, "The cheaper offer cannot deliver before the office opens");
  assert.equal(entry.metadata.rank, 2);
  assert.deepEqual(entry.metadata.bestQuotationIds, [best]);

  // The best one needs no justification.
  const other = await insertBid(null);
  const cheapest = await insertQuote(vendors[2], { bid: other.id, itemId: other.itemIds[0] }, "80.00");
  await insertQuote(vendors[3], { bid: other.id, itemId: other.itemIds[0] }, "81.00");
  await expectJson(await award(pm, "bid-requests", other.id, cheapest), 201);
});

Deno.test(`${tag} technical merit: the highest score is the best, a cheaper lower-scored offer needs a justification`, async () => {
  const bid = await insertBid(null);
  await db.query("update bid_requests set evaluation_method = 'technical_merit' where id = $1", [bid.id]);
  const strong = await insertQuote(vendors[0], { bid: bid.id, itemId: bid.itemIds[0] }, "120.00");
  const cheap = await insertQuote(vendors[1], { bid: bid.id, itemId: bid.itemIds[0] }, "90.00");
  await db.query("update quotations set technical_score = 90 where id = $1", [strong]);
  await db.query("update quotations set technical_score = 60 where id = $1", [cheap]);
  await expectError(await award(pm, "bid-requests", bid.id, cheap), 400, "award.justificationRequired");
  await expectJson(await award(pm, "bid-requests", bid.id, strong), 201);
});

Deno.test(`${tag} an expired quotation cannot be awarded (409, nothing changes); the next valid one needs no justification`, async () => {
  const expire = (id: number) =>
    db.query("update quotations set valid_until = now() - interval '2 days' where id = $1", [id]);
  // Through a purchase request, a bid request and the quotation's own approval: each refuses it.
  const pr = await insertPr();
  const stale = await insertQuote(vendors[0], { pr: pr.id, itemId: pr.itemIds[0] }, "70.00");
  const fresh = await insertQuote(vendors[1], { pr: pr.id, itemId: pr.itemIds[0] }, "75.00");
  await expire(stale);
  const refused = await expectError(await award(pm, "purchase-requests", pr.id, stale), 409, "award.quotationExpired");
  assert.match(String(refused.message), /expired on \d{4}-\d\d-\d\d; ask the vendor to extend its validity/);
  await expectError(
    await pm.request(`/api/quotations/${stale}/status`, { method: "PATCH", json: { status: "approved" } }),
    409,
    "award.quotationExpired",
  );
  const bid = await insertBid(null);
  const staleBid = await insertQuote(vendors[2], { bid: bid.id, itemId: bid.itemIds[0] }, "60.00");
  await insertQuote(vendors[3], { bid: bid.id, itemId: bid.itemIds[0] }, "65.00");
  await expire(staleBid);
  await expectError(await award(pm, "bid-requests", bid.id, staleBid), 409, "award.quotationExpired");
  assert.equal(
    await count("purchase_orders where purchase_request_id = $1 or bid_request_id = $2", [pr.id, bid.id]),
    0,
  );
  assert.equal(await count("quotations where id = any($1) and status <> 'submitted'", [[stale, fresh, staleBid]]), 0);
  // The cheaper offer has lapsed: the dearer valid one is the best there is, no justification asked.
  await expectJson(await award(pm, "purchase-requests", pr.id, fresh), 201);
});

Deno.test(`${tag} staff ask the vendor to extend an expired quotation; the vendor extends it and it can be awarded`, async () => {
  const pr = await insertPr();
  const stale = await insertQuote(vendors[0], { pr: pr.id, itemId: pr.itemIds[0] }, "50.00");
  const fresh = await insertQuote(vendors[1], { pr: pr.id, itemId: pr.itemIds[0] }, "55.00");
  await db.query("update quotations set valid_until = now() - interval '1 day' where id = $1", [stale]);
  const ask = (s: Session, id: number) => s.request(`/api/quotations/${id}/request-extension`, { method: "POST" });
  const extend = (s: Session, id: number, validityDays: unknown) =>
    s.request(`/api/vendor/quotations/${id}/validity`, { method: "PUT", json: { validityDays } });

  // A quotation valid for weeks more is not asked; a vendor cannot ask.
  await expectError(await ask(pm, fresh), 409, "quotations.notExpiring");
  assert.equal((await ask(vendors[0], stale)).status, 403);
  await expectJson(await ask(pm, stale), 200);
  const [mail] = await db.query<{ subject: string; body: string }>(
    "select subject, body from notification_outbox where recipient = $1 and template = 'quotation_extension_requested'",
    [vendors[0].user.email],
  );
  assert.equal(mail.subject, `Please extend your quotation for ${pr.number}`);
  assert.match(mail.body, /a quotation past its validity cannot be awarded/);
  const requested = async () =>
    (await db.query<{ at: Date | null }>("select extension_requested_at as at from quotations where id = $1", [stale]))[
      0
    ].at;
  assert.ok(await requested());

  // Only its own vendor extends it, by 1 to 365 days; the prices stay.
  assert.equal((await extend(vendors[1], stale, 30)).status, 404);
  assert.equal((await expectError(await extend(vendors[0], stale, 0), 400)).code, "generic.validation");
  const extended = await expectJson<{ validUntil: string; totalAmount: string }>(
    await extend(vendors[0], stale, 30),
    200,
  );
  const days = (Date.parse(extended.validUntil) - Date.now()) / 86_400_000;
  assert.ok(days > 29.9 && days <= 30, `valid for ${days} days`);
  assert.equal(await requested(), null);
  const [{ total }] = await db.query<{ total: string }>(
    "select total_amount::text as total from quotations where id = $1",
    [stale],
  );
  assert.equal(total, "2000.00");

  await expectJson(await award(pm, "purchase-requests", pr.id, stale), 201);
  await expectError(await extend(vendors[0], stale, 10), 409, "quotations.requestClosed");
});

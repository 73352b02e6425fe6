/**
 * The readable history of each document (src/audit/history.ts): what the sentences are made of, who
 * may read which document's history, and that nothing a sealed bid hides appears in any answer.
 */
import assert from "node:assert/strict";
import { fromCents, toCents } from "../../src/shared/money.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[history/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db, "History furniture");
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const admin = await as(t, "admin");
const vendorA = await as(t, "vendor", { categoryIds: [CAT] });
const vendorB = await as(t, "vendor", { categoryIds: [CAT] });
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const YEAR = new Date().getUTCFullYear();

type Entry = {
  id: number;
  at: string;
  actor: { id: number; name: string } | null;
  action: string;
  entity: { kind: string; id: string | null; number: string | null; title: string | null } | null;
  params: Record<string, string | number | boolean | null>;
  changes: { field: string; from: unknown; to: unknown }[];
};

const history = async (s: Session, path: string) => await expectJson<Entry[]>(await s.request(path), 200);
const names = new Map((await db.query<{ id: number; name: string }>(
  "select id, coalesce(nullif(btrim(first_name || ' ' || last_name), ''), email) as name from users",
)).map((u) => [u.id, u.name]));
const nameOf = (s: Session) => names.get(s.user.id);

Deno.test.beforeAll(async () => {
  await db.query("update settings set value = '10000.00' where key = 'approval_threshold'");
});

Deno.test(`${tag} GET /api/purchase-requests/:id/history: two approvals with a comment read as level 1 of 2 and 2 of 2`, async () => {
  const pr = await expectJson<{ id: number; requestId: string }>(
    await team.request("/api/purchase-requests", {
      method: "POST",
      json: {
        title: "Conference chairs",
        description: "Two-level approval",
        department: "Operations",
        justification: "Needed",
        deadline: iso(10 * DAY),
        items: [{ itemName: "Chair", quantity: 100, estimatedPrice: "150.00" }],
      },
    }),
    201,
  );
  await expectJson(
    await manager.request(`/api/purchase-requests/${pr.id}/approve`, {
      method: "POST",
      json: { comment: "Fits the plan" },
    }),
    200,
  );
  await expectJson(await finance.request(`/api/purchase-requests/${pr.id}/approve`, { method: "POST", json: {} }), 200);

  const res = await manager.request(`/api/purchase-requests/${pr.id}/history`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /application\/json/);
  const entries = await res.json() as Entry[];
  assert.deepEqual(entries.map((e) => e.action), ["created", "approved", "approved"]);
  const [created, first, second] = entries;
  assert.deepEqual(created.entity, {
    kind: "purchase_request",
    id: String(pr.id),
    number: pr.requestId,
    title: "Conference chairs",
  });
  assert.deepEqual(created.actor, { id: team.user.id, name: nameOf(team) });
  assert.deepEqual(first.actor, { id: manager.user.id, name: nameOf(manager) });
  assert.equal(first.params.level, 1);
  assert.equal(first.params.of, 2);
  assert.equal(first.params.comment, "Fits the plan");
  assert.equal(first.params.stage, "manager");
  assert.deepEqual(first.changes, [], "the first of two approvals moves nothing");
  assert.equal(second.params.level, 2);
  assert.equal(second.params.of, 2);
  assert.equal(second.params.comment, undefined, "no comment given, none quoted");
  assert.deepEqual(second.changes, [{ field: "status", from: "pending", to: "active" }]);
  assert.ok(entries.every((e) => !Number.isNaN(Date.parse(e.at))));

  // The admin audit log carries the same entry beside the raw row (its export keeps the raw JSON).
  const log = await expectJson<{ entityType: string; entityId: string; metadata: unknown; entry: Entry }[]>(
    await admin.request(`/api/admin/audit-logs?range=24h&userId=${manager.user.id}&action=APPROVE`),
    200,
  );
  const row = log.find((r) => r.entityType === "purchase_request" && r.entityId === String(pr.id));
  assert.ok(row, "the approval is in the audit log");
  assert.deepEqual(row.entry, first);
});

Deno.test(`${tag} GET /api/purchase-requests/:id/history: 404 for no such request; vendors 403`, async () => {
  await expectError(await manager.request("/api/purchase-requests/999999/history"), 404);
  await expectError(await vendorA.request("/api/purchase-requests/1/history"), 403);
});

/** An active request quoted by `vendor` and awarded by the manager: its purchase order. */
async function awardedOrder(vendor: Session, n: number) {
  const [{ id: prId }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, deadline, created_by)
     values ($1, $2, 'active', 'vendor_quote', $3, '2030-06-15T00:00:00Z', $4) returning id`,
    [`PR-${YEAR}-${String(7700 + n).padStart(4, "0")}`, `Desks ${n}`, CAT, team.user.id],
  );
  const price = "250.00", quantity = 4;
  const total = fromCents(toCents(price)! * quantity);
  const [{ id: quotationId }] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, status, is_current, total_amount, valid_until)
     values ($1, $2, 'submitted', true, $3::numeric, now() + interval '30 days') returning id`,
    [vendor.user.id, prId, total],
  );
  const [{ id: itemId }] = await db.query<{ id: number }>(
    `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, category_id)
     values ($1, 0, 'Desk', $2, 'pcs', $3) returning id`,
    [prId, quantity, CAT],
  );
  await db.query(
    `insert into quotation_items (quotation_id, purchase_request_item_id, name, quantity, unit, unit_price, total_price)
     values ($1, $2, 'Desk', $3, 'pcs', $4::numeric, $5::numeric)`,
    [quotationId, itemId, quantity, price, total],
  );
  const award = await expectJson<{ purchaseOrder: { id: number; poNumber: string } }>(
    await manager.request(`/api/purchase-requests/${prId}/award`, { method: "POST", json: { quotationId } }),
    201,
  );
  return { ...award.purchaseOrder, total, quotationId };
}

Deno.test(`${tag} GET /api/purchase-orders/:id/history: issue and acknowledgement; its vendor reads it, another vendor gets 404`, async () => {
  const po = await awardedOrder(vendorA, 1);
  await expectJson(
    await vendorA.request(`/api/purchase-orders/${po.id}/acknowledge`, {
      method: "POST",
      json: { promisedDeliveryDate: "2030-06-01" },
    }),
    200,
  );
  const staff = await history(manager, `/api/purchase-orders/${po.id}/history`);
  assert.deepEqual(staff.map((e) => e.action), ["issued", "acknowledged"]);
  const [issued, acknowledged] = staff;
  assert.equal(issued.entity?.number, po.poNumber);
  const [{ company }] = await db.query<{ company: string }>(
    "select company_name as company from vendor_profiles where user_id = $1",
    [vendorA.user.id],
  );
  assert.equal(issued.entity?.title, company);
  assert.equal(issued.params.amount, po.total);
  assert.equal(issued.params.vendor, company, "the vendor by name, not its id");
  assert.ok(!("vendorId" in issued.params) && !("quotationId" in issued.params));
  assert.deepEqual(acknowledged.actor?.id, vendorA.user.id);
  assert.equal(acknowledged.params.promisedDeliveryDate, "2030-06-01");
  assert.deepEqual(acknowledged.changes, [{ field: "status", from: "issued", to: "acknowledged" }]);

  assert.deepEqual(await history(vendorA, `/api/purchase-orders/${po.id}/history`), staff);
  await expectError(await vendorB.request(`/api/purchase-orders/${po.id}/history`), 404);
  await expectError(await manager.request("/api/purchase-orders/999999/history"), 404);
});

Deno.test(`${tag} a vendor's order history leaves out the goods receipts (staff's own record)`, async () => {
  const po = await awardedOrder(vendorA, 2);
  await expectJson(
    await vendorA.request(`/api/purchase-orders/${po.id}/acknowledge`, { method: "POST", json: {} }),
    200,
  );
  const [line] = await db.query<{ id: number }>("select id from quotation_items where quotation_id = $1", [
    po.quotationId,
  ]);
  await expectJson(
    await team.request(`/api/purchase-orders/${po.id}/receipts`, {
      method: "POST",
      json: { lines: [{ quotationItemId: line.id, quantity: 1 }] },
    }),
    201,
  );
  assert.ok(
    (await history(manager, `/api/purchase-orders/${po.id}/history`)).some((e) => e.action === "goodsReceived"),
  );
  assert.deepEqual((await history(vendorA, `/api/purchase-orders/${po.id}/history`)).map((e) => e.action), [
    "issued",
    "acknowledged",
  ]);
});

// A sealed bid with one submission: nothing about who bid or what may appear before unsealing.
const SEALED_PRICE = "4321.09";
const sealed = await expectJson<{ id: number; bidNumber: string; items: { id: number }[] }>(
  await manager.request("/api/bid-requests", {
    method: "POST",
    json: {
      title: "Sealed history tender",
      description: "Sealed",
      department: "Facilities",
      qualificationCriteria: "References",
      biddingMode: "sealed",
      categoryId: CAT,
      deadline: iso(21 * DAY),
      biddingDeadline: iso(14 * DAY),
      items: [{ itemName: "Cabinet", quantity: 1, unit: "pcs", estimatedPrice: "5000.00", categoryId: CAT }],
    },
  }),
  201,
);
const sealedQuote = await expectJson<{ id: number }>(
  await vendorB.request("/api/vendor/quotations", {
    method: "POST",
    json: {
      bidRequestId: sealed.id,
      items: [{ itemId: sealed.items[0].id, unitPrice: SEALED_PRICE }],
      notes: "HIDDEN",
    },
  }),
  201,
);
const vendorBName = (await db.query<{ name: string }>(
  "select company_name as name from vendor_profiles where user_id = $1",
  [vendorB.user.id],
))[0].name;

/** Nothing of the sealed submission (who, what) in a body. */
function assertNothingSealed(body: string, where: string) {
  for (const secret of [SEALED_PRICE, "HIDDEN", vendorB.user.email, vendorBName]) {
    assert.ok(!body.includes(secret), `${where} shows ${secret}`);
  }
}

Deno.test(`${tag} GET /api/quotations/:id/history of a sealed bid is 403 before unsealing; nothing sealed in any answer`, async () => {
  await expectError(await manager.request(`/api/quotations/${sealedQuote.id}/history`), 403);
  const bidHistory = await manager.request(`/api/bid-requests/${sealed.id}/history`);
  assert.equal(bidHistory.status, 200);
  assertNothingSealed(await bidHistory.text(), "the bid's history");
  const log = await admin.request("/api/admin/audit-logs?range=24h&limit=100");
  assert.equal(log.status, 200);
  // The vendor's own sign-in is its own entry; every entry about a document must say nothing of the bid.
  const rows = (await log.json() as { entityType: string; entry: Entry }[]).filter((r) => r.entityType !== "user");
  assertNothingSealed(JSON.stringify(rows), "the audit log");
  const withheld = rows.filter((r) => r.entry.action === "sealedSubmission");
  assert.ok(withheld.length >= 1, "the sealed submission is listed, withheld");
  for (const r of withheld) {
    assert.equal(r.entry.actor, null);
    assert.deepEqual(r.entry.params, {});
    assert.deepEqual(r.entry.changes, []);
    assert.equal(r.entry.entity?.id, null);
  }
});

Deno.test(`${tag} after unsealing, the quotation's history is readable and names its vendor`, async () => {
  await expectJson(
    await manager.request(`/api/bid-requests/${sealed.id}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed", reason: "Closed for the history test" },
    }),
    200,
  );
  await expectJson(await manager.request(`/api/bid-requests/${sealed.id}/unseal`, { method: "POST" }), 200);
  await expectJson(
    await manager.request(`/api/quotations/${sealedQuote.id}/evaluation`, {
      method: "PUT",
      json: { technicalScore: 80, comment: "Solid" },
    }),
    200,
  );
  const entries = await history(manager, `/api/quotations/${sealedQuote.id}/history`);
  const evaluated = entries.find((e) => e.action === "evaluated");
  assert.ok(evaluated, `an evaluation entry in ${JSON.stringify(entries.map((e) => e.action))}`);
  assert.equal(evaluated.entity?.number, sealed.bidNumber);
  assert.equal(evaluated.entity?.title, vendorBName);
  assert.deepEqual(evaluated.changes, [{ field: "technicalScore", from: null, to: 80 }]);
  const bid = await history(manager, `/api/bid-requests/${sealed.id}/history`);
  // The evaluation moved the bid into evaluation: the last entry.
  assert.deepEqual(bid.map((e) => e.action), ["created", "closedEarly", "unsealed", "statusChanged"]);
  assert.deepEqual(bid[3].changes, [{ field: "status", from: "bidding_closed", to: "evaluation" }]);
  assert.equal(bid[1].params.comment, "Closed for the history test");
  await expectError(await vendorB.request(`/api/quotations/${sealedQuote.id}/history`), 403);
});

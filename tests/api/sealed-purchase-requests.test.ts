/**
 * docs/decisions/005-sealed-purchase-requests.md: sealed bidding is a bid request
 * mode only. A purchase request cannot be marked sealed (API and database), requests marked sealed
 * before are migrated to open with an audit entry and a history event, vendors never see
 * `biddingMode: sealed` on a purchase request, and converting a request into a bid lets the bid be sealed.
 */
import assert from "node:assert/strict";
import { migrate, readMigrationFiles } from "../../src/db/migrate.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { emptyDb, testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";

const tag = `[sealed-purchase-requests/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db, "Sealed PR stationery");
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const vendor = await as(t, "vendor", { categoryIds: [CAT] });
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const MESSAGE = "Sealed bidding is for bid requests: create the request open and convert it into a sealed bid request";

const fullBody = (over: Record<string, unknown> = {}) => ({
  title: "Sealed-looking request",
  description: "d",
  department: "Ops",
  justification: "j",
  requestType: "bid_required",
  categoryId: CAT,
  deadline: iso(10 * DAY),
  items: [{ itemName: "Paper", quantity: 2, unit: "box", estimatedPrice: "20.00", categoryId: CAT }],
  ...over,
});
const count = async () => (await db.query<{ n: number }>("select count(*)::int as n from purchase_requests"))[0].n;

Deno.test(`${tag} POST /api/purchase-requests refuses biddingMode sealed (full and quick forms) and writes nothing`, async () => {
  const before = await count();
  const full = await expectError(
    await team.request("/api/purchase-requests", { method: "POST", json: fullBody({ biddingMode: "sealed" }) }),
    400,
  );
  assert.ok(JSON.stringify(full).includes(MESSAGE), JSON.stringify(full));
  const quick = await expectError(
    await team.request("/api/purchase-requests", {
      method: "POST",
      json: { title: "Quick", deadline: iso(5 * DAY), biddingMode: "sealed", items: [{ name: "Pens" }] },
    }),
    400,
  );
  assert.ok(JSON.stringify(quick).includes(MESSAGE), JSON.stringify(quick));
  assert.equal(await count(), before, "nothing written");
  // Open (and the spec client's "unsealed") still work, stored as open.
  const ok = await expectJson<{ id: number; biddingMode: string }>(
    await team.request("/api/purchase-requests", { method: "POST", json: fullBody({ biddingMode: "open" }) }),
    201,
  );
  assert.equal(ok.biddingMode, "open");
});

Deno.test(`${tag} the database refuses a sealed purchase request`, async () => {
  const [pr] = await db.query<{ id: number }>("select id from purchase_requests limit 1");
  await assert.rejects(
    () => db.query("update purchase_requests set bidding_mode = 'sealed' where id = $1", [pr.id]),
    /purchase_requests_bidding_mode_open/,
  );
});

Deno.test(`${tag} converting a request into a bid request lets the bid be sealed: the vendor's quotation is sealed`, async () => {
  const pr = await expectJson<{ id: number }>(
    await team.request("/api/purchase-requests", { method: "POST", json: fullBody({ title: "To convert" }) }),
    201,
  );
  await db.query("update purchase_requests set status = 'active' where id = $1", [pr.id]);
  const bid = await expectJson<{ id: number; biddingMode: string; status: string; items: { id: number }[] }>(
    await manager.request("/api/bid-requests", {
      method: "POST",
      json: {
        purchaseRequestId: pr.id,
        title: "To convert (sealed bid)",
        description: "d",
        department: "Ops",
        qualificationCriteria: "q",
        biddingMode: "sealed",
        categoryId: CAT,
        deadline: iso(21 * DAY),
        biddingDeadline: iso(14 * DAY),
        items: [{ itemName: "ignored", quantity: 1, categoryId: CAT }],
      },
    }),
    201,
  );
  assert.equal(bid.biddingMode, "sealed");
  const opportunities = await expectJson<{ kind: string; id: number; biddingMode: string }[]>(
    await vendor.request("/api/vendor/matching-prs"),
    200,
  );
  assert.ok(
    opportunities.every((o) => o.kind === "bid_request" || o.biddingMode === "open"),
    "no purchase request is shown sealed",
  );
  assert.equal(opportunities.find((o) => o.kind === "bid_request" && o.id === bid.id)?.biddingMode, "sealed");
  await expectJson(
    await vendor.request("/api/vendor/quotations", {
      method: "POST",
      json: { bidRequestId: bid.id, items: [{ itemId: bid.items[0].id, unitPrice: "19.99" }] },
    }),
    201,
  );
  const [q] = await db.query<{ sealed: boolean; total: string | null }>(
    "select sealed, total_amount::text as total from quotations where bid_request_id = $1",
    [bid.id],
  );
  assert.deepEqual({ ...q }, { sealed: true, total: null });
});

Deno.test(`${tag} migration 0005 turns sealed purchase requests open, with an audit entry and a history event`, async () => {
  const files = await readMigrationFiles();
  const fresh = await emptyDb();
  try {
    await migrate(fresh.db, files.filter((f) => f.version < "0005"));
    const [{ id: userId }] = await fresh.db.query<{ id: number }>(
      `insert into users (role_id, email, first_name, last_name) values (2, 'old.pr@test.example', 'Old', 'Requester')
       returning id`,
    );
    const [{ id: prId }] = await fresh.db.query<{ id: number }>(
      `insert into purchase_requests (request_number, title, status, request_type, bidding_mode, deadline, created_by)
       values ('PR-2026-0001', 'Old sealed request', 'active', 'vendor_quote', 'sealed', now() + interval '5 days', $1)
       returning id`,
      [userId],
    );
    await migrate(fresh.db, files);
    const [pr] = await fresh.db.query<{ bidding_mode: string; version: number }>(
      "select bidding_mode, version from purchase_requests where id = $1",
      [prId],
    );
    assert.deepEqual({ ...pr }, { bidding_mode: "open", version: 2 });
    const audit = await fresh.db.query<{ metadata: { changes: unknown; reason: string } }>(
      "select metadata from audit_logs where entity_type = 'purchase_request' and entity_id = $1",
      [String(prId)],
    );
    assert.equal(audit.length, 1);
    assert.deepEqual(audit[0].metadata.changes, { biddingMode: { from: "sealed", to: "open" } });
    assert.match(audit[0].metadata.reason, /sealed bid request/);
    const events = await fresh.db.query<{ comment: string }>(
      "select comment from purchase_request_events where purchase_request_id = $1",
      [prId],
    );
    assert.equal(events.length, 1);
    assert.match(events[0].comment, /from sealed to open/);
  } finally {
    await fresh.close();
  }
});

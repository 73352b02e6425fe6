/**
 * The purchase order after the award: register, vendor acknowledgement
 * or decline, goods receipts (partial, full, over-receipt), close, cancel, permissions. Run on
 * PGlite and on PostgreSQL (--only=postgres), where concurrent receipts really run at once.
 */
import assert from "node:assert/strict";
import { fromCents, toCents } from "../../src/shared/money.ts";
import { pdfBytes } from "../fixtures/files.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[purchase-orders/${testBackend()}]`;
const YEAR = new Date().getUTCFullYear();

const t = await testApp();
Deno.test.afterAll(t.close);
const db = t.db;
const categoryId = await createCategory(db);
const admin = await as(t, "admin");
const pm = await as(t, "procurement_manager");
const team = await as(t, "purchase_team");
const finance = await as(t, "cost_finance_controller");
const vendorA = await as(t, "vendor");
const vendorB = await as(t, "vendor");

let seq = 0;
const LINES = [{ name: "Chair", quantity: 40, price: "25.50" }, { name: "Desk", quantity: 4, price: "300.00" }];

/** An active purchase request of the purchase team, quoted by `vendor`, awarded by the manager. */
async function awardedOrder(vendor: Session = vendorA, title = `Office furniture ${seq + 1}`) {
  seq++;
  const number = `PR-${YEAR}-${String(8000 + seq).padStart(4, "0")}`;
  const [{ id: prId }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, deadline, created_by)
     values ($1, $2, 'active', 'vendor_quote', $3, '2030-06-15T00:00:00Z', $4) returning id`,
    [number, title, categoryId, team.user.id],
  );
  const total = fromCents(LINES.reduce((s, l) => s + toCents(l.price)! * l.quantity, 0));
  const [{ id: quotationId }] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, status, is_current, total_amount, valid_until)
     values ($1, $2, 'submitted', true, $3::numeric, now() + interval '30 days') returning id`,
    [vendor.user.id, prId, total],
  );
  for (const [n, l] of LINES.entries()) {
    const [{ id: itemId }] = await db.query<{ id: number }>(
      `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, category_id)
       values ($1, $2, $3, $4, 'pcs', $5) returning id`,
      [prId, n, l.name, l.quantity, categoryId],
    );
    await db.query(
      `insert into quotation_items (quotation_id, purchase_request_item_id, name, quantity, unit, unit_price, total_price)
       values ($1, $2, $3, $4, 'pcs', $5::numeric, $6::numeric)`,
      [quotationId, itemId, l.name, l.quantity, l.price, fromCents(toCents(l.price)! * l.quantity)],
    );
  }
  const award = await expectJson<{ purchaseOrder: { id: number; poNumber: string } }>(
    await pm.request(`/api/purchase-requests/${prId}/award`, { method: "POST", json: { quotationId } }),
    201,
  );
  return { id: award.purchaseOrder.id, poNumber: award.purchaseOrder.poNumber, prId, quotationId, total };
}

interface Detail {
  id: number;
  poNumber: string;
  status: string;
  version: number;
  totalAmount: string;
  requestedDeliveryDate: string | null;
  promisedDeliveryDate: string | null;
  declinedReason: string | null;
  cancelledReason: string | null;
  lines: { id: number; name: string; quantity: number; received: string }[];
  receipts?: { id: number; notes: string; deliveryNote: { id: number } | null; lines: unknown[] }[];
  history?: { action: string; metadata: { event?: string } }[];
  award?: { justification: string } | null;
}

const detail = async (s: Session, id: number) =>
  await expectJson<Detail>(await s.request(`/api/purchase-orders/${id}`), 200);
const post = (s: Session, path: string, json: unknown) => s.request(path, { method: "POST", json });
const receive = (s: Session, id: number, json: unknown) => post(s, `/api/purchase-orders/${id}/receipts`, json);
const mails = async (template: string, poNumber: string) =>
  await db.query<{ recipient: string; body: string; language: string }>(
    "select recipient, body, language from notification_outbox where template = $1 and body like $2 order by id",
    [template, `%${poNumber}%`],
  );

Deno.test(`${tag} the award issues an order the vendor is emailed about, with a link, lines and the requested date`, async () => {
  const po = await awardedOrder();
  const d = await detail(pm, po.id);
  assert.equal(d.status, "issued");
  assert.equal(d.requestedDeliveryDate, "2030-06-15", "from the request's deadline");
  assert.deepEqual(d.lines.map((l) => [l.name, l.quantity, l.received]), [["Chair", 40, "0"], ["Desk", 4, "0"]]);
  assert.equal(d.award?.justification, "");
  assert.deepEqual(d.history?.map((h) => h.action), ["CREATE"]);
  const [mail] = await db.query<{ recipient: string; body: string }>(
    "select recipient, body from notification_outbox where template = 'quotation_awarded' and body like $1",
    [`%${po.poNumber}%`],
  );
  assert.equal(mail.recipient, vendorA.user.email);
  assert.match(mail.body, new RegExp(`/purchase-orders/${po.id}\\b`));
});

Deno.test(`${tag} the vendor acknowledges with a promised date; staff are told; a second answer is 409`, async () => {
  const po = await awardedOrder();
  const d = await expectJson<Detail>(
    await post(vendorA, `/api/purchase-orders/${po.id}/acknowledge`, { promisedDeliveryDate: "2030-06-01" }),
    200,
  );
  assert.equal(d.status, "acknowledged");
  assert.equal(d.promisedDeliveryDate, "2030-06-01");
  assert.equal(d.history, undefined, "a vendor does not see the internal history");
  const sent = await mails("purchase_order_acknowledged", po.poNumber);
  assert.ok(sent.some((m) => m.recipient === team.user.email), "the requester is told");
  assert.ok(sent.every((m) => m.recipient !== vendorA.user.email));
  await expectError(
    await post(vendorA, `/api/purchase-orders/${po.id}/acknowledge`, {}),
    409,
    "purchaseOrders.notAnswerable",
  );
  await expectError(
    await post(vendorA, `/api/purchase-orders/${po.id}/decline`, { reason: "Too late" }),
    409,
    "purchaseOrders.notAnswerable",
  );
  const history = (await detail(pm, po.id)).history!;
  assert.deepEqual(history.map((h) => h.metadata.event ?? h.action), ["CREATE", "acknowledged"]);
});

Deno.test(`${tag} the vendor declines with a reason (400 without); another vendor's order is 404 to it`, async () => {
  const po = await awardedOrder();
  const bad = await expectError(await post(vendorA, `/api/purchase-orders/${po.id}/decline`, { reason: "  " }), 400);
  assert.equal((bad.issues as { path: string }[])[0].path, "reason");
  await expectError(
    await post(vendorB, `/api/purchase-orders/${po.id}/decline`, { reason: "Not mine" }),
    404,
    "quotations.purchaseOrderNotFound",
  );
  assert.equal((await detail(pm, po.id)).status, "issued", "nothing changed");
  const d = await expectJson<Detail>(
    await post(vendorA, `/api/purchase-orders/${po.id}/decline`, { reason: "Out of stock" }),
    200,
  );
  assert.equal(d.status, "declined");
  assert.equal(d.declinedReason, "Out of stock");
  assert.ok((await mails("purchase_order_declined", po.poNumber)).some((m) => m.recipient === team.user.email));
  // A declined order can be cancelled (freeing its budget), but no goods are received on it.
  await expectError(await receive(team, po.id, { lines: [{ quotationItemId: d.lines[0].id, quantity: 1 }] }), 409);
  const cancelled = await expectJson<Detail>(
    await post(pm, `/api/purchase-orders/${po.id}/cancel`, { reason: "Vendor declined" }),
    200,
  );
  assert.equal(cancelled.status, "cancelled");
});

Deno.test(`${tag} partial then full receipt: status follows, the requester is emailed once`, async () => {
  const po = await awardedOrder();
  const [chair, desk] = (await detail(pm, po.id)).lines;
  const first = await expectJson<{ receipt: { status: string }; purchaseOrder: Detail }>(
    await receive(team, po.id, { lines: [{ quotationItemId: chair.id, quantity: "10.5" }], notes: "First pallet" }),
    201,
  );
  assert.equal(first.purchaseOrder.status, "partially_received");
  assert.deepEqual(first.purchaseOrder.lines.map((l) => l.received), ["10.5", "0"]);
  assert.equal((await mails("purchase_order_received", po.poNumber)).length, 0);
  // A partially received order cannot be cancelled any more.
  await expectError(
    await post(pm, `/api/purchase-orders/${po.id}/cancel`, { reason: "Changed our mind" }),
    409,
    "purchaseOrders.cancelAfterReceipt",
  );
  const second = await expectJson<{ purchaseOrder: Detail }>(
    await receive(admin, po.id, {
      lines: [{ quotationItemId: chair.id, quantity: "29.5" }, { quotationItemId: desk.id, quantity: 4 }],
    }),
    201,
  );
  assert.equal(second.purchaseOrder.status, "received");
  assert.deepEqual(second.purchaseOrder.lines.map((l) => l.received), ["40", "4"]);
  assert.equal(second.purchaseOrder.receipts?.length, 2);
  const sent = await mails("purchase_order_received", po.poNumber);
  assert.deepEqual(sent.map((m) => m.recipient), [team.user.email], "the requester, once");
  await expectError(
    await post(pm, `/api/purchase-orders/${po.id}/cancel`, { reason: "Too late" }),
    409,
    "purchaseOrders.cancelAfterReceipt",
  );
  const closed = await expectJson<Detail>(await post(pm, `/api/purchase-orders/${po.id}/close`, {}), 200);
  assert.equal(closed.status, "closed");
  await expectError(await receive(team, po.id, { lines: [{ quotationItemId: desk.id, quantity: 1 }] }), 409);
  const events = closed.history!.map((h) => h.metadata.event ?? h.action);
  assert.deepEqual(events, ["CREATE", "goods_received", "goods_received", "closed"]);
});

Deno.test(`${tag} over-receipt: refused without a reason (400 on the field, nothing stored), accepted with one`, async () => {
  const po = await awardedOrder();
  const [, desk] = (await detail(pm, po.id)).lines;
  const refused = await expectError(
    await receive(team, po.id, { lines: [{ quotationItemId: desk.id, quantity: 5 }] }),
    400,
    "purchaseOrders.overReceipt",
  );
  assert.equal((refused.issues as { path: string }[])[0].path, "lines.0.overReceiptReason");
  const d = await detail(pm, po.id);
  assert.equal(d.status, "issued");
  assert.equal(d.receipts?.length, 0);
  await expectError(
    await receive(team, po.id, { lines: [{ quotationItemId: desk.id, quantity: "4.0001" }] }),
    400,
    "generic.validation",
  );
  await expectError(
    await receive(team, po.id, { lines: [{ quotationItemId: 2147483600, quantity: 1 }] }),
    400,
    "purchaseOrders.unknownLine",
  );
  const ok = await expectJson<{ purchaseOrder: Detail }>(
    await receive(team, po.id, {
      lines: [{ quotationItemId: desk.id, quantity: 5, overReceiptReason: "A spare desk sent free of charge" }],
    }),
    201,
  );
  assert.equal(ok.purchaseOrder.lines[1].received, "5");
  assert.equal(ok.purchaseOrder.status, "partially_received", "the chairs are still due");
});

Deno.test(`${tag} a delivery note is stored when it is a PDF or image, refused (415, nothing stored) otherwise`, async () => {
  const po = await awardedOrder();
  const [chair] = (await detail(pm, po.id)).lines;
  const form = (file: Blob, name: string) => {
    const f = new FormData();
    f.set("receipt", JSON.stringify({ lines: [{ quotationItemId: chair.id, quantity: 2 }], notes: "Note attached" }));
    f.set("deliveryNote", file, name);
    return f;
  };
  await expectError(
    await team.request(`/api/purchase-orders/${po.id}/receipts`, {
      method: "POST",
      body: form(new Blob(["MZ not a pdf"]), "note.pdf"),
    }),
    415,
    "files.wrongType",
  );
  assert.equal((await detail(pm, po.id)).receipts?.length, 0);
  const res = await expectJson<{ purchaseOrder: Detail }>(
    await team.request(`/api/purchase-orders/${po.id}/receipts`, {
      method: "POST",
      body: form(new Blob([pdfBytes("Delivery note 77") as BlobPart]), "delivery-note.pdf"),
    }),
    201,
  );
  const fileId = res.purchaseOrder.receipts![0].deliveryNote!.id;
  const file = await team.request(`/api/files/${fileId}`);
  assert.equal(file.status, 200);
  assert.equal(file.headers.get("content-type"), "application/pdf");
  await file.body?.cancel();
});

Deno.test(`${tag} cancel needs a reason, then no receipt or answer is possible; the database refuses illegal moves`, async () => {
  const po = await awardedOrder();
  await expectError(await post(pm, `/api/purchase-orders/${po.id}/cancel`, {}), 400);
  const d = await expectJson<Detail>(
    await post(admin, `/api/purchase-orders/${po.id}/cancel`, { reason: "Budget withdrawn" }),
    200,
  );
  assert.equal(d.status, "cancelled");
  assert.equal(d.cancelledReason, "Budget withdrawn");
  await expectError(
    await receive(team, po.id, { lines: [{ quotationItemId: d.lines[0].id, quantity: 1 }] }),
    409,
    "purchaseOrders.notReceivable",
  );
  await expectError(await post(vendorA, `/api/purchase-orders/${po.id}/acknowledge`, {}), 409);
  await expectError(
    await post(pm, `/api/purchase-orders/${po.id}/cancel`, { reason: "Again" }),
    409,
    "purchaseOrders.notCancellable",
  );
  await assert.rejects(
    db.query("update purchase_orders set status = 'issued' where id = $1", [po.id]),
    (e: { code?: string }) => e.code === "23514",
  );
  await assert.rejects(
    db.query("update purchase_orders set status = 'cancelled', cancelled_at = null where id = $1", [
      (await awardedOrder()).id,
    ]),
    (e: { code?: string }) => e.code === "23514",
    "a cancellation without its reason and time",
  );
});

Deno.test(`${tag} roles: receive, manage and answering each need their permission (403)`, async () => {
  const po = await awardedOrder();
  const [chair] = (await detail(pm, po.id)).lines;
  const line = { lines: [{ quotationItemId: chair.id, quantity: 1 }] };
  await expectError(await receive(finance, po.id, line), 403);
  await expectError(await receive(vendorA, po.id, line), 403);
  await expectError(await post(team, `/api/purchase-orders/${po.id}/cancel`, { reason: "x" }), 403);
  await expectError(await post(finance, `/api/purchase-orders/${po.id}/close`, {}), 403);
  await expectError(await post(vendorA, `/api/purchase-orders/${po.id}/cancel`, { reason: "x" }), 403);
  await expectError(await post(pm, `/api/purchase-orders/${po.id}/acknowledge`, {}), 403);
  await expectError(
    await team.request(`/api/purchase-orders/${po.id}`, { method: "PATCH", json: { requestedDeliveryDate: null } }),
    403,
  );
  assert.equal((await detail(finance, po.id)).status, "issued", "finance reads");
  assert.equal((await t.app.request(`/api/purchase-orders/${po.id}`)).status, 401);
});

Deno.test(`${tag} the requested delivery date is set by staff, with a version check`, async () => {
  const po = await awardedOrder();
  const d = await detail(pm, po.id);
  await expectError(
    await pm.request(`/api/purchase-orders/${po.id}`, {
      method: "PATCH",
      json: { requestedDeliveryDate: "2030-02-30", version: d.version },
    }),
    400,
  );
  const changed = await expectJson<Detail>(
    await pm.request(`/api/purchase-orders/${po.id}`, {
      method: "PATCH",
      json: { requestedDeliveryDate: "2030-07-01", version: d.version },
    }),
    200,
  );
  assert.equal(changed.requestedDeliveryDate, "2030-07-01");
  await expectError(
    await pm.request(`/api/purchase-orders/${po.id}`, {
      method: "PATCH",
      json: { requestedDeliveryDate: "2030-07-02", version: d.version },
    }),
    409,
    "purchaseOrders.versionConflict",
  );
});

Deno.test(`${tag} the register: filters, search, pagination, totals; a vendor sees only its own`, async () => {
  const title = `Register probe ${crypto.randomUUID().slice(0, 6)}`;
  const a1 = await awardedOrder(vendorA, `${title} one`);
  const a2 = await awardedOrder(vendorA, `${title} two`);
  const b1 = await awardedOrder(vendorB, `${title} three`);
  await post(vendorA, `/api/purchase-orders/${a2.id}/acknowledge`, {});
  const list = async (s: Session, query: string) => {
    const res = await s.request(`/api/purchase-orders?${query}`);
    const total = Number(res.headers.get("x-total-count"));
    return { total, items: await expectJson<{ id: number; status: string; vendorId: number }[]>(res, 200) };
  };
  const q = encodeURIComponent(title);
  const all = await list(team, `search=${q}`);
  assert.equal(all.total, 3);
  assert.deepEqual(all.items.map((i) => i.id), [b1.id, a2.id, a1.id], "newest first");
  assert.deepEqual((await list(team, `search=${q}&limit=1&offset=1`)).items.map((i) => i.id), [a2.id]);
  assert.deepEqual((await list(team, `search=${q}&status=acknowledged`)).items.map((i) => i.id), [a2.id]);
  assert.deepEqual((await list(team, `search=${q}&vendorId=${vendorB.user.id}`)).items.map((i) => i.id), [b1.id]);
  assert.deepEqual((await list(team, `search=${encodeURIComponent(b1.poNumber)}`)).items.map((i) => i.id), [b1.id]);
  assert.equal((await list(team, `search=${q}&minAmount=999999`)).total, 0);
  assert.equal((await list(team, `search=${q}&maxAmount=${a1.total}&minAmount=${a1.total}`)).total, 3);
  assert.equal((await list(team, `search=${q}&purchaseRequestId=${a1.prId}`)).total, 1);
  const today = new Date().toISOString().slice(0, 10);
  assert.equal((await list(team, `search=${q}&from=${today}&to=${today}`)).total, 3);
  assert.equal((await list(team, `search=${q}&to=2000-01-01`)).total, 0);
  const totals = await expectJson<{ count: number; totals: { currency: string; amount: string }[] }>(
    await team.request(`/api/purchase-orders/totals?search=${q}`),
    200,
  );
  assert.equal(totals.count, 3);
  assert.deepEqual(totals.totals.map((x) => [x.currency, x.amount]), [["USD", fromCents(toCents(a1.total)! * 3)]]);
  // A vendor: the same routes, its own orders only.
  const mine = await list(vendorA, `search=${q}`);
  assert.deepEqual(mine.items.map((i) => i.id), [a2.id, a1.id]);
  assert.equal((await list(vendorA, `search=${q}&vendorId=${vendorB.user.id}`)).total, 0);
  await expectError(await vendorA.request(`/api/purchase-orders/${b1.id}`), 404);
  assert.equal((await vendorA.request(`/api/purchase-orders/${b1.id}/pdf`)).status, 404);
  const pdf = await vendorA.request(`/api/purchase-orders/${a1.id}/pdf`);
  assert.equal(pdf.status, 200);
  assert.equal(pdf.headers.get("content-type"), "application/pdf");
  await pdf.body?.cancel();
  await expectError(await team.request("/api/purchase-orders?status=lost"), 400);
  await expectError(await team.request("/api/purchase-orders?minAmount=abc"), 400);
});

Deno.test(`${tag} concurrent receipts never take a line past its ordered quantity`, async () => {
  const po = await awardedOrder();
  const [chair] = (await detail(pm, po.id)).lines;
  const results = await Promise.all(
    Array.from(
      { length: 6 },
      (_, n) => receive(n % 2 ? admin : team, po.id, { lines: [{ quotationItemId: chair.id, quantity: 10 }] }),
    ),
  );
  const statuses = results.map((r) => r.status).sort();
  assert.deepEqual(statuses, [201, 201, 201, 201, 400, 400]);
  for (const r of results) await r.body?.cancel();
  const [{ received }] = await db.query<{ received: string }>(
    "select sum(quantity)::text as received from goods_receipt_lines where quotation_item_id = $1",
    [chair.id],
  );
  assert.equal(Number(received), 40);
  assert.equal((await detail(pm, po.id)).status, "partially_received");
});

Deno.test(`${tag} the vendor's scorecard: each receipt counts as a delivery at once, on time when on or before the promised date`, async () => {
  // A vendor of its own: its scorecard holds this order only.
  const vendor = await as(t, "vendor");
  const po = await awardedOrder(vendor);
  const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
  // Calendar dates throughout (the organisation's time zone is UTC here): no midnight to race.
  await expectJson(
    await post(vendor, `/api/purchase-orders/${po.id}/acknowledge`, { promisedDeliveryDate: day(-10) }),
    200,
  );
  const card = async (query = "") => {
    const body = await expectJson<{ vendors: Record<string, unknown>[] }>(
      await finance.request(`/api/reports/vendors/${vendor.user.id}${query}`),
      200,
    );
    const { deliveries, onTimeRate, averageDaysLate } = body.vendors[0];
    return { deliveries, onTimeRate, averageDaysLate };
  };
  assert.deepEqual(await card(), { deliveries: 0, onTimeRate: null, averageDaysLate: null });
  const [chair, desk] = (await detail(pm, po.id)).lines;
  // Part of the order, two days before the promised date: on time, though the order is not complete.
  const first = await expectJson<{ purchaseOrder: Detail }>(
    await receive(team, po.id, { lines: [{ quotationItemId: chair.id, quantity: 10 }], receivedAt: day(-12) }),
    201,
  );
  assert.equal(first.purchaseOrder.status, "partially_received");
  assert.deepEqual(await card(), { deliveries: 1, onTimeRate: 100, averageDaysLate: 0 });
  // The rest, three days after it: late.
  await expectJson(
    await receive(team, po.id, {
      lines: [{ quotationItemId: chair.id, quantity: 30 }, { quotationItemId: desk.id, quantity: 4 }],
      receivedAt: day(-7),
    }),
    201,
  );
  assert.deepEqual(await card(), { deliveries: 2, onTimeRate: 50, averageDaysLate: 1.5 });
  // The report's date range picks receipts by the day they came.
  assert.deepEqual(await card(`?from=${day(-8)}&to=${day(0)}`), { deliveries: 1, onTimeRate: 0, averageDaysLate: 3 });
});

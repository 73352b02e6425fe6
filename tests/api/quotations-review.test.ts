/**
 * Staff review of quotations: list, stats, details, status, evaluation, PDF, comparison, award and
 * purchase orders. Requests and quotations are inserted with SQL (the submission API has its own
 * tests), so each case sets up exactly the state it needs.
 */
import assert from "node:assert/strict";
import { PDFDocument } from "pdf-lib";
import { routers } from "../../src/app.ts";
import { fromCents, toCents } from "../../src/shared/money.ts";
import type { RoleName } from "../../src/shared/roles.ts";
import { quotationRoutes } from "../../src/features/quotations/routes.ts";
import { expectJson, testApp, withoutCode } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[quotations/${testBackend()}]`;
const SEALED = "Bids are sealed until bidding closes and they are unsealed";
const YEAR = new Date().getUTCFullYear();
const DAY = 86_400_000;

assert.ok(routers.includes(quotationRoutes as never), "quotationRoutes is registered in src/app.ts");

const t = await testApp();
Deno.test.afterAll(t.close);
const db = t.db;
const categoryId = await createCategory(db);
const admin = await as(t, "admin");
const staff: Record<Exclude<RoleName, "vendor">, Session> = {
  admin,
  purchase_team: await as(t, "purchase_team"),
  procurement_manager: await as(t, "procurement_manager"),
  cost_finance_controller: await as(t, "cost_finance_controller"),
};
const pm = staff.procurement_manager;
const [v1, v2, v3] = [await as(t, "vendor"), await as(t, "vendor"), await as(t, "vendor")];
const vendorName = async (v: Session) =>
  (await db.query<{ n: string }>("select company_name as n from vendor_profiles where user_id = $1", [v.user.id]))[0].n;

// ------------------------------------------------------------------------------------------------
// fixtures

let seq = 0;
interface ItemSpec {
  name: string;
  quantity: number;
  unit?: string;
}
const ITEMS: ItemSpec[] = [
  { name: "Laptop", quantity: 2 },
  { name: "Mouse", quantity: 1 },
  { name: "Cable", quantity: 3, unit: "m" },
];

async function insertPr(opts: { status?: string; items?: ItemSpec[] } = {}) {
  const n = ++seq;
  const [{ id }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, deadline, created_by)
     values ($1, $2, $3, 'vendor_quote', $4, now() + interval '14 days', $5) returning id`,
    [
      `PR-${YEAR}-${String(5000 + n).padStart(4, "0")}`,
      `Request ${n}`,
      opts.status ?? "active",
      categoryId,
      admin.user.id,
    ],
  );
  const itemIds: number[] = [];
  for (const [i, it] of (opts.items ?? ITEMS).entries()) {
    const [row] = await db.query<{ id: number }>(
      `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, category_id)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [id, i, it.name, it.quantity, it.unit ?? "pcs", categoryId],
    );
    itemIds.push(row.id);
  }
  return { id, itemIds, number: `PR-${YEAR}-${String(5000 + n).padStart(4, "0")}` };
}

async function insertBid(opts: {
  status?: string;
  mode?: "open" | "sealed";
  unsealed?: boolean;
  method?: string;
  weights?: [number, number];
  prId?: number;
  items?: ItemSpec[];
} = {}) {
  const n = ++seq;
  const number = `BR-${YEAR}-${String(5000 + n).padStart(4, "0")}`;
  const [{ id }] = await db.query<{ id: number }>(
    `insert into bid_requests (bid_number, purchase_request_id, title, description, department, category_id, deadline,
        bidding_deadline, bidding_mode, status, qualification_criteria, evaluation_method, price_weight, technical_weight,
        unsealed_at, created_by)
     values ($1, $2, $3, 'Description', 'IT', $4, now() + interval '30 days', now() - interval '1 day', $5, $6,
        'ISO 9001', $7, $8, $9, $10, $11) returning id`,
    [
      number,
      opts.prId ?? null,
      `Bid ${n}`,
      categoryId,
      opts.mode ?? "open",
      opts.status ?? "bidding_closed",
      opts.method ?? "lowest_price",
      opts.weights?.[0] ?? 60,
      opts.weights?.[1] ?? 40,
      opts.unsealed ? new Date() : null,
      admin.user.id,
    ],
  );
  const itemIds: number[] = [];
  for (const [i, it] of (opts.items ?? ITEMS).entries()) {
    const [row] = await db.query<{ id: number }>(
      `insert into bid_request_items (bid_request_id, position, name, quantity, unit, category_id)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [id, i, it.name, it.quantity, it.unit ?? "pcs", categoryId],
    );
    itemIds.push(row.id);
  }
  return { id, itemIds, number };
}

interface QuoteSpec {
  vendor: Session;
  pr?: { id: number; itemIds: number[] };
  bid?: { id: number; itemIds: number[] };
  /** unit prices by item index; undefined leaves the item out */
  prices?: (string | undefined)[];
  sealed?: boolean;
  status?: string;
  current?: boolean;
  revision?: number;
  validUntil?: Date;
  leadTimeDays?: number | null;
  technicalScore?: number;
  notes?: string;
  submittedAt?: Date;
}

async function insertQuote(s: QuoteSpec) {
  const target = s.pr ?? s.bid!;
  const items = s.pr ? ITEMS : ITEMS; // fixtures use the same item list for both kinds
  const lines = (s.prices ?? ["100.00", "20.00", "5.00"]).map((p, i) => ({ p, i })).filter((l) => l.p !== undefined)
    .map(({ p, i }) => ({ itemId: target.itemIds[i], spec: items[i], cents: toCents(p!)! }));
  const total = lines.reduce((acc, l) => acc + l.cents * l.spec.quantity, 0);
  const [{ id }] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, bid_request_id, status, is_current, revision, sealed,
        sealed_payload, total_amount, valid_until, lead_time_days, notes, technical_score, submitted_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9::numeric, $10, $11, $12, $13, $14) returning id`,
    [
      s.vendor.user.id,
      s.pr?.id ?? null,
      s.bid?.id ?? null,
      s.status ?? (s.current === false ? "superseded" : "submitted"),
      s.current ?? true,
      s.revision ?? 1,
      s.sealed ?? false,
      s.sealed ? new Uint8Array([1, 2, 3]) : null,
      s.sealed ? null : fromCents(total),
      s.validUntil ?? new Date(Date.now() + 30 * DAY),
      s.leadTimeDays === undefined ? 7 : s.leadTimeDays,
      s.sealed ? null : s.notes ?? "Delivery included",
      s.technicalScore ?? null,
      s.submittedAt ?? new Date(),
    ],
  );
  if (!s.sealed) {
    for (const l of lines) {
      await db.query(
        `insert into quotation_items (quotation_id, purchase_request_item_id, bid_request_item_id, name, quantity, unit,
            unit_price, total_price)
         values ($1, $2, $3, $4, $5, $6, $7::numeric, $8::numeric)`,
        [
          id,
          s.pr ? l.itemId : null,
          s.bid ? l.itemId : null,
          l.spec.name,
          l.spec.quantity,
          l.spec.unit ?? "pcs",
          fromCents(l.cents),
          fromCents(l.cents * l.spec.quantity),
        ],
      );
    }
  }
  return { id, total: fromCents(total) };
}

const status = async (table: string, id: number) =>
  (await db.query<{ status: string }>(`select status from ${table} where id = $1`, [id]))[0].status;
const count = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;

type Json = Record<string, unknown>;
type Row = Record<string, unknown> & { id: number };

// ------------------------------------------------------------------------------------------------
// access

Deno.test(`${tag} staff endpoints answer 401 signed out and 403 to vendors`, async () => {
  const pr = await insertPr();
  const q = await insertQuote({ vendor: v1, pr });
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/quotations"],
    ["GET", "/api/quotations/stats"],
    ["GET", `/api/quotations/${q.id}`],
    ["PATCH", `/api/quotations/${q.id}/status`, { status: "under_review" }],
    ["PUT", `/api/quotations/${q.id}/evaluation`, { technicalScore: 50 }],
    ["GET", `/api/purchase-requests/${pr.id}/comparison`],
    ["POST", `/api/purchase-requests/${pr.id}/award`, { quotationId: q.id }],
  ];
  for (const [method, path, json] of calls) {
    const anon = await t.app.request(path, {
      method,
      headers: { "content-type": "application/json" },
      body: json ? JSON.stringify(json) : undefined,
    });
    assert.equal(anon.status, 401, `${method} ${path} signed out`);
    await anon.body?.cancel();
    const res = await v1.request(path, { method, json });
    await expectJson(res, 403);
  }
  assert.equal(await status("quotations", q.id), "submitted");
  // purchase_team may compare but not decide
  await expectJson(await staff.purchase_team.request(`/api/purchase-requests/${pr.id}/comparison`), 200);
  await expectJson(
    await staff.purchase_team.request(`/api/quotations/${q.id}/status`, {
      method: "PATCH",
      json: { status: "rejected" },
    }),
    403,
  );
  await expectJson(
    await staff.purchase_team.request(`/api/purchase-requests/${pr.id}/award`, {
      method: "POST",
      json: { quotationId: q.id },
    }),
    403,
  );
});

// ------------------------------------------------------------------------------------------------
// list, stats, details

Deno.test(`${tag} GET /api/quotations lists current quotations newest first with the spec's shape`, async () => {
  const pr = await insertPr();
  const bid = await insertBid();
  const old = await insertQuote({
    vendor: v1,
    pr,
    current: false,
    revision: 1,
    submittedAt: new Date(Date.now() - 3 * DAY),
  });
  const a = await insertQuote({
    vendor: v1,
    pr,
    revision: 2,
    prices: ["10.00", "2.50", "1.10"],
    submittedAt: new Date(Date.now() - DAY),
  });
  const b = await insertQuote({
    vendor: v2,
    pr,
    prices: ["11.00", undefined, "1.00"],
    validUntil: new Date(Date.now() - DAY),
  });
  const c = await insertQuote({ vendor: v3, bid });
  await db.query(
    "insert into files (owner_user_id, filename, content_type, size_bytes, sha256, data, purpose) values ($1, 'offer.pdf', 'application/pdf', 3, 'x', '\\x010203', 'quotation_attachment')",
    [v1.user.id],
  );
  const [{ id: fileId }] = await db.query<{ id: number }>("select max(id)::int as id from files");
  await db.query("insert into quotation_attachments (quotation_id, file_id) values ($1, $2)", [a.id, fileId]);

  const res = await admin.request(`/api/quotations?purchaseRequestId=${pr.id}`);
  const list = await expectJson<Row[]>(res, 200);
  assert.equal(res.headers.get("x-total-count"), "2");
  assert.deepEqual(list.map((r) => r.id), [b.id, a.id], "current only, newest first");
  const first = list[1];
  for (
    const key of [
      "id",
      "purchaseRequestId",
      "bidRequestId",
      "requestNumber",
      "purchaseRequestTitle",
      "vendorId",
      "vendorName",
      "submittedAt",
      "status",
      "totalAmount",
      "currency",
      "validityDays",
      "validUntil",
      "expired",
      "leadTimeDays",
      "notes",
      "technicalScore",
      "revision",
      "attachments",
      "items",
    ]
  ) assert.ok(key in first, `item has ${key}`);
  assert.equal(first.purchaseRequestId, pr.id);
  assert.equal(first.bidRequestId, null);
  assert.equal(first.requestNumber, pr.number);
  assert.match(first.purchaseRequestTitle as string, /^Request \d+$/);
  assert.equal(first.vendorId, v1.user.id);
  assert.equal(first.vendorName, await vendorName(v1));
  assert.equal(first.totalAmount, "25.80"); // 2 x 10.00 + 1 x 2.50 + 3 x 1.10
  assert.equal(first.currency, "USD");
  assert.equal(first.expired, false);
  assert.equal(first.revision, 2);
  assert.deepEqual(first.attachments, [{ id: fileId, filename: "offer.pdf" }]);
  const items = first.items as Row[];
  assert.equal(items.length, 3);
  assert.deepEqual(
    { ...items[0], id: 0, requestItemId: 0 },
    {
      id: 0,
      requestItemId: 0,
      name: "Laptop",
      itemName: "Laptop",
      quantity: 2,
      unit: "pcs",
      unitPrice: "10.00",
      totalPrice: "20.00",
      notes: "",
    },
  );
  assert.equal(list[0].expired, true);
  assert.equal((list[0].items as Row[]).length, 2);
  assert.ok(!list.some((r) => r.id === old.id));

  const byBid = await expectJson<Row[]>(await pm.request(`/api/quotations?bidRequestId=${bid.id}`), 200);
  assert.deepEqual(byBid.map((r) => r.id), [c.id]);
  assert.equal(byBid[0].requestNumber, bid.number);
  assert.equal(
    byBid[0].purchaseRequestTitle,
    (await db.query<{ title: string }>("select title from bid_requests where id = $1", [bid.id]))[0].title,
  );

  const paged = await admin.request(`/api/quotations?purchaseRequestId=${pr.id}&limit=1&offset=1`);
  assert.deepEqual((await expectJson<Row[]>(paged, 200)).map((r) => r.id), [a.id]);
  assert.equal(paged.headers.get("x-total-count"), "2");

  await db.query("update quotations set status = 'under_review' where id = $1", [b.id]);
  const filtered = await expectJson<Row[]>(
    await admin.request(`/api/quotations?purchaseRequestId=${pr.id}&status=under_review`),
    200,
  );
  assert.deepEqual(filtered.map((r) => r.id), [b.id]);
  await expectJson(await admin.request("/api/quotations?status=superseded"), 400);
});

Deno.test(`${tag} GET /api/quotations/:id has the revision history; unknown ids 404`, async () => {
  const pr = await insertPr();
  const r1 = await insertQuote({
    vendor: v2,
    pr,
    current: false,
    revision: 1,
    prices: ["50.00", "1.00", "1.00"],
    submittedAt: new Date(Date.now() - 2 * DAY),
  });
  const r2 = await insertQuote({
    vendor: v2,
    pr,
    current: false,
    revision: 2,
    prices: ["40.00", "1.00", "1.00"],
    submittedAt: new Date(Date.now() - DAY),
  });
  const r3 = await insertQuote({ vendor: v2, pr, revision: 3 });
  const other = await insertQuote({ vendor: v3, pr });
  const body = await expectJson<Json>(await staff.cost_finance_controller.request(`/api/quotations/${r3.id}`), 200);
  assert.equal(body.id, r3.id);
  assert.equal(body.totalAmount, r3.total);
  const revisions = body.revisions as Row[];
  assert.deepEqual(revisions.map((r) => [r.id, r.revision, r.status, r.totalAmount]), [
    [r2.id, 2, "superseded", r2.total],
    [r1.id, 1, "superseded", r1.total],
  ]);
  assert.ok(revisions.every((r) => typeof r.submittedAt === "string"));
  assert.ok(!revisions.some((r) => r.id === other.id), "another vendor's quotation is not a revision");
  assert.equal((await expectJson(await admin.request("/api/quotations/99999999"), 404)).message, "Quotation not found");
  await expectJson(await admin.request("/api/quotations/abc"), 400);
});

Deno.test(`${tag} GET /api/quotations/stats gives live counts, sealed bids as counts only`, async () => {
  const stats = async () => await expectJson<Record<string, number>>(await pm.request("/api/quotations/stats"), 200);
  const before = await stats();
  const sealedOpen = await insertBid({ mode: "sealed", status: "bidding_open" });
  const sealedClosed = await insertBid({ mode: "sealed", status: "bidding_closed" });
  const sealedDraft = await insertBid({ mode: "sealed", status: "draft" }); // not published: not counted
  const unsealed = await insertBid({ mode: "sealed", status: "bidding_closed", unsealed: true });
  const open = await insertBid({ status: "bidding_open" });
  await insertQuote({ vendor: v1, bid: sealedOpen, sealed: true });
  await insertQuote({ vendor: v2, bid: sealedOpen, sealed: true });
  await insertQuote({ vendor: v3, bid: sealedClosed, sealed: true });
  await insertQuote({ vendor: v1, bid: sealedDraft, sealed: true });
  await insertQuote({ vendor: v1, bid: unsealed, status: "approved" });
  await insertQuote({ vendor: v1, bid: open });
  await insertQuote({ vendor: v2, bid: open, status: "under_review" });
  await insertQuote({ vendor: v3, bid: open, status: "rejected" });
  await insertQuote({ vendor: v3, bid: open, status: "superseded", current: false });
  const after = await stats();
  const delta = Object.fromEntries(Object.entries(after).map(([k, n]) => [k, n - before[k]]));
  assert.deepEqual(delta, {
    total: 4,
    submitted: 1,
    underReview: 1,
    approved: 1,
    rejected: 1,
    sealedBids: 2,
    sealedSubmissions: 3,
  });
  await expectJson(await v1.request("/api/quotations/stats"), 403);
});

// ------------------------------------------------------------------------------------------------
// sealed bids

Deno.test(`${tag} a sealed bid before unsealing: nothing of its quotations reaches any staff role`, async () => {
  const bid = await insertBid({ mode: "sealed", status: "bidding_closed" });
  const s1 = await insertQuote({ vendor: v1, bid, sealed: true });
  const s2 = await insertQuote({ vendor: v2, bid, sealed: true });
  const names = [await vendorName(v1), await vendorName(v2)];
  for (const [role, session] of Object.entries(staff)) {
    const listRes = await session.request(`/api/quotations?bidRequestId=${bid.id}`);
    const list = await expectJson<Row[]>(listRes, 200);
    assert.deepEqual(list, [], `${role}: list skips sealed quotations`);
    assert.equal(listRes.headers.get("x-total-count"), "0");
    const all = await expectJson<Row[]>(await session.request("/api/quotations?limit=200"), 200);
    assert.ok(!all.some((r) => r.id === s1.id || r.id === s2.id), `${role}: not in the full list`);
    assert.ok(!all.some((r) => r.bidRequestId === bid.id), `${role}: nothing of the sealed bid`);
    for (const q of [s1, s2]) {
      const detail = await session.request(`/api/quotations/${q.id}`);
      const text = await detail.text();
      assert.equal(detail.status, 403, `${role}: detail refused`);
      assert.deepEqual(withoutCode(JSON.parse(text)), { message: SEALED });
      for (const n of names) assert.ok(!text.includes(n));
      assert.equal((await expectJson(await session.request(`/api/quotations/${q.id}/pdf`), 409)).message, SEALED);
    }
    assert.equal(
      (await expectJson(await session.request(`/api/bid-requests/${bid.id}/comparison`), 409)).message,
      SEALED,
    );
  }
  assert.equal(
    (await expectJson(
      await pm.request(`/api/quotations/${s1.id}/status`, { method: "PATCH", json: { status: "rejected" } }),
      409,
    ))
      .message,
    SEALED,
  );
  assert.equal(
    (await expectJson(
      await pm.request(`/api/quotations/${s1.id}/evaluation`, { method: "PUT", json: { technicalScore: 80 } }),
      409,
    ))
      .message,
    SEALED,
  );
  assert.equal(
    (await expectJson(
      await pm.request(`/api/bid-requests/${bid.id}/award`, { method: "POST", json: { quotationId: s1.id } }),
      409,
    ))
      .message,
    SEALED,
  );
  assert.equal(await status("quotations", s1.id), "submitted");
  assert.equal(await status("bid_requests", bid.id), "bidding_closed");
  assert.equal(await count("purchase_orders where bid_request_id = $1", [bid.id]), 0);

  // After unsealing (as the unseal endpoint leaves them) the quotations are readable and comparable.
  await db.query("update bid_requests set unsealed_at = now() where id = $1", [bid.id]);
  await db.query("delete from quotations where id = any($1::int[])", [[s1.id, s2.id]]);
  const u1 = await insertQuote({ vendor: v1, bid, prices: ["90.00", "20.00", "5.00"] });
  const u2 = await insertQuote({ vendor: v2, bid });
  const list = await expectJson<Row[]>(await pm.request(`/api/quotations?bidRequestId=${bid.id}`), 200);
  assert.deepEqual(list.map((r) => r.id).sort(), [u1.id, u2.id].sort());
  const cmp = await expectJson<{ quotations: Row[] }>(await pm.request(`/api/bid-requests/${bid.id}/comparison`), 200);
  assert.equal(cmp.quotations[0].id, u1.id);
});

Deno.test(`${tag} an open bid still open for bidding cannot be reviewed or awarded yet`, async () => {
  const bid = await insertBid({ status: "bidding_open" });
  const q = await insertQuote({ vendor: v1, bid });
  // Open bidding: staff see quotations as they arrive.
  const list = await expectJson<Row[]>(await pm.request(`/api/quotations?bidRequestId=${bid.id}`), 200);
  assert.deepEqual(list.map((r) => r.id), [q.id]);
  await expectJson(await pm.request(`/api/bid-requests/${bid.id}/comparison`), 200);
  const msg = "Quotations can be evaluated once bidding is closed (this bid request is bidding_open)";
  for (
    const [path, method, json] of [
      [`/api/quotations/${q.id}/status`, "PATCH", { status: "under_review" }],
      [`/api/quotations/${q.id}/evaluation`, "PUT", { technicalScore: 10 }],
      [`/api/bid-requests/${bid.id}/award`, "POST", { quotationId: q.id }],
    ] as const
  ) {
    assert.equal((await expectJson(await pm.request(path, { method, json }), 409)).message, msg);
  }
});

// ------------------------------------------------------------------------------------------------
// comparison

Deno.test(`${tag} comparison flags the lowest unit price per item and the lowest total, ties and expiry`, async () => {
  const pr = await insertPr();
  // Laptop x2, Mouse x1, Cable x3
  const a = await insertQuote({ vendor: v1, pr, prices: ["10.00", "5.00", "7.00"], leadTimeDays: 10 }); // 20 + 5 + 21 = 46
  const b = await insertQuote({ vendor: v2, pr, prices: ["10.00", "4.00", "8.00"], leadTimeDays: null }); // 20 + 4 + 24 = 48
  const c = await insertQuote({
    vendor: v3,
    pr,
    prices: ["11.50", "23.00", undefined],
    validUntil: new Date(Date.now() - 60_000),
  }); // 23 + 23 = 46, no cable, expired
  const body = await expectJson<{ request: Json; quotations: Row[]; rows: Row[] }>(
    await staff.purchase_team.request(`/api/purchase-requests/${pr.id}/comparison`),
    200,
  );
  assert.deepEqual(
    { ...body.request, title: "" },
    {
      id: pr.id,
      kind: "purchase_request",
      number: pr.number,
      title: "",
      status: "active",
      evaluationMethod: "lowest_price",
      priceWeight: 60,
      technicalWeight: 40,
    },
  );
  const cols = Object.fromEntries(body.quotations.map((x) => [x.id, x]));
  assert.deepEqual(body.quotations.map((x) => x.id), [a.id, c.id, b.id], "ranked order");
  assert.equal(cols[a.id].isLowestTotal, true);
  assert.equal(cols[c.id].isLowestTotal, true, "a tie on the lowest total flags both");
  assert.equal(cols[b.id].isLowestTotal, false);
  assert.deepEqual([cols[a.id].rank, cols[c.id].rank, cols[b.id].rank], [1, 1, 3]);
  assert.deepEqual([cols[a.id].expired, cols[b.id].expired, cols[c.id].expired], [false, false, true]);
  assert.equal(cols[a.id].totalAmount, "46.00");
  assert.equal(cols[b.id].priceScore, 95.83); // 46 / 48
  assert.equal(cols[a.id].combinedScore, null);
  assert.equal(cols[a.id].leadTimeDays, 10);
  assert.equal(cols[b.id].leadTimeDays, null);
  assert.equal(cols[a.id].vendorName, await vendorName(v1));
  assert.equal(typeof cols[a.id].validUntil, "string");

  assert.deepEqual(body.rows.map((r) => [r.itemId, r.name, r.quantity, r.unit]), [
    [pr.itemIds[0], "Laptop", 2, "pcs"],
    [pr.itemIds[1], "Mouse", 1, "pcs"],
    [pr.itemIds[2], "Cable", 3, "m"],
  ]);
  const cell = (row: number, qid: number) => {
    const i = body.quotations.findIndex((x) => x.id === qid);
    return (body.rows[row].cells as (Json | null)[])[i];
  };
  assert.deepEqual(cell(0, a.id), {
    quotationId: a.id,
    unitPrice: "10.00",
    lineTotal: "20.00",
    isLowestUnitPrice: true,
  });
  assert.equal(cell(0, b.id)!.isLowestUnitPrice, true, "tie on the lowest unit price flags both");
  assert.equal(cell(0, c.id)!.isLowestUnitPrice, false);
  assert.equal(cell(1, b.id)!.isLowestUnitPrice, true);
  assert.equal(cell(1, a.id)!.isLowestUnitPrice, false);
  assert.equal(cell(2, a.id)!.isLowestUnitPrice, true);
  assert.equal(cell(2, c.id), null, "an item the vendor did not quote is an empty cell");
  assert.equal(cell(2, b.id)!.lineTotal, "24.00");

  // Technical scores break the price tie under lowest_price.
  await expectJson(
    await pm.request(`/api/quotations/${a.id}/evaluation`, { method: "PUT", json: { technicalScore: 60 } }),
    200,
  );
  await expectJson(
    await pm.request(`/api/quotations/${c.id}/evaluation`, { method: "PUT", json: { technicalScore: 80 } }),
    200,
  );
  const again = await expectJson<{ quotations: Row[] }>(
    await pm.request(`/api/purchase-requests/${pr.id}/comparison`),
    200,
  );
  assert.deepEqual(again.quotations.map((x) => [x.id, x.rank]), [[c.id, 1], [a.id, 2], [b.id, 3]]);

  await expectJson(await pm.request("/api/purchase-requests/99999999/comparison"), 404);
  const empty = await insertPr();
  const none = await expectJson<{ quotations: Row[]; rows: Row[] }>(
    await pm.request(`/api/purchase-requests/${empty.id}/comparison`),
    200,
  );
  assert.deepEqual(none.quotations, []);
  assert.deepEqual(none.rows.map((r) => r.cells), [[], [], []]);
});

Deno.test(`${tag} comparison ranks by technical merit and by combined score with the request's weights`, async () => {
  const bid = await insertBid({ method: "technical_merit", status: "bidding_closed" });
  const one = { prices: ["40.00", "10.00", "3.33"] }; // 80 + 10 + 9.99 = 99.99
  const a = await insertQuote({ vendor: v1, bid, ...one });
  const b = await insertQuote({ vendor: v2, bid, prices: ["50.00", "10.00", "6.66"] }); // 100 + 10 + 19.98 = 129.98
  const c = await insertQuote({ vendor: v3, bid, prices: ["35.00", "10.00", "3.33"] }); // 70 + 10 + 9.99 = 89.99
  const score = async (id: number, technicalScore: number) =>
    await expectJson<Json>(
      await pm.request(`/api/quotations/${id}/evaluation`, { method: "PUT", json: { technicalScore, comment: "ok" } }),
      200,
    );
  const scored = await score(a.id, 70);
  assert.equal(scored.technicalScore, 70);
  assert.equal(scored.reviewComment, "ok");
  assert.equal(await status("bid_requests", bid.id), "evaluation", "the first score starts the evaluation");
  await score(b.id, 90.5);
  const ranked = async () =>
    Object.fromEntries(
      (await expectJson<{ quotations: Row[] }>(await pm.request(`/api/bid-requests/${bid.id}/comparison`), 200))
        .quotations.map(
          (x) => [x.id, x],
        ),
    );
  let r = await ranked();
  assert.deepEqual([r[b.id].rank, r[a.id].rank, r[c.id].rank], [1, 2, 3], "technical merit, unscored last");
  assert.equal(r[b.id].technicalScore, 90.5);
  assert.equal(r[c.id].technicalScore, null);

  await score(c.id, 50);
  await db.query("update bid_requests set evaluation_method = 'combined_scoring' where id = $1", [bid.id]);
  r = await ranked();
  // lowest 89.99: a 60 x 89.99/99.99 x 100 + 40 x 70 = 53.99.. + 28 = 81.99; b 41.54 + 36.2 = 77.74; c 60 + 20 = 80
  assert.equal(r[a.id].priceScore, 90);
  assert.equal(r[a.id].combinedScore, 82);
  assert.equal(r[b.id].combinedScore, 77.74);
  assert.equal(r[c.id].combinedScore, 80);
  assert.deepEqual([r[a.id].rank, r[c.id].rank, r[b.id].rank], [1, 2, 3]);

  await db.query("update bid_requests set price_weight = 20, technical_weight = 80 where id = $1", [bid.id]);
  r = await ranked();
  // a 18 + 56 = 74; b 13.85 + 72.4 = 86.25; c 20 + 40 = 60
  assert.equal(r[b.id].combinedScore, 86.25);
  assert.deepEqual([r[b.id].rank, r[a.id].rank, r[c.id].rank], [1, 2, 3]);
});

// ------------------------------------------------------------------------------------------------
// status and evaluation

Deno.test(`${tag} PATCH /api/quotations/:id/status follows the quotation state machine`, async () => {
  const pr = await insertPr();
  const q = await insertQuote({ vendor: v1, pr });
  const patch = (id: number, json: unknown) => pm.request(`/api/quotations/${id}/status`, { method: "PATCH", json });

  const reviewed = await expectJson<Json>(await patch(q.id, { status: "under_review", comment: "checking" }), 200);
  assert.equal(reviewed.status, "under_review");
  assert.equal(reviewed.reviewComment, "checking");
  assert.equal(
    (await expectJson(await patch(q.id, { status: "under_review" }), 409)).message,
    "This quotation is under review and cannot become under review",
  );
  assert.equal(
    (await expectJson<Json>(await patch(q.id, { status: "rejected", comment: "too dear" }), 200)).status,
    "rejected",
  );
  await expectJson(await patch(q.id, { status: "under_review" }), 409);
  assert.equal(
    (await expectJson(await patch(q.id, { status: "approved" }), 409)).message,
    "A rejected quotation cannot be approved",
  );
  assert.equal(
    (await expectJson(await patch(q.id, { status: "superseded" }), 400)).message,
    "status must be under_review, approved or rejected",
  );
  await expectJson(await patch(99999999, { status: "rejected" }), 404);

  const audits = await db.query<{ action: string; metadata: Json }>(
    "select action, metadata from audit_logs where entity_type = 'quotation' and entity_id = $1 order by id",
    [String(q.id)],
  );
  assert.deepEqual(audits.map((a) => a.action), ["STATUS_CHANGE", "REJECT"]);
  assert.deepEqual(audits[1].metadata.changes, { status: { from: "under_review", to: "rejected" } });

  // An older revision cannot be reviewed.
  const old = await insertQuote({ vendor: v2, pr, current: false, status: "superseded" });
  assert.equal(
    (await expectJson(await patch(old.id, { status: "rejected" }), 409)).message,
    "Only a vendor's current quotation can be reviewed",
  );
  // Only an active purchase request's quotations are reviewed.
  for (const prStatus of ["pending", "completed", "cancelled"]) {
    const other = await insertPr({ status: prStatus });
    const oq = await insertQuote({ vendor: v1, pr: other });
    await expectJson(await patch(oq.id, { status: "under_review" }), 409);
    assert.equal(await status("quotations", oq.id), "submitted");
  }
  // A closed bid's review starts its evaluation.
  const bid = await insertBid({ status: "bidding_closed" });
  const bq = await insertQuote({ vendor: v1, bid });
  await expectJson(await patch(bq.id, { status: "under_review" }), 200);
  assert.equal(await status("bid_requests", bid.id), "evaluation");
});

Deno.test(`${tag} PATCH status 'approved' awards the quotation like the award endpoint`, async () => {
  const pr = await insertPr();
  const a = await insertQuote({ vendor: v1, pr });
  const b = await insertQuote({ vendor: v2, pr });
  const body = await expectJson<Json>(
    await staff.cost_finance_controller.request(`/api/quotations/${a.id}/status`, {
      method: "PATCH",
      json: { status: "approved" },
    }),
    200,
  );
  assert.equal(body.status, "approved");
  const po = body.purchaseOrder as Json;
  assert.match(po.poNumber as string, new RegExp(`^PO-${YEAR}-\\d{4}$`));
  assert.equal(po.totalAmount, a.total);
  assert.equal(await status("quotations", b.id), "rejected");
  assert.equal(await status("purchase_requests", pr.id), "completed");
});

Deno.test(`${tag} PUT /api/quotations/:id/evaluation checks the score's bounds`, async () => {
  const pr = await insertPr();
  const q = await insertQuote({ vendor: v1, pr });
  const put = (json: unknown) => pm.request(`/api/quotations/${q.id}/evaluation`, { method: "PUT", json });
  const msg = "Technical score must be a number from 0 to 100";
  for (const bad of [101, -1, 100.01, "abc", "1e3"]) {
    assert.equal((await expectJson(await put({ technicalScore: bad }), 400)).message, msg, `score ${bad}`);
  }
  assert.equal((await expectJson(await put({}), 400)).message, msg);
  for (const ok of [0, 100, 87.25]) {
    assert.equal((await expectJson<Json>(await put({ technicalScore: ok }), 200)).technicalScore, ok);
  }
  const [row] = await db.query<{ s: string }>("select technical_score::text as s from quotations where id = $1", [
    q.id,
  ]);
  assert.equal(row.s, "87.25");
  const [entry] = await db.query<{ metadata: Json }>(
    "select metadata from audit_logs where entity_type = 'quotation' and entity_id = $1 and action = 'UPDATE' order by id desc limit 1",
    [String(q.id)],
  );
  assert.deepEqual(entry.metadata.changes, { technicalScore: { from: 100, to: 87.25 } });
  await expectJson(
    await staff.purchase_team.request(`/api/quotations/${q.id}/evaluation`, {
      method: "PUT",
      json: { technicalScore: 5 },
    }),
    403,
  );
});

// ------------------------------------------------------------------------------------------------
// award

Deno.test(`${tag} POST /api/bid-requests/:id/award approves one, rejects the others, closes both requests, issues the PO`, async () => {
  const pr = await insertPr();
  const bid = await insertBid({ status: "evaluation", prId: pr.id });
  const a = await insertQuote({ vendor: v1, bid, prices: ["400.00", "25.50", "3.00"] }); // 800 + 25.5 + 9 = 834.50
  const b = await insertQuote({ vendor: v2, bid });
  const c = await insertQuote({ vendor: v3, bid, status: "rejected" });
  const older = await insertQuote({ vendor: v1, bid, current: false, revision: 1 });
  const before = await count("notification_outbox");

  // a is not the lowest price: awarding it needs a written justification (docs/decisions/007-bid-controls.md).
  const res = await pm.request(`/api/bid-requests/${bid.id}/award`, {
    method: "POST",
    json: { quotationId: a.id, justification: "Only vendor with on-site support" },
  });
  const body = await expectJson<{ purchaseOrder: Json; quotationId: number }>(res, 201);
  assert.equal(body.quotationId, a.id);
  assert.match(body.purchaseOrder.poNumber as string, new RegExp(`^PO-${YEAR}-\\d{4}$`));
  assert.equal(body.purchaseOrder.totalAmount, "834.50");
  assert.equal(typeof body.purchaseOrder.id, "number");

  assert.equal(await status("quotations", a.id), "approved");
  assert.equal(await status("quotations", b.id), "rejected");
  assert.equal(await status("quotations", c.id), "rejected");
  assert.equal(await status("quotations", older.id), "superseded", "history is left alone");
  assert.equal(await status("bid_requests", bid.id), "awarded");
  assert.equal(await status("purchase_requests", pr.id), "completed");
  const [po] = await db.query<Json>(
    `select po_number as "poNumber", quotation_id as "quotationId", vendor_id as "vendorId", purchase_request_id as "prId",
        bid_request_id as "bidId", total_amount as "totalAmount", created_by as "createdBy" from purchase_orders where id = $1`,
    [body.purchaseOrder.id],
  );
  assert.deepEqual(po, {
    poNumber: body.purchaseOrder.poNumber,
    quotationId: a.id,
    vendorId: v1.user.id,
    prId: pr.id,
    bidId: bid.id,
    totalAmount: "834.50",
    createdBy: pm.user.id,
  });
  const [event] = await db.query<Json>(
    `select action, from_status as "from", to_status as "to", actor_id as "actor" from purchase_request_events
      where purchase_request_id = $1 order by id desc limit 1`,
    [pr.id],
  );
  assert.deepEqual(event, { action: "awarded", from: "active", to: "completed", actor: pm.user.id });

  const mails = await db.query<{ recipient: string; subject: string; body: string }>(
    "select recipient, subject, body from notification_outbox order by id offset $1",
    [before],
  );
  assert.equal(mails.length, 3, "one email per vendor that quoted");
  assert.deepEqual(mails.map((m) => m.recipient).sort(), [v1.user.email, v2.user.email, v3.user.email].sort());
  const win = mails.find((m) => m.recipient === v1.user.email)!;
  assert.ok(win.subject.includes(body.purchaseOrder.poNumber as string));
  assert.match(win.body, /approved/);
  assert.ok(win.body.includes("$834.50"));
  for (const m of mails.filter((x) => x.recipient !== v1.user.email)) {
    assert.match(m.subject, /not selected/);
    assert.ok(!m.body.includes("834.50"), "losers do not learn the winning price");
  }
  const [entry] = await db.query<{ metadata: Json; userId: number }>(
    `select metadata, user_id as "userId" from audit_logs where action = 'AWARD' and entity_type = 'bid_request' and entity_id = $1`,
    [String(bid.id)],
  );
  assert.equal(entry.userId, pm.user.id);
  assert.equal(entry.metadata.poNumber, body.purchaseOrder.poNumber);
  assert.deepEqual((entry.metadata.rejectedQuotationIds as number[]).sort(), [b.id, c.id].sort());

  // Once awarded, nothing more.
  assert.equal(
    (await expectJson(
      await pm.request(`/api/bid-requests/${bid.id}/award`, { method: "POST", json: { quotationId: b.id } }),
      409,
    ))
      .message,
    "This bid request has already been awarded",
  );
  await expectJson(
    await pm.request(`/api/quotations/${b.id}/status`, { method: "PATCH", json: { status: "under_review" } }),
    409,
  );
  assert.equal(await count("purchase_orders where bid_request_id = $1", [bid.id]), 1);
});

Deno.test(`${tag} award refuses a quotation that is not current or not of this request`, async () => {
  const bid = await insertBid({ status: "bidding_closed" });
  const otherBid = await insertBid({ status: "bidding_closed" });
  const current = await insertQuote({ vendor: v1, bid });
  const older = await insertQuote({ vendor: v2, bid, current: false, revision: 1 });
  await insertQuote({ vendor: v2, bid, revision: 2 });
  const foreign = await insertQuote({ vendor: v3, bid: otherBid });
  const award = (quotationId: unknown, id = bid.id) =>
    pm.request(`/api/bid-requests/${id}/award`, { method: "POST", json: { quotationId } });
  assert.equal(
    (await expectJson(await award(older.id), 409)).message,
    "Only a vendor's current quotation can be awarded",
  );
  assert.equal(
    (await expectJson(await award(foreign.id), 409)).message,
    "This quotation does not belong to this request",
  );
  assert.equal((await expectJson(await award(99999999), 404)).message, "Quotation not found");
  assert.equal((await expectJson(await award(current.id, 99999999), 404)).message, "Bid request not found");
  assert.equal((await expectJson(await award(undefined), 400)).message, "quotationId is required");
  for (const st of ["draft", "bidding_open", "cancelled"]) {
    const b = await insertBid({ status: st });
    const q = await insertQuote({ vendor: v1, bid: b });
    await expectJson(await award(q.id, b.id), 409);
  }
  assert.equal(await status("quotations", current.id), "submitted");
  assert.equal(await status("bid_requests", bid.id), "bidding_closed");
});

Deno.test(`${tag} POST /api/purchase-requests/:id/award completes an active purchase request`, async () => {
  const pr = await insertPr();
  const a = await insertQuote({ vendor: v2, pr });
  const b = await insertQuote({ vendor: v3, pr });
  const res = await admin.request(`/api/purchase-requests/${pr.id}/award`, {
    method: "POST",
    json: { quotationId: b.id },
  });
  const body = await expectJson<{ purchaseOrder: Json }>(res, 201);
  assert.equal(await status("quotations", b.id), "approved");
  assert.equal(await status("quotations", a.id), "rejected");
  assert.equal(await status("purchase_requests", pr.id), "completed");
  assert.equal(
    await count("purchase_request_events where purchase_request_id = $1 and action = 'awarded'", [pr.id]),
    1,
  );
  assert.equal(await count("purchase_orders where purchase_request_id = $1 and bid_request_id is null", [pr.id]), 1);
  assert.equal(body.purchaseOrder.totalAmount, b.total);
  assert.equal(
    (await expectJson(
      await admin.request(`/api/purchase-requests/${pr.id}/award`, { method: "POST", json: { quotationId: a.id } }),
      409,
    ))
      .message,
    "This purchase request has already been awarded or completed",
  );
  const pending = await insertPr({ status: "pending" });
  const pq = await insertQuote({ vendor: v1, pr: pending });
  await expectJson(
    await admin.request(`/api/purchase-requests/${pending.id}/award`, { method: "POST", json: { quotationId: pq.id } }),
    409,
  );
});

Deno.test(`${tag} award is atomic: a failure while issuing the PO leaves nothing changed`, async () => {
  const pr = await insertPr();
  const bid = await insertBid({ status: "bidding_closed", prId: pr.id });
  const q1 = await insertQuote({ vendor: v1, bid });
  const q2 = await insertQuote({ vendor: v2, bid });
  const snapshot = async () => ({
    quotations: await db.query("select id, status, updated_at from quotations where bid_request_id = $1 order by id", [
      bid.id,
    ]),
    bid: await db.query("select status, version, updated_at from bid_requests where id = $1", [bid.id]),
    pr: await db.query("select status, version, updated_at from purchase_requests where id = $1", [pr.id]),
    events: await count("purchase_request_events"),
    orders: await count("purchase_orders"),
    outbox: await count("notification_outbox"),
    audit: await count("audit_logs"),
    awards: await count("audit_logs where action = 'AWARD'"),
    counters: await db.query("select prefix, year, last_value from document_counters order by prefix, year"),
  });
  const before = await snapshot();
  const lastPo =
    (await db.query<{ n: number }>("select last_value as n from document_counters where prefix = 'PO' and year = $1", [
      YEAR,
    ]))[0]?.n ?? 0;

  await db.exec(`
    create function refuse_po() returns trigger language plpgsql as $$ begin raise exception 'no purchase orders today'; end $$;
    create trigger refuse_po before insert on purchase_orders for each row execute function refuse_po();`);
  try {
    const res = await pm.request(`/api/bid-requests/${bid.id}/award`, { method: "POST", json: { quotationId: q1.id } });
    assert.ok(res.status >= 500, `an error status, got ${res.status}`);
    const failed = await res.json();
    assert.equal(failed.message, "Internal server error");
    assert.ok(!JSON.stringify(failed).includes("no purchase orders today"), "no SQL error text reaches the client");
  } finally {
    await db.exec("drop trigger refuse_po on purchase_orders; drop function refuse_po();");
  }
  assert.deepEqual(await snapshot(), before);

  const ok = await expectJson<{ purchaseOrder: Json }>(
    await pm.request(`/api/bid-requests/${bid.id}/award`, { method: "POST", json: { quotationId: q1.id } }),
    201,
  );
  assert.equal(
    ok.purchaseOrder.poNumber,
    `PO-${YEAR}-${String(lastPo + 1).padStart(4, "0")}`,
    "the failed attempt used no number",
  );
  assert.equal(await status("quotations", q2.id), "rejected");
});

// ------------------------------------------------------------------------------------------------
// PDFs and purchase orders

/** The PDF's bytes as Latin-1 text (the content streams are uncompressed, with literal strings). */
async function pdfText(res: Response) {
  assert.equal(res.status, 200, `PDF status ${res.status}`);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  const bytes = new Uint8Array(await res.arrayBuffer());
  const text = new TextDecoder("latin1").decode(bytes);
  assert.ok(text.startsWith("%PDF-"));
  return { bytes, text, disposition: res.headers.get("content-disposition") ?? "" };
}

Deno.test(`${tag} GET /api/quotations/:id/pdf: staff and the owning vendor only`, async () => {
  const pr = await insertPr();
  const q = await insertQuote({
    vendor: v1,
    pr,
    prices: ["1234.50", "1.00", "2.00"],
    notes: "Price (incl. VAT) \\ net",
    leadTimeDays: 12,
  });
  const { text, disposition } = await pdfText(await staff.purchase_team.request(`/api/quotations/${q.id}/pdf`));
  assert.equal(disposition, `attachment; filename="quotation-${q.id}-${pr.number}.pdf"`);
  for (
    const s of [
      `(${(await vendorName(v1))})`,
      `(${pr.number} - Request`,
      "(Laptop)",
      "(1234.50)",
      "(2469.00)",
      `(${q.total})`,
      "(12 days)",
      "(submitted)",
      "(Price \\(incl. VAT\\) \\\\ net)",
    ]
  ) assert.ok(text.includes(s), `PDF contains ${s}`);
  await pdfText(await v1.request(`/api/quotations/${q.id}/pdf`));
  assert.equal((await expectJson(await v2.request(`/api/quotations/${q.id}/pdf`), 404)).message, "Quotation not found");
  await expectJson(await v2.request(`/api/quotations/${q.id}`), 403);
});

Deno.test(`${tag} purchase orders: list for staff, details and PDF for staff and the vendor it was issued to`, async () => {
  const bid = await insertBid({ status: "bidding_closed" });
  const a = await insertQuote({ vendor: v2, bid, prices: ["600.00", "30.00", "1.50"] }); // 1200 + 30 + 4.5
  await insertQuote({ vendor: v3, bid });
  const { purchaseOrder } = await expectJson<{ purchaseOrder: { id: number; poNumber: string } }>(
    await pm.request(`/api/bid-requests/${bid.id}/award`, {
      method: "POST",
      json: { quotationId: a.id, justification: "Preferred supplier framework" },
    }),
    201,
  );
  const listRes = await staff.purchase_team.request("/api/purchase-orders?limit=200");
  const list = await expectJson<Row[]>(listRes, 200);
  assert.ok(Number(listRes.headers.get("x-total-count")) >= 1);
  const row = list.find((x) => x.id === purchaseOrder.id)!;
  assert.equal(row.poNumber, purchaseOrder.poNumber);
  assert.equal(row.vendorName, await vendorName(v2));
  assert.equal(row.requestNumber, bid.number);
  assert.equal(row.totalAmount, "1234.50");
  const mine = await expectJson<Row[]>(await admin.request(`/api/purchase-orders?vendorId=${v2.user.id}`), 200);
  assert.ok(mine.every((x) => x.vendorId === v2.user.id) && mine.some((x) => x.id === purchaseOrder.id));
  // A vendor reads the same register, filtered to its own orders.
  assert.deepEqual(await expectJson(await v2.request(`/api/purchase-orders?vendorId=${v3.user.id}`), 200), []);
  const own = await expectJson<Row[]>(await v2.request("/api/purchase-orders"), 200);
  assert.ok(own.every((x) => x.vendorId === v2.user.id) && own.some((x) => x.id === purchaseOrder.id));

  const detail = await expectJson<Json>(await v2.request(`/api/purchase-orders/${purchaseOrder.id}`), 200);
  assert.equal(detail.poNumber, purchaseOrder.poNumber);
  assert.equal((detail.lines as Row[]).length, 3);
  assert.equal((detail.vendor as Json).email, v2.user.email);
  await expectJson(await staff.cost_finance_controller.request(`/api/purchase-orders/${purchaseOrder.id}`), 200);
  assert.equal(
    (await expectJson(await v3.request(`/api/purchase-orders/${purchaseOrder.id}`), 404)).message,
    "Purchase order not found",
  );
  await expectJson(await v3.request(`/api/purchase-orders/${purchaseOrder.id}/pdf`), 404);
  await expectJson(await admin.request("/api/purchase-orders/99999999"), 404);

  for (const session of [admin, v2]) {
    const { bytes, text, disposition } = await pdfText(
      await session.request(`/api/purchase-orders/${purchaseOrder.id}/pdf`),
    );
    assert.equal(disposition, `attachment; filename="${purchaseOrder.poNumber}.pdf"`);
    assert.ok(text.includes(`(${purchaseOrder.poNumber})`), "the PO number is in the page text");
    assert.ok(text.includes("($1,234.50)"), "the total is in the page text (formatted in the vendor's language)");
    assert.ok(text.includes(`(${bid.number} - Bid`), "the request is named");
    assert.ok(text.includes("(Laptop)") && text.includes("(600.00)") && text.includes("(1,200.00)"));
    const doc = await PDFDocument.load(bytes);
    assert.equal(doc.getTitle(), purchaseOrder.poNumber);
    assert.equal(doc.getSubject(), "Total USD 1234.50");
    assert.equal(doc.getPageCount(), 1);
  }
});

// ------------------------------------------------------------------------------------------------
// the whole loop through the real endpoints

Deno.test(`${tag} sealed bid end to end: submit, staff see only the count, close, unseal, compare, award`, async () => {
  const cat = await createCategory(db);
  const [w1, w2] = [await as(t, "vendor", { categoryIds: [cat] }), await as(t, "vendor", { categoryIds: [cat] })];
  const iso = (days: number) => new Date(Date.now() + days * DAY).toISOString();
  const created = await expectJson<{ id: number; status: string }>(
    await pm.request("/api/bid-requests", {
      method: "POST",
      json: {
        title: "Office furniture",
        description: "Desks and chairs",
        department: "Facilities",
        qualificationCriteria: "Two years of references",
        deadline: iso(21),
        biddingDeadline: iso(14),
        biddingMode: "sealed",
        categoryId: cat,
        vendorPrequalification: false,
        minimumYearsExperience: 0,
        items: [
          { itemName: "Desk", quantity: 4, estimatedPrice: 300, categoryId: cat },
          { itemName: "Chair", quantity: 8, estimatedPrice: 50, categoryId: cat },
        ],
      },
    }),
    201,
  );
  const bidId = created.id;
  assert.equal(created.status, "bidding_open");
  const itemIds =
    (await db.query<{ id: number }>("select id from bid_request_items where bid_request_id = $1 order by position", [
      bidId,
    ]))
      .map((r) => r.id);
  const submit = async (v: Session, prices: [string, string]) =>
    await expectJson<{ id: number }>(
      await v.request("/api/vendor/quotations", {
        method: "POST",
        json: {
          bidRequestId: bidId,
          validityPeriod: 30,
          notes: `terms of ${v.user.email}`,
          items: itemIds.map((itemId, i) => ({ itemId, unitPrice: prices[i] })),
        },
      }),
      201,
    );
  await submit(w1, ["287.35", "41.15"]); // 1149.40 + 329.20 = 1478.60
  await submit(w2, ["299.95", "39.95"]); // 1199.80 + 319.60 = 1519.40
  const secrets = [
    "287.35",
    "41.15",
    "1478.60",
    "299.95",
    "39.95",
    "1519.40",
    await vendorName(w1),
    await vendorName(w2),
  ];

  for (const [role, session] of Object.entries(staff)) {
    const texts = [
      await (await session.request(`/api/quotations?bidRequestId=${bidId}`)).text(),
      await (await session.request("/api/quotations?limit=200")).text(),
      await (await session.request(`/api/bid-requests/${bidId}/comparison`)).text(),
    ];
    for (const id of (await db.query<{ id: number }>("select id from quotations where bid_request_id = $1", [bidId]))) {
      const res = await session.request(`/api/quotations/${id.id}`);
      assert.equal(res.status, 403, `${role}: details refused`);
      texts.push(await res.text());
    }
    // A price as a value, not as part of a timestamp ("…T05:09:39.950Z") or of a longer number.
    const leaks = (text: string, s: string) =>
      new RegExp(`(^|[^0-9.:])${s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}([^0-9]|$)`).test(text);
    for (const text of texts) for (const s of secrets) assert.ok(!leaks(text, s), `${role} must not see ${s}`);
    const stats = await expectJson<{ sealedSubmissions: number }>(await session.request("/api/quotations/stats"), 200);
    assert.ok(stats.sealedSubmissions >= 2);
  }

  await expectJson(
    await pm.request(`/api/bid-requests/${bidId}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed", reason: "Both invited vendors have submitted" },
    }),
    200,
  );
  assert.equal((await expectJson(await pm.request(`/api/bid-requests/${bidId}/comparison`), 409)).message, SEALED);
  await expectJson(await pm.request(`/api/bid-requests/${bidId}/unseal`, { method: "POST" }), 200);

  const cmp = await expectJson<{ quotations: Row[]; rows: Row[] }>(
    await pm.request(`/api/bid-requests/${bidId}/comparison`),
    200,
  );
  assert.deepEqual(cmp.quotations.map((x) => [x.vendorId, x.totalAmount, x.rank, x.isLowestTotal]), [
    [w1.user.id, "1478.60", 1, true],
    [w2.user.id, "1519.40", 2, false],
  ]);
  assert.deepEqual(cmp.rows.map((r) => (r.cells as Json[]).map((cell) => cell.isLowestUnitPrice)), [[true, false], [
    false,
    true,
  ]]);
  const winner = cmp.quotations[0].id;
  const { purchaseOrder } = await expectJson<{ purchaseOrder: { id: number; poNumber: string } }>(
    await pm.request(`/api/bid-requests/${bidId}/award`, { method: "POST", json: { quotationId: winner } }),
    201,
  );
  const mine = async (v: Session) =>
    (await expectJson<Row[]>(await v.request("/api/vendor/quotations"), 200)).find((x) => x.bidRequestId === bidId)!;
  assert.equal((await mine(w1)).status, "approved");
  assert.equal((await mine(w2)).status, "rejected");
  const { text } = await pdfText(await w1.request(`/api/purchase-orders/${purchaseOrder.id}/pdf`));
  assert.ok(text.includes(`(${purchaseOrder.poNumber})`) && text.includes("($1,478.60)"));
});

import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser, type Session, signIn } from "../helpers/users.ts";

const tag = `[opportunities/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db, "Stationery");
const OTHER = await createCategory(db, "Heavy machinery");
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const vendorA = await as(t, "vendor", { categoryIds: [CAT] });
const vendorB = await as(t, "vendor", { categoryIds: [CAT] });
const outsider = await as(t, "vendor", { categoryIds: [OTHER] });
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
// Item prices come out of json_build_object as JSON numbers.
const money = (v: unknown) => Number(v).toFixed(2);

type Opportunity = {
  kind: "purchase_request" | "bid_request";
  id: number;
  requestId: string;
  title: string;
  itemCount: number;
  items: {
    id: number;
    name: string;
    quantity: number;
    unit: string;
    estimatedPrice: number | string;
    specifications?: string;
    technicalRequirements?: string;
  }[];
};
type Quotation = {
  id: number;
  purchaseRequestId: number | null;
  bidRequestId: number | null;
  status: string;
  isCurrent: boolean;
  revision: number;
  totalAmount: string;
  validityDays: number;
  notes: string | null;
  items: {
    itemId: number;
    name: string;
    quantity: number;
    unit: string;
    unitPrice: number | string;
    totalPrice: number | string;
  }[];
  attachments: { id: number; filename: string }[];
};

/** A purchase request in the given state (created through the API, status and deadline set in SQL). */
async function pr(
  opts: {
    status?: string;
    requestType?: string;
    categoryId?: number;
    deadlineMs?: number;
    title?: string;
    items?: Record<string, unknown>[];
  } = {},
) {
  const res = await team.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title: opts.title ?? `PR ${crypto.randomUUID().slice(0, 6)}`,
      description: "Opportunity test",
      department: "Admin",
      justification: "Needed",
      requestType: opts.requestType ?? "vendor_quote",
      categoryId: opts.categoryId ?? CAT,
      deadline: iso(opts.deadlineMs ?? 5 * DAY),
      items: opts.items ?? [
        { itemName: "Pens", quantity: 3, unit: "box", estimatedPrice: "900.00", categoryId: opts.categoryId ?? CAT },
        { itemName: "Paper", quantity: 10, unit: "ream", estimatedPrice: "4.5", categoryId: opts.categoryId ?? CAT },
      ],
    },
  });
  const body = await expectJson<{ id: number; requestId: string; items: { id: number }[] }>(res, 201);
  await db.query("update purchase_requests set status = $2 where id = $1", [body.id, opts.status ?? "active"]);
  return body;
}

async function bid(over: Record<string, unknown> = {}) {
  const res = await manager.request("/api/bid-requests", {
    method: "POST",
    json: {
      title: `Bid ${crypto.randomUUID().slice(0, 6)}`,
      description: "Opportunity test",
      department: "Admin",
      qualificationCriteria: "Any",
      deadline: iso(21 * DAY),
      biddingDeadline: iso(14 * DAY),
      categoryId: CAT,
      items: [{ itemName: "Stapler", quantity: 3, unit: "pcs", estimatedPrice: "12.00", categoryId: CAT }],
      ...over,
    },
  });
  return await expectJson<{ id: number; bidNumber: string; status: string; items: { id: number }[] }>(res, 201);
}

async function matching(s: Session) {
  const res = await s.request("/api/vendor/matching-prs");
  const text = await res.clone().text();
  return { list: await expectJson<Opportunity[]>(res, 200), text };
}

const submit = (s: Session, body: unknown) => s.request("/api/vendor/quotations", { method: "POST", json: body });

async function count(sql: string, params: unknown[] = []) {
  return (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;
}

async function written() {
  return {
    quotations: await count("quotations"),
    items: await count("quotation_items"),
    files: await count("files"),
    attachments: await count("quotation_attachments"),
  };
}

const PDF = new TextEncoder().encode(
  "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n",
);

// ---------------------------------------------------------------------------------------------
// Matching opportunities

Deno.test(`${tag} GET /api/vendor/matching-prs: active requests needing quotes, in the vendor's categories, before their deadline`, async () => {
  const quote = await pr({ requestType: "vendor_quote" });
  const bidRequired = await pr({ requestType: "bid_required" });
  const internal = await pr({ requestType: "internal" });
  const pending = await pr({ status: "pending" });
  const completed = await pr({ status: "completed" });
  const past = await pr();
  await db.query("update purchase_requests set deadline = now() - interval '1 second' where id = $1", [past.id]);
  const otherCat = await pr({ categoryId: OTHER });

  const { list } = await matching(vendorA);
  const prIds = list.filter((o) => o.kind === "purchase_request").map((o) => o.id);
  assert.ok(prIds.includes(quote.id) && prIds.includes(bidRequired.id));
  for (const excluded of [internal, pending, completed, past, otherCat]) {
    assert.ok(!prIds.includes(excluded.id), `${excluded.id} excluded`);
  }

  const one = list.find((o) => o.kind === "purchase_request" && o.id === quote.id)!;
  assert.equal(one.requestId, quote.requestId);
  // A list row carries the item count and (up to) the first three items, as the row keeps them.
  assert.equal(one.itemCount, 2);
  assert.deepEqual(
    one.items,
    [
      { id: quote.items[0].id, name: "Pens", quantity: 3, unit: "box", estimatedPrice: "900.00" },
      { id: quote.items[1].id, name: "Paper", quantity: 10, unit: "ream", estimatedPrice: "4.50" },
    ],
  );

  // The vendor of the other category sees that one, not ours.
  const theirs = (await matching(outsider)).list.map((o) => o.id);
  assert.ok(theirs.includes(otherCat.id));
  assert.ok(!theirs.includes(quote.id));
});

Deno.test(`${tag} GET /api/vendor/matching-prs with enable_vendor_matching 'false': other categories appear, internal never`, async () => {
  const otherCat = await pr({ categoryId: OTHER });
  const internal = await pr({ requestType: "internal" });
  const otherBid = await bid({ categoryId: OTHER, items: [{ itemName: "Crane", quantity: 1, categoryId: OTHER }] });
  await db.query("update settings set value = 'false' where key = 'enable_vendor_matching'");
  try {
    const { list } = await matching(vendorA);
    assert.ok(list.some((o) => o.kind === "purchase_request" && o.id === otherCat.id));
    assert.ok(list.some((o) => o.kind === "bid_request" && o.id === otherBid.id));
    assert.ok(!list.some((o) => o.kind === "purchase_request" && o.id === internal.id));
    // Nor can it quote on the internal one.
    const before = await written();
    const res = await submit(vendorA, {
      purchaseRequestId: internal.id,
      items: [{ itemId: internal.items[0].id, unitPrice: "1" }],
    });
    await expectJson(res, 409);
    assert.deepEqual(await written(), before);
  } finally {
    await db.query("update settings set value = 'true' where key = 'enable_vendor_matching'");
  }
  const { list } = await matching(vendorA);
  assert.ok(!list.some((o) => o.kind === "purchase_request" && o.id === otherCat.id));
  assert.ok(!list.some((o) => o.kind === "bid_request" && o.id === otherBid.id));
});

Deno.test(`${tag} GET /api/vendor/matching-prs: a list row has itemCount and the first three items; ids= answers every item`, async () => {
  const names = ["Pens", "Paper", "Toner", "Stapler", "Folders"];
  const p = await pr({
    items: names.map((itemName, n) => ({
      itemName,
      quantity: n + 1,
      unit: "box",
      estimatedPrice: `${n + 1}.25`,
      specification: `spec ${n}`,
      categoryId: CAT,
    })),
  });
  const b = await bid({
    items: names.map((itemName, n) => ({
      itemName,
      quantity: n + 2,
      unit: "pcs",
      estimatedPrice: `${n + 2}.00`,
      specification: `bid spec ${n}`,
      categoryId: CAT,
    })),
  });
  const { list } = await matching(vendorA);
  const row = list.find((o) => o.kind === "purchase_request" && o.id === p.id)!;
  assert.equal(row.itemCount, 5);
  assert.deepEqual(
    row.items,
    p.items.slice(0, 3).map((i, n) => ({
      id: i.id,
      name: names[n],
      quantity: n + 1,
      unit: "box",
      estimatedPrice: `${n + 1}.25`,
    })),
  );
  const bidRow = list.find((o) => o.kind === "bid_request" && o.id === b.id)!;
  assert.equal(bidRow.itemCount, 5);
  assert.deepEqual(bidRow.items.map((i) => [i.id, i.name]), b.items.slice(0, 3).map((i, n) => [i.id, names[n]]));

  const res = await vendorA.request(`/api/vendor/matching-prs?ids=purchase_request:${p.id},bid_request:${b.id}`);
  const full = await expectJson<Opportunity[]>(res, 200);
  const fullPr = full.find((o) => o.kind === "purchase_request")!;
  assert.equal(fullPr.itemCount, 5);
  assert.deepEqual(
    fullPr.items.map((i) => [i.id, i.name, i.quantity, money(i.estimatedPrice), i.specifications]),
    p.items.map((i, n) => [i.id, names[n], n + 1, `${n + 1}.25`, `spec ${n}`]),
  );
  const fullBid = full.find((o) => o.kind === "bid_request")!;
  assert.equal(fullBid.itemCount, 5);
  assert.deepEqual(
    fullBid.items.map((i) => [i.id, i.name, i.quantity, i.specifications]),
    b.items.map((i, n) => [i.id, names[n], n + 2, `bid spec ${n}`]),
  );
  // A quotation still prices every item, the two not on the list row too.
  const q = await expectJson<Quotation>(
    await submit(vendorA, {
      purchaseRequestId: p.id,
      items: fullPr.items.map((i) => ({ itemId: i.id, unitPrice: "2" })),
    }),
    201,
  );
  assert.equal(q.items.length, 5);
});

Deno.test(`${tag} GET /api/vendor/matching-prs includes open bid requests (kind 'bid_request'), not drafts or closed ones`, async () => {
  const open = await bid();
  const draft = await bid({ status: "draft" });
  const notYet = await bid({ biddingStartAt: iso(DAY) });
  const closed = await bid();
  await expectJson(
    await manager.request(`/api/bid-requests/${closed.id}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed", reason: "Closed early in the test" },
    }),
    200,
  );
  const { list } = await matching(vendorA);
  const bids = list.filter((o) => o.kind === "bid_request");
  const found = bids.find((o) => o.id === open.id);
  assert.ok(found, "the open bid is listed");
  assert.equal(found.requestId, open.bidNumber);
  assert.deepEqual(found.items.map((i) => [i.id, i.name, i.quantity, i.unit]), [[
    open.items[0].id,
    "Stapler",
    3,
    "pcs",
  ]]);
  for (const excluded of [draft, notYet, closed]) {
    assert.ok(!bids.some((o) => o.id === excluded.id), `${excluded.status} excluded`);
  }
  // An open PR and an open bid may share an id: kind tells them apart.
  assert.ok(list.every((o) => o.kind === "purchase_request" || o.kind === "bid_request"));
});

Deno.test(`${tag} GET /api/vendor/matching-prs?kind=bid_request: the total counts the bids listed, uncategorised ones too`, async () => {
  // Its own category, so what the vendor matches is known: the count reads sql/0031's index by
  // coalesce(category_id, 0), the rows the closing-order index by category_id is null or in the list.
  const mine = await createCategory(db, `Count ${crypto.randomUUID().slice(0, 6)}`);
  const vendor = await as(t, "vendor", { categoryIds: [mine] });
  const item = (
    categoryId?: number,
  ) => [{ itemName: "Ladder", quantity: 1, unit: "pcs", estimatedPrice: "5", categoryId }];
  const inMine = [
    await bid({ categoryId: mine, items: item(mine) }),
    await bid({ categoryId: mine, items: item(mine) }),
  ];
  // The API files a bid without a category under a default one: uncategorised in SQL.
  const uncategorised = await bid({ categoryId: undefined, items: item() });
  await db.query("update bid_requests set category_id = null where id = $1", [uncategorised.id]);
  const other = await bid({ categoryId: OTHER, items: item(OTHER) });
  const notYet = await bid({ categoryId: mine, items: item(mine), biddingStartAt: iso(DAY) });
  const res = await vendor.request("/api/vendor/matching-prs?kind=bid_request&limit=100");
  const total = Number(res.headers.get("x-total-count"));
  const ids = (await expectJson<Opportunity[]>(res, 200)).map((o) => o.id);
  for (const b of [...inMine, uncategorised]) assert.ok(ids.includes(b.id), `bid ${b.id} listed`);
  for (const b of [other, notYet]) assert.ok(!ids.includes(b.id), `bid ${b.id} not listed`);
  assert.ok(ids.length < 100, "one page holds them all");
  assert.equal(total, ids.length);
  // Every uncategorised open bid of the database is in the vendor's count, none of another category.
  const [{ n }] = await db.query<{ n: number }>(
    `select count(*)::int as n from bid_requests where status in ('published', 'bidding_open')
       and (bidding_start_at is null or bidding_start_at <= now()) and bidding_deadline > now()
       and (category_id is null or category_id = $1)`,
    [mine],
  );
  assert.equal(total, n);
});

Deno.test(`${tag} GET /api/vendor/matching-prs never shows bid counts or other vendors' data`, async () => {
  const p = await pr();
  const b = await bid();
  await expectJson(
    await submit(vendorB, {
      purchaseRequestId: p.id,
      items: [{ itemId: p.items[0].id, unitPrice: "777.31" }],
      notes: "B-secret-note",
    }),
    201,
  );
  await expectJson(
    await submit(vendorB, { bidRequestId: b.id, items: [{ itemId: b.items[0].id, unitPrice: "555.13" }] }),
    201,
  );
  const { list, text } = await matching(vendorA);
  assert.ok(list.some((o) => o.id === p.id) && list.some((o) => o.id === b.id));
  for (
    const leak of [
      "bidCount",
      "createdBy",
      "created_by",
      "777.31",
      "555.13",
      "B-secret-note",
      vendorB.user.email,
      `Vendor Co ${vendorB.user.id}`,
    ]
  ) {
    assert.ok(!text.includes(leak), `matching-prs leaks ${leak}`);
  }
});

Deno.test(`${tag} GET /api/vendor/matching-prs: staff 403, signed out 401`, async () => {
  for (const s of [team, manager, await as(t, "admin"), await as(t, "cost_finance_controller")]) {
    await expectJson(await s.request("/api/vendor/matching-prs"), 403);
    await expectJson(await s.request("/api/vendor/quotations"), 403);
  }
  await expectJson(await t.app.request("/api/vendor/matching-prs"), 401);
});

// ---------------------------------------------------------------------------------------------
// Submissions

Deno.test(`${tag} POST /api/vendor/quotations (JSON): names and quantities from the request, exact totals`, async () => {
  const p = await pr();
  const res = await submit(vendorA, {
    purchaseRequestId: p.id,
    items: [
      { itemId: p.items[0].id, unitPrice: "987.65", name: "Gold bars", quantity: 1000, notes: "blue ink" },
      { itemId: p.items[1].id, unitPrice: 0.1 },
    ],
    totalAmount: "1.00",
    validityPeriod: 45,
    leadTimeDays: 7,
    notes: "Delivery in a week",
  });
  const q = await expectJson<Quotation>(res, 201);
  assert.equal(q.purchaseRequestId, p.id);
  assert.equal(q.status, "submitted");
  assert.equal(q.revision, 1);
  assert.equal(q.isCurrent, true);
  assert.equal(q.validityDays, 45);
  assert.equal(q.notes, "Delivery in a week");
  // 3 x 987.65 = 2962.95, 10 x 0.10 = 1.00; the client's totalAmount is ignored.
  assert.equal(q.totalAmount, "2963.95");
  assert.deepEqual(
    q.items.map((i) => [i.itemId, i.name, i.quantity, i.unit, money(i.unitPrice), money(i.totalPrice)]),
    [[p.items[0].id, "Pens", 3, "box", "987.65", "2962.95"], [p.items[1].id, "Paper", 10, "ream", "0.10", "1.00"]],
  );
  const stored = await db.query<
    { name: string; quantity: number; unit_price: string; total_price: string; notes: string }
  >(
    `select name, quantity, unit_price::text, total_price::text, notes from quotation_items where quotation_id = $1 order by id`,
    [q.id],
  );
  assert.deepEqual([...stored], [
    { name: "Pens", quantity: 3, unit_price: "987.65", total_price: "2962.95", notes: "blue ink" },
    { name: "Paper", quantity: 10, unit_price: "0.10", total_price: "1.00", notes: "" },
  ]);
  const [row] = await db.query<{ total: string; vendor_id: number; sealed: boolean }>(
    "select total_amount::text as total, vendor_id, sealed from quotations where id = $1",
    [q.id],
  );
  assert.deepEqual(row, { total: "2963.95", vendor_id: vendorA.user.id, sealed: false });
  assert.equal(
    await count("audit_logs where action = 'CREATE' and entity_type = 'quotation' and entity_id = $1", [String(q.id)]),
    1,
  );
});

Deno.test(`${tag} POST /api/vendor/quotations (multipart): quotation JSON string plus pdf attachments`, async () => {
  const p = await pr();
  const form = new FormData();
  form.append(
    "quotation",
    JSON.stringify({ purchaseRequestId: p.id, items: [{ itemId: p.items[0].id, unitPrice: "5.25" }] }),
  );
  form.append("attachments", new File([PDF], "offer.pdf", { type: "application/pdf" }));
  form.append("attachments", new File([PDF], "terms.pdf", { type: "application/pdf" }));
  const q = await expectJson<Quotation>(
    await vendorA.request("/api/vendor/quotations", { method: "POST", body: form }),
    201,
  );
  assert.equal(q.totalAmount, "15.75");
  assert.deepEqual(q.attachments.map((a) => a.filename), ["offer.pdf", "terms.pdf"]);
  const files = await db.query<{ purpose: string; encrypted: boolean; owner_user_id: number }>(
    `select f.purpose, f.encrypted, f.owner_user_id from files f join quotation_attachments a on a.file_id = f.id
      where a.quotation_id = $1`,
    [q.id],
  );
  assert.deepEqual([...files], [
    { purpose: "quotation_attachment", encrypted: false, owner_user_id: vendorA.user.id },
    { purpose: "quotation_attachment", encrypted: false, owner_user_id: vendorA.user.id },
  ]);
  const download = await vendorA.request(`/api/files/${q.attachments[0].id}`);
  assert.equal(download.status, 200);
  assert.deepEqual(new Uint8Array(await download.arrayBuffer()), PDF);
  // Another vendor cannot download it.
  await expectJson(await vendorB.request(`/api/files/${q.attachments[0].id}`), 403);
});

Deno.test(`${tag} POST /api/vendor/quotations: a renamed .exe is 415 and a file over 10 MB is 413, nothing written`, async () => {
  const p = await pr();
  const exe = new Uint8Array(4096);
  exe.set([0x4d, 0x5a, 0x90, 0x00, 0x03]); // "MZ" header of a Windows executable
  const big = new Uint8Array(10 * 1024 * 1024 + 1);
  big.set(PDF);
  const before = await written();
  for (
    const [file, status] of [[new File([exe], "quote.pdf", { type: "application/pdf" }), 415], [
      new File([big], "big.pdf", { type: "application/pdf" }),
      413,
    ]] as const
  ) {
    const form = new FormData();
    form.append(
      "quotation",
      JSON.stringify({ purchaseRequestId: p.id, items: [{ itemId: p.items[0].id, unitPrice: "5" }] }),
    );
    form.append("attachments", new File([PDF], "fine.pdf", { type: "application/pdf" }));
    form.append("attachments", file);
    await expectJson(await vendorA.request("/api/vendor/quotations", { method: "POST", body: form }), status);
  }
  assert.deepEqual(await written(), before);
});

Deno.test(`${tag} POST /api/vendor/quotations: unit prices above 0, validity period rules, unknown items`, async () => {
  const p = await pr();
  const other = await pr();
  const before = await written();
  for (
    const line of [{ unitPrice: 0 }, { unitPrice: "0.00" }, {}, { unitPrice: "" }, { unitPrice: -5 }, {
      unitPrice: "abc",
    }, { unitPrice: "1.001" }]
  ) {
    const res = await submit(vendorA, {
      purchaseRequestId: p.id,
      items: [{ itemId: p.items[0].id, unitPrice: "10" }, { itemId: p.items[1].id, ...line }],
    });
    assert.equal(
      (await expectJson(res, 400)).message,
      "Please enter valid unit prices for all items",
      JSON.stringify(line),
    );
  }
  const foreign = await submit(vendorA, {
    purchaseRequestId: p.id,
    items: [{ itemId: other.items[0].id, unitPrice: "10" }],
  });
  assert.equal((await expectJson(foreign, 400)).message, "An item does not belong to this request");
  assert.deepEqual(await written(), before, "nothing written");

  const validity = async (validityPeriod: unknown) => {
    const res = await submit(vendorA, {
      purchaseRequestId: p.id,
      items: [{ itemId: p.items[0].id, unitPrice: "10" }],
      validityPeriod,
    });
    return (await expectJson<Quotation>(res, 201)).validityDays;
  };
  assert.equal(await validity("abc"), 30);
  assert.equal(await validity(undefined), 30);
  assert.equal(await validity("14"), 14);
  assert.equal(await validity(365), 365);
  // 0, negative or over a year is refused with the field and message, not silently turned into 1 or 365.
  for (const refused of [0, -4, "0", 366]) {
    const before = await written();
    const res = await submit(vendorA, {
      purchaseRequestId: p.id,
      items: [{ itemId: p.items[0].id, unitPrice: "10" }],
      validityPeriod: refused,
    });
    const body = await expectJson<{ message: string; issues?: { path?: unknown; field?: string; message: string }[] }>(
      res,
      400,
    );
    assert.equal(body.message, "Validity must be from 1 to 365 days", JSON.stringify(refused));
    assert.ok(JSON.stringify(body.issues ?? []).includes("validityPeriod"), JSON.stringify(body.issues));
    assert.deepEqual(await written(), before, "nothing written");
  }
});

Deno.test(`${tag} POST /api/vendor/quotations: ineligible vendors and requests answer 409 and write nothing`, async () => {
  const p = await pr();
  const internal = await pr({ requestType: "internal" });
  const pending = await pr({ status: "pending" });
  const before = await written();
  const line = (x: { items: { id: number }[] }) => [{ itemId: x.items[0].id, unitPrice: "10" }];
  await expectJson(await submit(outsider, { purchaseRequestId: p.id, items: line(p) }), 409);
  await expectJson(await submit(vendorA, { purchaseRequestId: internal.id, items: line(internal) }), 409);
  await expectJson(await submit(vendorA, { purchaseRequestId: pending.id, items: line(pending) }), 409);
  await expectJson(await submit(vendorA, { purchaseRequestId: 999999, items: [{ itemId: 1, unitPrice: "10" }] }), 404);
  const b = await bid();
  await expectJson(await submit(outsider, { bidRequestId: b.id, items: line(b) }), 409);
  assert.deepEqual(await written(), before);

  // A pending vendor cannot even sign in; one moved back to pending loses its session.
  const pendingVendor = await createUser(db, "vendor", { categoryIds: [CAT], vendorStatus: "pending" });
  await assert.rejects(signIn(t, pendingVendor), /401/);
  const demoted = await as(t, "vendor", { categoryIds: [CAT] });
  await db.query("update vendor_profiles set status = 'pending' where user_id = $1", [demoted.user.id]);
  await expectJson(await submit(demoted, { purchaseRequestId: p.id, items: line(p) }), 401);
  // Staff cannot submit.
  await expectJson(await submit(team, { purchaseRequestId: p.id, items: line(p) }), 403);
  assert.deepEqual(await written(), before);
});

Deno.test(`${tag} POST /api/vendor/quotations one second after the deadline, or after Close Bidding, answers 409`, async () => {
  const p = await pr();
  const b = await bid();
  const b2 = await bid();
  const before = await written();
  await db.query("update purchase_requests set deadline = now() - interval '1 second' where id = $1", [p.id]);
  await db.query("update bid_requests set bidding_deadline = now() - interval '1 second' where id = $1", [b.id]);
  await expectJson(
    await submit(vendorA, { purchaseRequestId: p.id, items: [{ itemId: p.items[0].id, unitPrice: "10" }] }),
    409,
  );
  const late = await submit(vendorA, { bidRequestId: b.id, items: [{ itemId: b.items[0].id, unitPrice: "10" }] });
  assert.equal(
    (await expectJson(late, 409)).message,
    "Bidding is not open for this request (closed, past its deadline, or not in your categories)",
  );
  await expectJson(
    await manager.request(`/api/bid-requests/${b2.id}/status`, {
      method: "PATCH",
      json: { status: "bidding_closed", reason: "Closed early in the test" },
    }),
    200,
  );
  await expectJson(
    await submit(vendorA, { bidRequestId: b2.id, items: [{ itemId: b2.items[0].id, unitPrice: "10" }] }),
    409,
  );
  assert.deepEqual(await written(), before);
  // The control: the same submission one minute before the deadline is accepted.
  await db.query("update purchase_requests set deadline = now() + interval '1 minute' where id = $1", [p.id]);
  await expectJson(
    await submit(vendorA, { purchaseRequestId: p.id, items: [{ itemId: p.items[0].id, unitPrice: "10" }] }),
    201,
  );
});

Deno.test(`${tag} POST /api/vendor/quotations again before the deadline replaces the quotation and keeps the old one`, async () => {
  const p = await pr();
  const first = await expectJson<Quotation>(
    await submit(vendorA, { purchaseRequestId: p.id, items: [{ itemId: p.items[0].id, unitPrice: "100" }] }),
    201,
  );
  const second = await expectJson<Quotation>(
    await submit(vendorA, { purchaseRequestId: p.id, items: [{ itemId: p.items[0].id, unitPrice: "90" }] }),
    201,
  );
  assert.equal(second.revision, 2);
  assert.equal(second.isCurrent, true);
  assert.equal(second.totalAmount, "270.00");
  const rows = await db.query<{ id: number; is_current: boolean; status: string; revision: number; total: string }>(
    "select id, is_current, status, revision, total_amount::text as total from quotations where purchase_request_id = $1 order by id",
    [p.id],
  );
  assert.deepEqual([...rows], [
    { id: first.id, is_current: false, status: "superseded", revision: 1, total: "300.00" },
    { id: second.id, is_current: true, status: "submitted", revision: 2, total: "270.00" },
  ]);
  // The old revision is still readable by its owner by id.
  const old = await expectJson<Quotation>(await vendorA.request(`/api/vendor/quotations/${first.id}`), 200);
  assert.deepEqual([old.status, old.isCurrent, old.totalAmount], ["superseded", false, "300.00"]);
  // A decided quotation cannot be replaced.
  await db.query("update quotations set status = 'approved' where id = $1", [second.id]);
  const third = await submit(vendorA, { purchaseRequestId: p.id, items: [{ itemId: p.items[0].id, unitPrice: "80" }] });
  assert.equal((await expectJson(third, 409)).message, "Your quotation was already approved; it cannot be replaced");
  assert.equal(await count("quotations where purchase_request_id = $1", [p.id]), 2);
});

Deno.test(`${tag} GET /api/vendor/quotations lists only the vendor's own current quotations; another's by id is 404`, async () => {
  const p = await pr();
  const mine1 = await expectJson<Quotation>(
    await submit(vendorA, { purchaseRequestId: p.id, items: [{ itemId: p.items[0].id, unitPrice: "1" }] }),
    201,
  );
  const mine2 = await expectJson<Quotation>(
    await submit(vendorA, { purchaseRequestId: p.id, items: [{ itemId: p.items[0].id, unitPrice: "2" }] }),
    201,
  );
  const theirs = await expectJson<Quotation>(
    await submit(vendorB, {
      purchaseRequestId: p.id,
      items: [{ itemId: p.items[0].id, unitPrice: "3" }],
      notes: "B only",
    }),
    201,
  );
  const res = await vendorA.request("/api/vendor/quotations");
  const list = await expectJson<Quotation[]>(res, 200);
  const expected = await db.query<{ id: number }>(
    "select id from quotations where vendor_id = $1 and is_current order by id",
    [vendorA.user.id],
  );
  assert.deepEqual(list.map((q) => q.id).sort((a, b) => a - b), expected.map((r) => r.id));
  assert.ok(list.some((q) => q.id === mine2.id));
  assert.ok(!list.some((q) => q.id === mine1.id), "superseded revisions are not listed");
  assert.ok(!list.some((q) => q.id === theirs.id));
  assert.ok(list.every((q) => q.isCurrent));

  assert.equal(
    (await expectJson(await vendorA.request(`/api/vendor/quotations/${theirs.id}`), 404)).message,
    "Quotation not found",
  );
  assert.equal(
    (await expectJson<Quotation>(await vendorB.request(`/api/vendor/quotations/${theirs.id}`), 200)).notes,
    "B only",
  );
  await expectJson(await outsider.request(`/api/vendor/quotations/${mine2.id}`), 404);
  await expectJson(await manager.request(`/api/vendor/quotations/${mine2.id}`), 403);
});

Deno.test(`${tag} a purchase request converted into a bid request is answered through the bid only`, async () => {
  const source = await pr({ requestType: "bid_required" });
  const before = (await matching(vendorA)).list.filter((o) => o.kind === "purchase_request").map((o) => o.id);
  assert.ok(before.includes(source.id));
  const converted = await bid({ purchaseRequestId: source.id });
  const after = (await matching(vendorA)).list;
  assert.ok(!after.some((o) => o.kind === "purchase_request" && o.id === source.id), "the request is gone");
  assert.ok(after.some((o) => o.kind === "bid_request" && o.id === converted.id), "the bid is there");
  const direct = await submit(vendorA, {
    purchaseRequestId: source.id,
    items: [{ itemId: source.items[0].id, unitPrice: "1.00" }],
  });
  await expectJson(direct, 409);
});

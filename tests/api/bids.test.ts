import assert from "node:assert/strict";
import { runBidClock } from "../../src/features/bids/clock-job.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[bids/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

const CAT = await createCategory(db, "Furniture");
const CAT2 = await createCategory(db, "Vehicles");
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const admin = await as(t, "admin");
const vendor = await as(t, "vendor", { categoryIds: [CAT] });
const YEAR = new Date().getUTCFullYear();
const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
// Item prices come out of json_build_object as JSON numbers (the request's own columns are strings).
const money = (v: unknown) => Number(v).toFixed(2);

type Bid = {
  id: number;
  bidNumber: string;
  title: string;
  status: string;
  biddingMode: string;
  evaluationMethod: string;
  vendorPrequalification: boolean;
  minimumYearsExperience: number;
  bondRequired: boolean;
  bondAmount: string;
  priceWeight: number;
  technicalWeight: number;
  estimatedBudget: string;
  purchaseRequestId: number | null;
  bidCount: number;
  category: { id: number } | null;
  biddingStartAt: string | null;
  items: { id: number; name: string; quantity: number; unit: string; estimatedPrice: string; specification: string }[];
};

function bidBody(over: Record<string, unknown> = {}) {
  return {
    title: "Office chairs",
    description: "Ergonomic chairs for the new floor",
    department: "Facilities",
    qualificationCriteria: "Three years of office furniture supply",
    deadline: iso(21 * DAY),
    biddingDeadline: iso(14 * DAY),
    items: [
      {
        itemName: "Chair",
        specification: "Mesh back",
        quantity: 3,
        unit: "pcs",
        estimatedPrice: "987.65",
        categoryId: CAT,
      },
      { itemName: "Footrest", quantity: 2, unit: "pcs", estimatedPrice: 10.1, categoryId: CAT },
    ],
    ...over,
  };
}

async function createBid(s: Session, over: Record<string, unknown> = {}): Promise<Bid> {
  return await expectJson<Bid>(await s.request("/api/bid-requests", { method: "POST", json: bidBody(over) }), 201);
}

const patch = (s: Session, id: number, status: string) =>
  s.request(`/api/bid-requests/${id}/status`, { method: "PATCH", json: { status } });

async function count(sql: string, params: unknown[] = []) {
  return (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;
}

async function bidRow(id: number) {
  return (await db.query<{ status: string; version: number }>(
    "select status, version from bid_requests where id = $1",
    [id],
  ))[0];
}

// ---------------------------------------------------------------------------------------------
// Create

Deno.test(`${tag} POST /api/bid-requests answers 201 with a BR number, opens bidding, computes the budget`, async () => {
  const bid = await createBid(manager, { estimatedBudget: "5.00" });
  assert.match(bid.bidNumber, new RegExp(`^BR-${YEAR}-\\d{4}$`));
  assert.equal(bid.status, "bidding_open");
  // 3 x 987.65 + 2 x 10.10; the client's estimatedBudget is ignored.
  assert.equal(bid.estimatedBudget, "2983.15");
  assert.deepEqual(
    bid.items.map((i) => [i.name, i.quantity, i.unit, money(i.estimatedPrice), i.specification]),
    [["Chair", 3, "pcs", "987.65", "Mesh back"], ["Footrest", 2, "pcs", "10.10", ""]],
  );
  assert.equal(bid.bidCount, 0);
  assert.equal(bid.category?.id, CAT);
  const [stored] = await db.query<{ budget: string; created_by: number }>(
    "select estimated_budget::text as budget, created_by from bid_requests where id = $1",
    [bid.id],
  );
  assert.deepEqual(stored, { budget: "2983.15", created_by: manager.user.id });
  assert.equal(
    await count("audit_logs where action = 'CREATE' and entity_type = 'bid_request' and entity_id = $1", [
      String(bid.id),
    ]),
    1,
  );

  const next = await createBid(team);
  assert.equal(Number(next.bidNumber.split("-")[2]), Number(bid.bidNumber.split("-")[2]) + 1);
});

Deno.test(`${tag} POST /api/bid-requests: the defaults of spec section 9 where omitted`, async () => {
  const bid = await createBid(team);
  assert.equal(bid.biddingMode, "open");
  assert.equal(bid.evaluationMethod, "lowest_price");
  assert.equal(bid.vendorPrequalification, true);
  assert.equal(bid.minimumYearsExperience, 2);
  assert.equal(bid.bondRequired, false);
  assert.equal(bid.bondAmount, "0.00");
  assert.deepEqual([bid.priceWeight, bid.technicalWeight], [60, 40]);
  const noCategory = await createBid(team, { items: [{ itemName: "Desk", quantity: 1 }] });
  assert.equal(noCategory.category?.id, CAT, "categoryId defaults to 1");
  assert.equal(noCategory.items[0].quantity, 1);
  assert.equal(money(noCategory.items[0].estimatedPrice), "0.00");
  // A bond amount without bondRequired is not kept.
  const noBond = await createBid(team, { bondRequired: false, bondAmount: "500" });
  assert.equal(noBond.bondAmount, "0.00");
  const bond = await createBid(team, { bondRequired: true, bondAmount: "500.5", biddingMode: "sealed" });
  assert.deepEqual([bond.bondRequired, bond.bondAmount, bond.biddingMode], [true, "500.50", "sealed"]);
});

Deno.test(`${tag} POST /api/bid-requests with status 'draft' stays a draft; a later start time leaves it published`, async () => {
  assert.equal((await createBid(team, { status: "draft" })).status, "draft");
  const later = await createBid(team, { biddingStartAt: iso(DAY) });
  assert.equal(later.status, "published");
  assert.ok(later.biddingStartAt);
});

Deno.test(`${tag} POST /api/bid-requests: every validation message in the spec's order`, async () => {
  const before = await count("bid_requests");
  const same = iso(10 * DAY);
  let payload: Record<string, unknown> = {
    title: " ",
    description: "",
    department: "",
    qualificationCriteria: " ",
    deadline: same,
    biddingDeadline: same,
    bondRequired: true,
    bondAmount: 0,
    items: [{ itemName: "Chair", quantity: 1 }, { itemName: "", quantity: 0 }],
  };
  const steps: [Record<string, unknown>, string][] = [
    [{}, "Title is required"],
    [{ title: "Chairs" }, "Description is required"],
    [{ description: "Chairs" }, "Department is required"],
    [{ department: "Facilities" }, "Qualification criteria is required"],
    [{ qualificationCriteria: "ISO" }, "All items must have names"],
    [
      { items: [{ itemName: "Chair", quantity: 1 }, { itemName: "Desk", quantity: 0 }] },
      "All items must have valid quantities",
    ],
    [{ items: [{ itemName: "Chair", quantity: 1 }] }, "Bidding deadline must be before project deadline"],
    [{ biddingDeadline: iso(5 * DAY) }, "Bond amount is required when bond is required"],
  ];
  for (const [fix, message] of steps) {
    payload = { ...payload, ...fix };
    const res = await manager.request("/api/bid-requests", { method: "POST", json: payload });
    assert.equal((await expectJson(res, 400)).message, message, JSON.stringify(fix));
  }
  // Bidding deadline after the project deadline is rejected too.
  const after = await manager.request("/api/bid-requests", {
    method: "POST",
    json: bidBody({ deadline: iso(5 * DAY), biddingDeadline: iso(6 * DAY) }),
  });
  assert.equal((await expectJson(after, 400)).message, "Bidding deadline must be before project deadline");
  for (const bondAmount of [undefined, 0, "0", "0.00"]) {
    const res = await manager.request("/api/bid-requests", {
      method: "POST",
      json: bidBody({ bondRequired: true, bondAmount }),
    });
    assert.equal(
      (await expectJson(res, 400)).message,
      "Bond amount is required when bond is required",
      String(bondAmount),
    );
  }
  assert.equal(await count("bid_requests"), before, "nothing written");
  // The last fix makes it valid.
  await expectJson(
    await manager.request("/api/bid-requests", { method: "POST", json: { ...payload, bondAmount: "0.01" } }),
    201,
  );
});

Deno.test(`${tag} POST /api/bid-requests: a budget that does not fit numeric(14,2) answers 400 and writes nothing`, async () => {
  const before = await count("bid_requests");
  const res = await manager.request("/api/bid-requests", {
    method: "POST",
    json: bidBody({ items: [{ itemName: "All", quantity: 1_000_000, estimatedPrice: "99999999999.99" }] }),
  });
  assert.match(String((await expectJson(res, 400)).message), /budget/i);
  assert.equal(await count("bid_requests"), before);
});

Deno.test(`${tag} POST /api/bid-requests with purchaseRequestId converts it: its items, both linked, 'converted' event, once`, async () => {
  const prRes = await team.request("/api/purchase-requests", {
    method: "POST",
    json: {
      title: "Delivery vans",
      description: "Two vans",
      department: "Logistics",
      justification: "Fleet renewal",
      categoryId: CAT2,
      requestType: "bid_required",
      items: [
        {
          itemName: "Van",
          quantity: 2,
          unit: "pcs",
          estimatedPrice: "30000.00",
          specification: "Diesel",
          categoryId: CAT2,
        },
        { itemName: "Roof rack", quantity: 2, unit: "set", estimatedPrice: "450.25", categoryId: CAT2 },
      ],
    },
  });
  const pr = await expectJson<{ id: number; requestId: string }>(prRes, 201);
  // Only an approved request goes out to bid (the approval flow has its own tests).
  await db.query("update purchase_requests set status = 'active' where id = $1", [pr.id]);
  const bid = await createBid(manager, {
    purchaseRequestId: pr.id,
    title: "Delivery vans (bid)",
    items: [{ itemName: "Client item, ignored", quantity: 99, estimatedPrice: "1.00", categoryId: CAT }],
  });
  assert.equal(bid.purchaseRequestId, pr.id);
  assert.deepEqual(
    bid.items.map((i) => [i.name, i.quantity, i.unit, money(i.estimatedPrice), i.specification]),
    [["Van", 2, "pcs", "30000.00", "Diesel"], ["Roof rack", 2, "set", "450.25", ""]],
  );
  assert.equal(bid.estimatedBudget, "60900.50");
  assert.equal(bid.category?.id, CAT2);

  const detail = await expectJson<{ history: { action: string; comment: string; actor: { id: number } }[] }>(
    await manager.request(`/api/purchase-requests/${pr.id}`),
    200,
  );
  const converted = detail.history.filter((h) => h.action === "converted");
  assert.equal(converted.length, 1);
  assert.equal(converted[0].comment, bid.bidNumber);
  assert.equal(converted[0].actor.id, manager.user.id);

  const before = await count("bid_requests");
  const again = await manager.request("/api/bid-requests", {
    method: "POST",
    json: bidBody({ purchaseRequestId: pr.id }),
  });
  assert.equal((await expectJson(again, 409)).message, "This purchase request already has a bid request");
  assert.equal(await count("bid_requests"), before);
  assert.equal(
    await count("purchase_request_events where purchase_request_id = $1 and action = 'converted'", [pr.id]),
    1,
  );

  const missing = await manager.request("/api/bid-requests", {
    method: "POST",
    json: bidBody({ purchaseRequestId: 999999 }),
  });
  assert.equal((await expectJson(missing, 404)).message, "Purchase request not found");

  await db.query("update purchase_requests set status = 'cancelled' where id = $1", [pr.id]);
  await db.query("update bid_requests set status = 'cancelled' where purchase_request_id = $1", [pr.id]);
  const cancelled = await manager.request("/api/bid-requests", {
    method: "POST",
    json: bidBody({ purchaseRequestId: pr.id }),
  });
  assert.equal((await expectJson(cancelled, 409)).code, "bids.conversionNotApproved");
});

Deno.test(`${tag} POST /api/bid-requests: 401 signed out, 403 for vendors`, async () => {
  const before = await count("bid_requests");
  await expectJson(await vendor.request("/api/bid-requests", { method: "POST", json: bidBody() }), 403);
  const out = await t.app.request("/api/bid-requests", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(bidBody()),
  });
  await expectJson(out, 401);
  assert.equal(await count("bid_requests"), before);
  // Every staff role may create (purchase team by purchase_requests.create, finance by sealed_bidding.manage).
  for (const s of [team, manager, finance, admin]) await createBid(s);
});

// ---------------------------------------------------------------------------------------------
// List and stats

Deno.test(`${tag} GET /api/bid-requests by group (active, drafts, completed) and /stats from live data`, async () => {
  const draft = await createBid(team, { status: "draft", estimatedBudget: "1" });
  const open = await createBid(team);
  const awarded = await createBid(team);
  const cancelled = await createBid(team);
  const evaluation = await createBid(team);
  await db.query("update bid_requests set status = 'awarded' where id = $1", [awarded.id]);
  await db.query("update bid_requests set status = 'cancelled' where id = $1", [cancelled.id]);
  await db.query("update bid_requests set status = 'evaluation' where id = $1", [evaluation.id]);

  const groups = {
    active: ["published", "bidding_open", "bidding_closed", "evaluation"],
    drafts: ["draft"],
    completed: ["awarded", "cancelled"],
  };
  for (const [group, statuses] of Object.entries(groups)) {
    const res = await manager.request(`/api/bid-requests?group=${group}&limit=200`);
    const rows = await expectJson<Bid[]>(res, 200);
    assert.ok(rows.every((r) => statuses.includes(r.status)), group);
    const expected = await count("bid_requests where status = any($1::text[])", [statuses]);
    assert.equal(rows.length, expected, group);
    assert.equal(Number(res.headers.get("x-total-count")), expected, group);
  }
  const ids = async (group: string) =>
    (await expectJson<Bid[]>(await team.request(`/api/bid-requests?group=${group}&limit=200`), 200)).map((r) => r.id);
  assert.ok((await ids("drafts")).includes(draft.id));
  assert.ok((await ids("active")).includes(open.id) && (await ids("active")).includes(evaluation.id));
  assert.ok((await ids("completed")).includes(awarded.id) && (await ids("completed")).includes(cancelled.id));
  const everything = await team.request("/api/bid-requests?limit=1");
  assert.equal(Number(everything.headers.get("x-total-count")), await count("bid_requests"));
  assert.equal((await expectJson<Bid[]>(everything, 200)).length, 1);

  const stats = await expectJson<Record<string, unknown>>(await finance.request("/api/bid-requests/stats"), 200);
  const [sums] = await db.query<{ total: string }>(
    "select coalesce(sum(estimated_budget), 0)::text as total from bid_requests where status <> 'cancelled'",
  );
  assert.deepEqual(stats, {
    active: await count("bid_requests where status in ('published', 'bidding_open', 'bidding_closed', 'evaluation')"),
    drafts: await count("bid_requests where status = 'draft'"),
    completed: await count("bid_requests where status in ('awarded', 'cancelled')"),
    totalValue: sums.total,
  });
  const one = await expectJson<Bid>(await admin.request(`/api/bid-requests/${open.id}`), 200);
  assert.equal(one.bidNumber, open.bidNumber);
  assert.equal(
    (await expectJson(await admin.request("/api/bid-requests/999999"), 404)).message,
    "Bid request not found",
  );
});

Deno.test(`${tag} vendors get 403 on every /api/bid-requests endpoint; signed out 401`, async () => {
  const bid = await createBid(manager);
  const calls: [string, string, unknown?][] = [
    ["GET", "/api/bid-requests"],
    ["GET", "/api/bid-requests/stats"],
    ["GET", `/api/bid-requests/${bid.id}`],
    ["POST", "/api/bid-requests", bidBody()],
    ["PATCH", `/api/bid-requests/${bid.id}/status`, { status: "bidding_closed" }],
    ["POST", `/api/bid-requests/${bid.id}/unseal`, {}],
  ];
  for (const [method, path, json] of calls) {
    await expectJson(await vendor.request(path, { method, json }), 403);
    const out = await t.app.request(path, {
      method,
      headers: json ? { "content-type": "application/json" } : {},
      body: json ? JSON.stringify(json) : undefined,
    });
    await expectJson(out, 401);
  }
  assert.deepEqual(await bidRow(bid.id), { status: "bidding_open", version: 1 });
});

// ---------------------------------------------------------------------------------------------
// Status machine

Deno.test(`${tag} PATCH /api/bid-requests/:id/status: publish opens bidding, close, evaluation, cancel`, async () => {
  const bid = await createBid(manager, { status: "draft" });
  const published = await expectJson<Bid>(await patch(manager, bid.id, "published"), 200);
  assert.equal(published.status, "bidding_open", "Publish opens bidding at once without a start time");
  const closed = await finance.request(`/api/bid-requests/${bid.id}/status`, {
    method: "PATCH",
    json: { status: "bidding_closed", reason: "Enough offers" },
  });
  assert.equal((await expectJson<Bid>(closed, 200)).status, "bidding_closed");
  assert.equal((await expectJson<Bid>(await patch(admin, bid.id, "evaluation"), 200)).status, "evaluation");
  assert.equal((await expectJson<Bid>(await patch(manager, bid.id, "cancelled"), 200)).status, "cancelled");
  const audits = await db.query<{ metadata: { changes: { status: { from: string; to: string } } }; user_id: number }>(
    "select metadata, user_id from audit_logs where action = 'STATUS_CHANGE' and entity_type = 'bid_request' and entity_id = $1 order by id",
    [String(bid.id)],
  );
  assert.deepEqual(audits.map((a) => [a.metadata.changes.status.from, a.metadata.changes.status.to]), [
    ["draft", "bidding_open"],
    ["bidding_open", "bidding_closed"],
    ["bidding_closed", "evaluation"],
    ["evaluation", "cancelled"],
  ]);
  assert.equal(audits[1].user_id, finance.user.id);

  // A draft with a later start time becomes published, not open.
  const later = await createBid(manager, { status: "draft", biddingStartAt: iso(DAY) });
  assert.equal((await expectJson<Bid>(await patch(manager, later.id, "published"), 200)).status, "published");
  // Every non-final state can be cancelled.
  for (const from of ["draft", "pending_approval", "published", "bidding_open", "bidding_closed", "evaluation"]) {
    const b = await createBid(manager);
    await db.query("update bid_requests set status = $2 where id = $1", [b.id, from]);
    assert.equal((await expectJson<Bid>(await patch(manager, b.id, "cancelled"), 200)).status, "cancelled", from);
  }
});

Deno.test(`${tag} PATCH /api/bid-requests/:id/status: illegal transitions answer 409 and change nothing`, async () => {
  const illegal: [string, string][] = [
    ["draft", "bidding_closed"],
    ["draft", "bidding_open"],
    ["draft", "evaluation"],
    ["published", "bidding_closed"],
    ["bidding_open", "published"],
    ["bidding_open", "evaluation"],
    ["bidding_closed", "bidding_open"],
    ["evaluation", "bidding_closed"],
    ["draft", "draft"],
    // 'awarded' only through the award endpoint, even where the machine allows it
    ["bidding_closed", "awarded"],
    ["evaluation", "awarded"],
    ["bidding_open", "awarded"],
  ];
  for (const to of ["draft", "published", "bidding_open", "bidding_closed", "evaluation", "cancelled", "awarded"]) {
    illegal.push(["awarded", to], ["cancelled", to]);
  }
  for (const [from, to] of illegal) {
    const b = await createBid(manager);
    await db.query("update bid_requests set status = $2 where id = $1", [b.id, from]);
    await expectJson(await patch(manager, b.id, to), 409);
    assert.deepEqual(await bidRow(b.id), { status: from, version: 1 }, `${from} -> ${to}`);
  }
  const b = await createBid(manager);
  assert.equal((await expectJson(await patch(manager, b.id, "open"), 400)).message, "Invalid status");
  assert.equal((await expectJson(await patch(manager, 999999, "cancelled"), 404)).message, "Bid request not found");
  // Reopening is refused once the bidding deadline has passed.
  await db.query(
    "update bid_requests set status = 'published', bidding_deadline = now() - interval '1 second' where id = $1",
    [b.id],
  );
  await expectJson(await patch(manager, b.id, "bidding_open"), 409);
});

Deno.test(`${tag} PATCH /api/bid-requests/:id/status needs sealed_bidding.manage: purchase team 403`, async () => {
  const b = await createBid(team);
  const res = await patch(team, b.id, "bidding_closed");
  assert.equal(
    (await expectJson<{ requiredPermission: string }>(res, 403)).requiredPermission,
    "sealed_bidding.manage",
  );
  assert.deepEqual(await bidRow(b.id), { status: "bidding_open", version: 1 });
});

Deno.test(`${tag} the bid clock closes bidding past its deadline and opens a published bid whose start time came`, async () => {
  const logger = createLogger("silent");
  await runBidClock(db, logger); // settle anything left by earlier tests
  const closing = await createBid(manager);
  const opening = await createBid(manager, { biddingStartAt: iso(DAY) });
  const untouched = await createBid(manager);
  const draft = await createBid(manager, { status: "draft" });
  assert.equal(opening.status, "published");

  assert.deepEqual(await runBidClock(db, logger), { opened: [], closed: [] });

  await db.query("update bid_requests set bidding_deadline = now() - interval '1 second' where id = any($1::int[])", [[
    closing.id,
    draft.id,
  ]]);
  await db.query("update bid_requests set bidding_start_at = now() - interval '1 second' where id = $1", [opening.id]);
  const result = await runBidClock(db, logger);
  assert.deepEqual(result, { opened: [opening.id], closed: [closing.id] });
  assert.equal((await bidRow(closing.id)).status, "bidding_closed");
  assert.equal((await bidRow(opening.id)).status, "bidding_open");
  assert.equal((await bidRow(untouched.id)).status, "bidding_open");
  assert.equal((await bidRow(draft.id)).status, "draft", "drafts are not closed by the clock");
  const audits = await db.query<{ entity_id: string; user_id: number | null }>(
    "select entity_id, user_id from audit_logs where action = 'STATUS_CHANGE' and entity_id = any($1::text[]) order by id",
    [[String(closing.id), String(opening.id)]],
  );
  assert.deepEqual(
    audits.map((a) => [Number(a.entity_id), a.user_id]).sort(),
    [[closing.id, null], [opening.id, null]].sort(),
  );
  // Idempotent.
  assert.deepEqual(await runBidClock(db, logger), { opened: [], closed: [] });
});

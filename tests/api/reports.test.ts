/**
 * Live reports: known rows inserted with SQL (the flows that make them are long and
 * tested elsewhere), then every report's exact figures, the filter, who may see what, and that a
 * still-sealed bid shows neither amounts nor vendors in any report or export.
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser, type Session } from "../helpers/users.ts";

const tag = `[reports/${testBackend()}]`;

const t = await testApp();
Deno.test.afterAll(t.close);
const db = t.db;

const office = await createCategory(db, "Office supplies");
const it = await createCategory(db, "IT equipment");
const admin = await as(t, "admin");
const pm = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const team = await as(t, "purchase_team");
const v1 = await as(t, "vendor", { categoryIds: [office] });
const v2 = await as(t, "vendor", { categoryIds: [office] });
const v3 = await as(t, "vendor", { categoryIds: [office, it] });
// Only bids on the still-sealed bid: must appear nowhere.
const v4 = { user: await createUser(db, "vendor", { vendorStatus: "pending" }) };
await db.query("update vendor_profiles set company_name = 'Hidden Sealed Bidder Ltd' where user_id = $1", [v4.user.id]);

let seq = 0;
async function insertPr(p: {
  category: number;
  department: string;
  status: string;
  budget: string;
  createdAt: string;
  deadline: string;
  approvalsRequired?: number;
}) {
  const n = ++seq;
  const [{ id }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, department, deadline,
        estimated_budget, approvals_required, created_by, created_at)
     values ($1, $2, $3, 'vendor_quote', $4, $5, $6, $7::numeric, $8, $9, $10) returning id`,
    [
      `PR-2025-${String(9000 + n)}`,
      `Request ${n}`,
      p.status,
      p.category,
      p.department,
      p.deadline,
      p.budget,
      p.approvalsRequired ?? 1,
      team.user.id,
      p.createdAt,
    ],
  );
  return id;
}

async function prEvent(prId: number, actor: Session, action: string, stage: string, to: string, at: string) {
  await db.query(
    `insert into purchase_request_events (purchase_request_id, actor_id, action, stage, from_status, to_status, created_at)
     values ($1, $2, $3, $4, 'pending', $5, $6)`,
    [prId, actor.user.id, action, stage, to, at],
  );
}

async function insertBid(p: { mode: string; status: string; budget: string; createdAt: string }) {
  const n = ++seq;
  const [{ id }] = await db.query<{ id: number }>(
    `insert into bid_requests (bid_number, title, description, department, category_id, deadline, bidding_start_at,
        bidding_deadline, bidding_mode, status, estimated_budget, qualification_criteria, created_by, created_at)
     values ($1, $2, 'Description', 'Facilities', $3, $4::timestamptz + interval '60 days', $4, $4::timestamptz + interval '20 days',
        $5, $6, $7::numeric, 'ISO 9001', $8, $4) returning id`,
    [`BR-2025-${String(9000 + n)}`, `Bid ${n}`, office, p.createdAt, p.mode, p.status, p.budget, admin.user.id],
  );
  return id;
}

async function quote(
  vendor: { user: { id: number } },
  on: { pr?: number; bid?: number },
  amount: string | null,
  at: string,
) {
  const [{ id }] = await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, bid_request_id, total_amount, sealed, sealed_payload,
        valid_until, submitted_at)
     values ($1, $2, $3, $4::numeric, $5, $6, $7::timestamptz + interval '30 days', $7) returning id`,
    [
      vendor.user.id,
      on.pr ?? null,
      on.bid ?? null,
      amount,
      amount === null,
      amount === null ? new Uint8Array([1, 2, 3]) : null,
      at,
    ],
  );
  return id;
}

async function award(
  on: { pr?: number; bid?: number },
  quotationId: number,
  vendor: Session,
  amount: string,
  at: string,
) {
  const n = ++seq;
  const [{ id: poId }] = await db.query<{ id: number }>(
    `insert into purchase_orders (po_number, quotation_id, vendor_id, purchase_request_id, bid_request_id, total_amount,
        created_by, created_at)
     values ($1, $2, $3, $4, $5, $6::numeric, $7, $8) returning id`,
    [`PO-2025-${9000 + n}`, quotationId, vendor.user.id, on.pr ?? null, on.bid ?? null, amount, admin.user.id, at],
  );
  await db.query(
    `insert into awards (purchase_request_id, bid_request_id, purchase_order_id, quotation_id, awarded_by, created_at)
     values ($1, $2, $3, $4, $5, $6)`,
    [on.pr ?? null, on.bid ?? null, poId, quotationId, admin.user.id, at],
  );
  await db.query("update quotations set status = 'approved' where id = $1", [quotationId]);
}

// PR1: office, approved after 2 days, two quotes, awarded to v1 (900 of a 1000 budget).
const pr1 = await insertPr({
  category: office,
  department: "Facilities",
  status: "completed",
  budget: "1000.00",
  createdAt: "2025-01-10T00:00:00Z",
  deadline: "2025-06-01T00:00:00Z",
});
await prEvent(pr1, pm, "approved", "manager", "active", "2025-01-12T00:00:00Z");
const q11 = await quote(v1, { pr: pr1 }, "900.00", "2025-01-13T00:00:00Z");
await quote(v2, { pr: pr1 }, "950.00", "2025-01-14T00:00:00Z");
await award({ pr: pr1 }, q11, v1, "900.00", "2025-01-20T00:00:00Z");

// PR2: IT, two approvals (manager after 1 day, finance after 4), awarded to v3 above budget.
const pr2 = await insertPr({
  category: it,
  department: "IT",
  status: "completed",
  budget: "500.00",
  createdAt: "2025-02-01T00:00:00Z",
  deadline: "2025-06-01T00:00:00Z",
  approvalsRequired: 2,
});
await prEvent(pr2, pm, "approved", "manager", "pending", "2025-02-02T00:00:00Z");
await prEvent(pr2, finance, "approved", "finance", "active", "2025-02-05T00:00:00Z");
const q23 = await quote(v3, { pr: pr2 }, "600.00", "2025-02-06T00:00:00Z");
await award({ pr: pr2 }, q23, v3, "600.00", "2025-02-11T00:00:00Z");

// PR3: pending, past its deadline, waiting on both approver roles.
const pr3 = await insertPr({
  category: office,
  department: "Facilities",
  status: "pending",
  budget: "200.00",
  createdAt: "2025-03-01T00:00:00Z",
  deadline: "2025-03-15T00:00:00Z",
  approvalsRequired: 2,
});
// PR4: rejected by the manager after 1 day.
const pr4 = await insertPr({
  category: office,
  department: "IT",
  status: "rejected",
  budget: "50.00",
  createdAt: "2025-03-04T00:00:00Z",
  deadline: "2025-03-20T00:00:00Z",
});
await prEvent(pr4, pm, "rejected", "manager", "rejected", "2025-03-05T00:00:00Z");

// B1: open bid, awarded to v2 (2000 of 3000).
const b1 = await insertBid({ mode: "open", status: "awarded", budget: "3000.00", createdAt: "2025-02-10T00:00:00Z" });
await quote(v1, { bid: b1 }, "2500.00", "2025-02-12T00:00:00Z");
const qb2 = await quote(v2, { bid: b1 }, "2000.00", "2025-02-15T00:00:00Z");
await award({ bid: b1 }, qb2, v2, "2000.00", "2025-02-20T00:00:00Z");

// B2: sealed, bidding closed, not unsealed: three sealed quotations.
const b2 = await insertBid({
  mode: "sealed",
  status: "bidding_closed",
  budget: "800.00",
  createdAt: "2025-03-10T00:00:00Z",
});
for (const v of [v1, v2, v4]) await quote(v, { bid: b2 }, null, "2025-03-11T00:00:00Z");

const name = (v: Session) => `Vendor Co ${v.user.id}`;

Deno.test(`${tag} GET /api/reports/spend: awarded amounts by month, category, department and vendor`, async () => {
  const body = await expectJson(await finance.request("/api/reports/spend"), 200);
  assert.deepEqual(body, {
    total: { amount: "3500.00", awards: 3, currencies: ["USD"] },
    byMonth: [{ month: "2025-01", amount: "900.00", awards: 1 }, { month: "2025-02", amount: "2600.00", awards: 2 }],
    byCategory: [
      { categoryId: office, name: "Office supplies", amount: "2900.00", awards: 2 },
      { categoryId: it, name: "IT equipment", amount: "600.00", awards: 1 },
    ],
    byDepartment: [{ department: "Facilities", amount: "2900.00", awards: 2 }, {
      department: "IT",
      amount: "600.00",
      awards: 1,
    }],
    byVendor: [
      { vendorId: v2.user.id, name: name(v2), amount: "2000.00", awards: 1, vendors: 1 },
      { vendorId: v1.user.id, name: name(v1), amount: "900.00", awards: 1, vendors: 1 },
      { vendorId: v3.user.id, name: name(v3), amount: "600.00", awards: 1, vendors: 1 },
    ],
  });
});

Deno.test(`${tag} GET /api/reports/spend applies the date range, category, department and status`, async () => {
  const feb = await expectJson<{ total: unknown; byMonth: unknown }>(
    await finance.request("/api/reports/spend?from=2025-02-01&to=2025-02-28"),
    200,
  );
  assert.deepEqual(feb.total, { amount: "2600.00", awards: 2, currencies: ["USD"] });
  assert.deepEqual(feb.byMonth, [{ month: "2025-02", amount: "2600.00", awards: 2 }]);
  // `to` includes its whole day: PR1's award at 2025-01-20T00:00 is in a range ending on the 20th
  const jan = await expectJson<{ total: unknown }>(await finance.request("/api/reports/spend?to=2025-01-20"), 200);
  assert.deepEqual(jan.total, { amount: "900.00", awards: 1, currencies: ["USD"] });
  const cat = await expectJson<{ total: unknown }>(await finance.request(`/api/reports/spend?categoryId=${it}`), 200);
  assert.deepEqual(cat.total, { amount: "600.00", awards: 1, currencies: ["USD"] });
  const dept = await expectJson<{ total: unknown }>(
    await finance.request("/api/reports/spend?department=facilities"),
    200,
  );
  assert.deepEqual(dept.total, { amount: "2900.00", awards: 2, currencies: ["USD"] });
  const awarded = await expectJson<{ total: unknown }>(await finance.request("/api/reports/spend?status=awarded"), 200);
  assert.deepEqual(awarded.total, { amount: "2000.00", awards: 1, currencies: ["USD"] });
  const none = await expectJson(await finance.request("/api/reports/spend?from=2030-01-01&categoryId="), 200);
  assert.deepEqual(none, {
    total: { amount: "0", awards: 0, currencies: [] },
    byMonth: [],
    byCategory: [],
    byDepartment: [],
    byVendor: [],
  });
});

Deno.test(`${tag} GET /api/reports/spend keeps the ten largest vendors and sums the others`, async () => {
  const t2 = await testApp();
  try {
    const boss = await as(t2, "admin");
    const vendorIds: number[] = [];
    for (let i = 1; i <= 12; i++) {
      const v = await as(t2, "vendor");
      vendorIds.push(v.user.id);
      const [{ id: prId }] = await t2.db.query<{ id: number }>(
        `insert into purchase_requests (request_number, title, status, deadline, created_by)
         values ($1, 'Many', 'completed', now(), $2) returning id`,
        [`PR-2025-${1000 + i}`, boss.user.id],
      );
      const [{ id: qid }] = await t2.db.query<{ id: number }>(
        `insert into quotations (vendor_id, purchase_request_id, total_amount, valid_until)
         values ($1, $2, $3::numeric, now()) returning id`,
        [v.user.id, prId, `${i}00.01`],
      );
      const [{ id: poId }] = await t2.db.query<{ id: number }>(
        `insert into purchase_orders (po_number, quotation_id, vendor_id, purchase_request_id, total_amount, created_by)
         values ($1, $2, $3, $4, $5::numeric, $6) returning id`,
        [`PO-2025-${1000 + i}`, qid, v.user.id, prId, `${i}00.01`, boss.user.id],
      );
      await t2.db.query(
        "insert into awards (purchase_request_id, purchase_order_id, quotation_id) values ($1, $2, $3)",
        [prId, poId, qid],
      );
    }
    const body = await expectJson<{ byVendor: Record<string, unknown>[] }>(
      await boss.request("/api/reports/spend"),
      200,
    );
    assert.equal(body.byVendor.length, 11);
    assert.deepEqual(body.byVendor[0], {
      vendorId: vendorIds[11],
      name: `Vendor Co ${vendorIds[11]}`,
      amount: "1200.01",
      awards: 1,
      vendors: 1,
    });
    assert.deepEqual(body.byVendor[9].vendorId, vendorIds[2]);
    assert.deepEqual(body.byVendor[10], { vendorId: null, name: null, amount: "300.02", awards: 2, vendors: 2 });
  } finally {
    await t2.close();
  }
});

Deno.test(`${tag} GET /api/reports/savings: budget against award per request and in total`, async () => {
  const body = await expectJson<{ total: unknown; rows: Record<string, unknown>[] }>(
    await finance.request("/api/reports/savings"),
    200,
  );
  assert.deepEqual(body.total, {
    estimated: "4500.00",
    awarded: "3500.00",
    saving: "1000.00",
    savingPercent: 22.22,
    awards: 3,
    withoutBudget: 0,
  });
  assert.deepEqual(
    body.rows.map((r) => [r.kind, r.requestId, r.estimated, r.awarded, r.saving, r.savingPercent]),
    [
      ["bid_request", b1, "3000.00", "2000.00", "1000.00", 33.33],
      ["purchase_request", pr2, "500.00", "600.00", "-100.00", -20],
      ["purchase_request", pr1, "1000.00", "900.00", "100.00", 10],
    ],
  );
});

Deno.test(`${tag} GET /api/reports/pipeline: requests by status, cycle times, past deadline`, async () => {
  const body = await expectJson<Record<string, unknown>>(await pm.request("/api/reports/pipeline"), 200);
  assert.deepEqual(body.byStatus, [
    { status: "completed", count: 2 },
    { status: "pending", count: 1 },
    { status: "rejected", count: 1 },
  ]);
  assert.deepEqual(body.cycleTimes, [
    { metric: "creationToApproval", count: 2, medianDays: 3, p90Days: 3.8 },
    { metric: "approvalToAward", count: 2, medianDays: 7, p90Days: 7.8 },
    { metric: "creationToOrder", count: 2, medianDays: 10, p90Days: 10 },
  ]);
  const past = body.pastDeadline as { count: number; requests: { id: number; status: string }[] };
  assert.equal(past.count, 1);
  assert.deepEqual(past.requests.map((r) => [r.id, r.status]), [[pr3, "pending"]]);

  const feb = await expectJson<Record<string, unknown>>(
    await pm.request("/api/reports/pipeline?from=2025-02-01&to=2025-02-28"),
    200,
  );
  assert.deepEqual(feb.byStatus, [{ status: "completed", count: 1 }]);
  assert.deepEqual(feb.cycleTimes, [
    { metric: "creationToApproval", count: 1, medianDays: 4, p90Days: 4 },
    { metric: "approvalToAward", count: 1, medianDays: 6, p90Days: 6 },
    { metric: "creationToOrder", count: 1, medianDays: 10, p90Days: 10 },
  ]);
});

Deno.test(`${tag} GET /api/reports/approvals: turnaround per approver role and waiting now`, async () => {
  const body = await expectJson<Record<string, unknown>>(await pm.request("/api/reports/approvals"), 200);
  assert.deepEqual(body.turnaround, [
    { role: "cost_finance_controller", decisions: 1, approved: 1, rejected: 0, medianDays: 4, p90Days: 4 },
    { role: "procurement_manager", decisions: 3, approved: 2, rejected: 1, medianDays: 1, p90Days: 1.8 },
  ]);
  const waiting = body.waiting as { role: string; count: number; oldestDays: number }[];
  assert.deepEqual(waiting.map((w) => [w.role, w.count]), [["procurement_manager", 1], [
    "cost_finance_controller",
    1,
  ]]);
  assert.ok(waiting[0].oldestDays > 600, "PR3 has waited since 2025-03-01");
});

Deno.test(`${tag} GET /api/reports/bidding: by status, invited vs answered, quotations per bid, open vs sealed`, async () => {
  const body = await expectJson<Record<string, unknown>>(await team.request("/api/reports/bidding"), 200);
  assert.deepEqual(body, {
    byStatus: [{ status: "awarded", count: 1 }, { status: "bidding_closed", count: 1 }],
    // office has three approved subscribers (v1, v2, v3) per bid; v4 answered the sealed bid uninvited
    totals: { bids: 2, invited: 6, answered: 5, responseRate: 83.33, quotations: 5, averageQuotations: 2.5 },
    byMode: [
      { mode: "open", bids: 1, quotations: 2, averageQuotations: 2 },
      { mode: "sealed", bids: 1, quotations: 3, averageQuotations: 3 },
    ],
  });
});

const SCORECARDS = () => [
  {
    vendorId: v2.user.id,
    companyName: name(v2),
    opportunities: 3,
    quotations: 2,
    responseRate: 66.67,
    wins: 1,
    winRate: 50,
    medianResponseDays: 3.5,
    averageAboveLowestPercent: 2.78,
    awardedTotal: "2000.00",
    deliveries: 0,
    onTimeRate: null,
    averageDaysLate: null,
  },
  {
    vendorId: v1.user.id,
    companyName: name(v1),
    opportunities: 3,
    quotations: 2,
    responseRate: 66.67,
    wins: 1,
    winRate: 50,
    medianResponseDays: 1.5,
    averageAboveLowestPercent: 12.5,
    awardedTotal: "900.00",
    deliveries: 0,
    onTimeRate: null,
    averageDaysLate: null,
  },
  {
    vendorId: v3.user.id,
    companyName: name(v3),
    opportunities: 4,
    quotations: 1,
    responseRate: 25,
    wins: 1,
    winRate: 100,
    medianResponseDays: 1,
    averageAboveLowestPercent: null,
    awardedTotal: "600.00",
    deliveries: 0,
    onTimeRate: null,
    averageDaysLate: null,
  },
];

Deno.test(`${tag} GET /api/reports/vendors: the scorecard of every vendor`, async () => {
  const body = await expectJson<{ vendors: Record<string, unknown>[] }>(
    await finance.request("/api/reports/vendors"),
    200,
  );
  // other approved vendors (none quoted) follow with zeros
  assert.deepEqual(body.vendors.slice(0, 3), SCORECARDS());
  assert.ok(body.vendors.slice(3).every((v) => v.quotations === 0 && v.awardedTotal === "0.00"));
});

Deno.test(`${tag} GET /api/reports/vendors/me: a vendor sees its own scorecard only`, async () => {
  const body = await expectJson<{ vendors: unknown[] }>(await v1.request("/api/reports/vendors/me"), 200);
  assert.deepEqual(body.vendors, [SCORECARDS()[1]]);
});

Deno.test(`${tag} reports need reports.view: a vendor gets 403 on every staff report, signed out 401`, async () => {
  for (const kind of ["spend", "savings", "pipeline", "approvals", "bidding", "vendors"]) {
    await expectError(await v1.request(`/api/reports/${kind}`), 403, "generic.missingPermission");
    await expectError(await v1.request(`/api/reports/${kind}/export`), 403, "generic.missingPermission");
    await expectError(await t.app.request(`/api/reports/${kind}`), 401);
    await expectJson(await team.request(`/api/reports/${kind}`), 200);
  }
  await expectError(await pm.request("/api/reports/vendors/me"), 403, "generic.forbidden");
});

Deno.test(`${tag} the report filter refuses bad values with 400 and a field`, async () => {
  const cases: [string, string][] = [
    ["from=2025-03-01&to=2025-02-01", "to"],
    ["from=2025-02-30", "from"],
    // Both dates unreadable: each refused by its own check, not compared (was a 500).
    ["from=x&to=y", "from"],
    ["from=2025-02-01&to=y", "to"],
    ["categoryId=abc", "categoryId"],
    ["categoryId=0", "categoryId"],
    ["status=lost", "status"],
    [`department=${"x".repeat(101)}`, "department"],
  ];
  for (const [query, field] of cases) {
    const body = await expectError(await finance.request(`/api/reports/spend?${query}`), 400);
    assert.equal((body.issues as { path: string }[])[0].path, field, query);
  }
  await expectError(await finance.request("/api/reports/nope/export"), 400);
  for (const kind of ["approvals", "spend", "pipeline"]) {
    await expectError(await finance.request(`/api/reports/${kind}?from=x&to=y`), 400);
    await expectError(await finance.request(`/api/reports/${kind}/export?from=x&to=y`), 400);
  }
});

Deno.test(`${tag} GET /api/reports/:kind/export streams CSV with the filters in the name and first lines`, async () => {
  const res = await finance.request(`/api/reports/spend/export?from=2025-02-01&to=2025-02-28&categoryId=${office}`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
  assert.equal(
    res.headers.get("content-disposition"),
    `attachment; filename="report-spend_2025-02-01_2025-02-28_category-${office}.csv"`,
  );
  const lines = (await res.text()).split("\r\n");
  assert.equal(lines[0], "# Report: spend");
  assert.equal(lines[1], `# Filters: from=2025-02-01; to=2025-02-28; category=${office} (Office supplies)`);
  assert.match(lines[2], /^# Time zone: UTC; generated at /);
  assert.deepEqual(lines.slice(3), [
    "section,key,label,amount,awards",
    "total,,,2000.00,1",
    "month,2025-02,2025-02,2000.00,1",
    `category,${office},Office supplies,2000.00,1`,
    "department,Facilities,Facilities,2000.00,1",
    `vendor,${v2.user.id},${name(v2)},2000.00,1`,
    "",
  ]);

  const savings = (await (await finance.request("/api/reports/savings/export")).text()).split("\r\n");
  assert.equal(savings[3], "awardId,kind,number,title,awardedAt,poNumber,estimated,awarded,saving,savingPercent");
  assert.equal(savings.length, 3 + 1 + 3 + 1 + 1);
  assert.match(
    savings[5],
    /^\d+,purchase_request,PR-2025-\d+,Request \d+,2025-02-11T00:00:00.000Z,PO-2025-\d+,500.00,600.00,-100.00,-20$/,
  );
  assert.equal(savings[7], "total,,,,,,4500.00,3500.00,1000.00,22.22");

  const [entry] = await db.query<{ entityId: string; metadata: { filter: { categoryId: number } } }>(
    `select entity_id as "entityId", metadata from audit_logs where action = 'EXPORT' and entity_type = 'report'
      order by id limit 1`,
  );
  assert.equal(entry.entityId, "spend");
  assert.equal(entry.metadata.filter.categoryId, office);
});

Deno.test(`${tag} GET /api/reports/:kind/export.xlsx streams the same rows as a workbook`, async () => {
  const res = await finance.request(`/api/reports/savings/export.xlsx?from=2025-01-01&to=2025-12-31`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  assert.equal(
    res.headers.get("content-disposition"),
    `attachment; filename="report-savings_2025-01-01_2025-12-31.xlsx"`,
  );
  const ExcelJS = (await import("exceljs")).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.getWorksheet("savings")!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  assert.deepEqual(rows.slice(0, 2), [["# Report: savings"], ["# Filters: from=2025-01-01; to=2025-12-31"]]);
  assert.deepEqual(rows[3], [
    "awardId",
    "kind",
    "number",
    "title",
    "awardedAt",
    "poNumber",
    "estimated",
    "awarded",
    "saving",
    "savingPercent",
  ]);
  // amounts are numbers in the sheet, dates are dates
  assert.deepEqual(rows[5].slice(6), [500, 600, -100, -20]);
  assert.ok(rows[5][4] instanceof Date);
  assert.deepEqual([rows[7][0], ...rows[7].slice(6)], ["total", 4500, 3500, 1000, 22.22]);
  await expectError(await v1.request("/api/reports/savings/export.xlsx"), 403, "generic.missingPermission");
});

Deno.test(`${tag} a still-sealed bid shows no amounts and no vendors in any report or export`, async () => {
  const texts: string[] = [];
  for (const kind of ["spend", "savings", "pipeline", "approvals", "bidding", "vendors"]) {
    texts.push(await (await admin.request(`/api/reports/${kind}`)).text());
    texts.push(await (await admin.request(`/api/reports/${kind}/export`)).text());
    const ExcelJS = (await import("exceljs")).default;
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(await (await admin.request(`/api/reports/${kind}/export.xlsx`)).arrayBuffer());
    book.getWorksheet(kind)!.eachRow((row) => texts.push(JSON.stringify(row.values)));
  }
  const all = texts.join("\n");
  assert.ok(!all.includes("Hidden Sealed Bidder"), "the sealed-only bidder is named nowhere");
  assert.ok(!all.includes(`"vendorId":${v4.user.id}`));
  // v1 and v2 bid on the sealed bid too: their counts and times leave it out until unsealing
  const body = await expectJson<{ vendors: { vendorId: number; quotations: number }[] }>(
    await admin.request("/api/reports/vendors"),
    200,
  );
  assert.equal(body.vendors.find((v) => v.vendorId === v1.user.id)!.quotations, 2);

  // once unsealed, the bid's quotations count (and still name only vendors who quoted readable amounts)
  await db.query(
    "update quotations set sealed = false, sealed_payload = null, total_amount = 700 where bid_request_id = $1",
    [b2],
  );
  await db.query("update bid_requests set unsealed_at = now() where id = $1", [b2]);
  const after = await expectJson<{ vendors: { vendorId: number; quotations: number }[] }>(
    await admin.request("/api/reports/vendors"),
    200,
  );
  assert.equal(after.vendors.find((v) => v.vendorId === v1.user.id)!.quotations, 3);
  assert.ok(after.vendors.some((v) => v.vendorId === v4.user.id));
  await db.query(
    "update quotations set sealed = true, sealed_payload = '\\x01', total_amount = null where bid_request_id = $1",
    [b2],
  );
});

Deno.test(`${tag} an order acknowledged, received or closed still counts as awarded spend; a cancelled one does not`, async () => {
  const figures = async () => ({
    spend: await expectJson(await finance.request("/api/reports/spend"), 200),
    savings: await expectJson(await finance.request("/api/reports/savings"), 200),
    pipeline: await expectJson(await finance.request("/api/reports/pipeline"), 200),
    vendors: await expectJson(await finance.request("/api/reports/vendors"), 200),
  });
  const before = await figures();
  const [po] = await db.query<{ id: number }>(
    "select id from purchase_orders where status = 'issued' order by total_amount desc limit 1",
  );
  await db.query("update purchase_orders set status = 'acknowledged', acknowledged_at = now() where id = $1", [po.id]);
  assert.deepEqual(await figures(), before, "acknowledged");
  await db.query("update purchase_orders set status = 'received' where id = $1", [po.id]);
  assert.deepEqual(await figures(), before, "received");
  await db.query("update purchase_orders set status = 'closed', closed_at = now() where id = $1", [po.id]);
  assert.deepEqual(await figures(), before, "closed");

  const [other] = await db.query<{ id: number; total: string }>(
    "select id, total_amount::text as total from purchase_orders where status = 'issued' order by id limit 1",
  );
  await db.query(
    "update purchase_orders set status = 'cancelled', cancelled_reason = 'test', cancelled_at = now() where id = $1",
    [other.id],
  );
  const after = await figures();
  const total = (f: typeof before) => Number((f.spend as { total: { amount: string } }).total.amount);
  assert.equal(total(after), total(before) - Number(other.total), "a cancelled order leaves the spend");
});

Deno.test(`${tag} scorecards: on-time delivery per goods receipt against the promised (else requested) date`, async () => {
  const orders = await db.query<{ id: number; vendorId: number }>(
    `select distinct on (vendor_id) id, vendor_id as "vendorId" from purchase_orders
      where status not in ('cancelled', 'declined') order by vendor_id, id`,
  );
  assert.ok(orders.length >= 2, "two vendors with an order");
  const [late, onTime] = orders;
  // Promised 10 March: a partial receipt on the 5th (on time) and the rest on the 12th (two days
  // late). Each receipt counts, whatever the order's status: the first one as soon as it is made.
  await db.query("update purchase_orders set promised_delivery_date = '2025-03-10' where id = $1", [late.id]);
  await db.query(
    `insert into goods_receipts (purchase_order_id, received_at, received_by)
     values ($1, '2025-03-05T09:00:00Z', $2), ($1, '2025-03-12T23:30:00Z', $2)`,
    [late.id, team.user.id],
  );
  // No promise: the requested date counts; received the day before.
  await db.query(
    "update purchase_orders set promised_delivery_date = null, requested_delivery_date = '2025-03-10' where id = $1",
    [onTime.id],
  );
  await db.query(
    "insert into goods_receipts (purchase_order_id, received_at, received_by) values ($1, '2025-03-09T12:00:00Z', $2)",
    [onTime.id, team.user.id],
  );
  const cards = async (query = "") => {
    const body = await expectJson<{ vendors: Record<string, unknown>[] }>(
      await finance.request(`/api/reports/vendors${query}`),
      200,
    );
    return (vendorId: number) => {
      const c = body.vendors.find((v) => v.vendorId === vendorId)!;
      return { deliveries: c.deliveries, onTimeRate: c.onTimeRate, averageDaysLate: c.averageDaysLate };
    };
  };
  const all = await cards();
  assert.deepEqual(all(late.vendorId), { deliveries: 2, onTimeRate: 50, averageDaysLate: 1 });
  assert.deepEqual(all(onTime.vendorId), { deliveries: 1, onTimeRate: 100, averageDaysLate: 0 });
  // The date range picks receipts by the day they came, not the order by the day it was issued.
  const fromThe6th = await cards("?from=2025-03-06&to=2025-03-31");
  assert.deepEqual(fromThe6th(late.vendorId), { deliveries: 1, onTimeRate: 0, averageDaysLate: 2 });
  const csv = await (await finance.request("/api/reports/vendors/export")).text();
  assert.match(csv, /,deliveries,onTimeRate,averageDaysLate\r\n/);
});

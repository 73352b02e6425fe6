/**
 * Budgets: CRUD and permissions, fiscal periods, and the money state through a
 * request's life: approval reserves, award replaces with the order, cancellation releases, receipts
 * turn commitment into spend; the overrun rule per policy, and concurrent approvals at the budget's
 * edge (really concurrent with --only=postgres).
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";
import { cancelOrder, closeOrder, pendingRequest, quote, receive } from "./budgets-helpers.ts";

const tag = `[budgets/${testBackend()}]`;
const YEAR = new Date().getUTCFullYear();

const t = await testApp();
Deno.test.afterAll(t.close);
const db = t.db;
const categoryId = await createCategory(db, "Budgeted things");
const admin = await as(t, "admin");
const finance = await as(t, "cost_finance_controller");
const pm = await as(t, "procurement_manager");
const pm2 = await as(t, "procurement_manager");
const team = await as(t, "purchase_team");
const vendor = await as(t, "vendor");

interface Budget {
  id: number;
  version: number;
  amount: string;
  committed: string;
  spent: string;
  remaining: string;
  periodStart: string;
  periodEnd: string;
  entries?: { kind: string; id: number; number: string; committed: string; spent: string; status: string }[];
}

let deptSeq = 0;
const newDepartment = () => `Dept ${++deptSeq} ${crypto.randomUUID().slice(0, 6)}`;

async function createBudget(s: Session, body: Record<string, unknown>) {
  return await s.request("/api/budgets", { method: "POST", json: { fiscalYear: YEAR, ...body } });
}

async function budgetOf(id: number): Promise<Budget> {
  return await expectJson<Budget>(await finance.request(`/api/budgets/${id}`), 200);
}

async function setPolicy(overrunPolicy: "require_finance" | "refuse") {
  await expectJson(
    await finance.request("/api/budgets/settings", {
      method: "PUT",
      json: { overrunPolicy, fiscalYearStartMonth: 1 },
    }),
    200,
  );
}

const approve = (s: Session, id: number) =>
  s.request(`/api/purchase-requests/${id}/approve`, { method: "POST", json: { comment: "ok" } });

const status = async (id: number) =>
  (await db.query<{ status: string }>("select status from purchase_requests where id = $1", [id]))[0].status;

function assertBalanced(b: Budget) {
  const c = (v: string) => BigInt(v.replace(".", ""));
  assert.equal(c(b.committed) + c(b.spent) + c(b.remaining), c(b.amount), JSON.stringify(b));
}

async function departmentBudget(amount: string) {
  const department = newDepartment();
  const b = await expectJson<Budget>(await createBudget(finance, { department, amount }), 201);
  return { department, budget: b };
}

Deno.test(`${tag} POST /api/budgets creates a budget (finance), lists it with zero commitments, and refuses bad input`, async () => {
  const department = newDepartment();
  const created = await expectJson<Budget & { department: string; label: string }>(
    await createBudget(finance, { department: `  ${department} `, amount: "1500.50", currency: "EUR" }),
    201,
  );
  assert.equal(created.department, department);
  assert.equal(created.amount, "1500.50");
  assert.deepEqual([created.committed, created.spent, created.remaining], ["0.00", "0.00", "1500.50"]);
  assert.equal(created.label, `FY${YEAR}`);
  assert.deepEqual([created.periodStart, created.periodEnd], [`${YEAR}-01-01`, `${YEAR + 1}-01-01`]);

  const list = await expectJson<{ budgets: Budget[] }>(await pm.request(`/api/budgets?fiscalYear=${YEAR}`), 200);
  assert.ok(list.budgets.some((b) => b.id === created.id), "a procurement manager reads budgets");

  // Same scope and period again (department case differs): 409.
  await expectError(
    await createBudget(finance, { department: department.toUpperCase(), amount: "1" }),
    409,
    "budgets.duplicate",
  );
  // No scope, bad amount, unknown category, bad quarter: 400 with the field.
  const bad = [
    { amount: "10" },
    { department: "X", amount: "-1" },
    { department: "X", amount: "1.005" },
    { categoryId: 999999, amount: "10" },
    { department: "X", amount: "10", quarter: 5 },
    { department: "X", amount: "10", currency: "euro" },
  ];
  for (const body of bad) await expectError(await createBudget(finance, body), 400);
  const count = (await db.query<{ n: number }>("select count(*)::int as n from budgets"))[0].n;
  assert.equal(count, list.budgets.length, "nothing was written by refused requests");
});

Deno.test(`${tag} budgets.manage is finance's and admin's: others get 403; vendors cannot even read`, async () => {
  const department = newDepartment();
  await expectError(await createBudget(pm, { department, amount: "1" }), 403);
  await expectError(await createBudget(team, { department, amount: "1" }), 403);
  await expectError(await team.request("/api/budgets"), 403);
  await expectError(await vendor.request("/api/budgets"), 403);
  const b = await expectJson<Budget>(await createBudget(admin, { department, amount: "1" }), 201);
  await expectError(await pm.request(`/api/budgets/${b.id}`, { method: "DELETE" }), 403);
  await expectError(
    await pm.request("/api/budgets/settings", {
      method: "PUT",
      json: { overrunPolicy: "refuse", fiscalYearStartMonth: 1 },
    }),
    403,
  );
});

Deno.test(`${tag} PUT needs the version read (409 when stale); DELETE removes; unknown id 404`, async () => {
  const { budget } = await departmentBudget("100.00");
  const edited = await expectJson<Budget>(
    await finance.request(`/api/budgets/${budget.id}`, {
      method: "PUT",
      json: {
        department: "Edited " + crypto.randomUUID().slice(0, 6),
        fiscalYear: YEAR,
        amount: "250",
        version: budget.version,
      },
    }),
    200,
  );
  assert.equal(edited.amount, "250.00");
  await expectError(
    await finance.request(`/api/budgets/${budget.id}`, {
      method: "PUT",
      json: { department: "Again", fiscalYear: YEAR, amount: "1", version: budget.version },
    }),
    409,
    "budgets.stale",
  );
  assert.equal((await budgetOf(budget.id)).amount, "250.00");
  const del = await finance.request(`/api/budgets/${budget.id}`, { method: "DELETE" });
  assert.equal(del.status, 204);
  await expectError(await finance.request(`/api/budgets/${budget.id}`), 404, "budgets.notFound");
});

Deno.test(`${tag} a fiscal year starting in April puts Q1 in April to June, FY from April to March`, async () => {
  await expectJson(
    await finance.request("/api/budgets/settings", {
      method: "PUT",
      json: { overrunPolicy: "require_finance", fiscalYearStartMonth: 4 },
    }),
    200,
  );
  try {
    const q1 = await expectJson<Budget>(
      await createBudget(finance, { department: newDepartment(), amount: "1", quarter: 1 }),
      201,
    );
    assert.deepEqual([q1.periodStart, q1.periodEnd], [`${YEAR}-04-01`, `${YEAR}-07-01`]);
    const q4 = await expectJson<Budget>(
      await createBudget(finance, { department: newDepartment(), amount: "1", quarter: 4 }),
      201,
    );
    assert.deepEqual([q4.periodStart, q4.periodEnd], [`${YEAR + 1}-01-01`, `${YEAR + 1}-04-01`]);
    const fy = await expectJson<Budget>(await createBudget(finance, { department: newDepartment(), amount: "1" }), 201);
    assert.deepEqual([fy.periodStart, fy.periodEnd], [`${YEAR}-04-01`, `${YEAR + 1}-04-01`]);
  } finally {
    await setPolicy("require_finance");
  }
});

Deno.test(`${tag} approval reserves the estimate, award replaces it with the order, receipts move it to spent`, async () => {
  await setPolicy("require_finance");
  const { department, budget } = await departmentBudget("1000.00");
  const need = await pendingRequest(db, team, { department, categoryId, quantity: 10, price: "40.00" });
  await expectJson(await approve(pm, need.id), 200);
  assert.equal(await status(need.id), "active");
  let b = await budgetOf(budget.id);
  assert.deepEqual([b.committed, b.spent, b.remaining], ["400.00", "0.00", "600.00"]);
  assert.deepEqual(b.entries!.map((e) => [e.kind, e.id, e.committed]), [["request", need.id, "400.00"]]);

  // Award at 35.50 a unit: the order (355.00) replaces the reservation.
  const quotationId = await quote(db, vendor, need, "35.50");
  const award = await expectJson<{ purchaseOrder: { id: number } }>(
    await pm.request(`/api/purchase-requests/${need.id}/award`, { method: "POST", json: { quotationId } }),
    201,
  );
  const poId = award.purchaseOrder.id;
  b = await budgetOf(budget.id);
  assert.deepEqual([b.committed, b.spent, b.remaining], ["355.00", "0.00", "645.00"]);
  assert.deepEqual(b.entries!.map((e) => [e.kind, e.id]), [["order", poId]]);

  // Partial receipt of 4 units: 142.00 spent, 213.00 still committed.
  await receive(db, poId, 4);
  b = await budgetOf(budget.id);
  assert.deepEqual([b.committed, b.spent, b.remaining], ["213.00", "142.00", "645.00"]);
  // A fractional quantity (2.5 units): 88.75 more spent.
  await receive(db, poId, "2.5");
  b = await budgetOf(budget.id);
  assert.deepEqual([b.committed, b.spent, b.remaining], ["124.25", "230.75", "645.00"]);
  // Closing the order releases what will not come.
  await closeOrder(db, poId);
  b = await budgetOf(budget.id);
  assert.deepEqual([b.committed, b.spent, b.remaining], ["0.00", "230.75", "769.25"]);
  assertBalanced(b);
});

Deno.test(`${tag} cancelling an approved request or its order releases the commitment; rejected requests reserve nothing`, async () => {
  await setPolicy("require_finance");
  const { department, budget } = await departmentBudget("500.00");
  const a = await pendingRequest(db, team, { department, categoryId, quantity: 1, price: "100.00" });
  const b2 = await pendingRequest(db, team, { department, categoryId, quantity: 1, price: "200.00" });
  const c = await pendingRequest(db, team, { department, categoryId, quantity: 1, price: "50.00" });
  await expectJson(await approve(pm, a.id), 200);
  await expectJson(await approve(pm, b2.id), 200);
  await expectJson(
    await pm.request(`/api/purchase-requests/${c.id}/reject`, { method: "POST", json: { comment: "no" } }),
    200,
  );
  assert.equal((await budgetOf(budget.id)).committed, "300.00");

  await expectJson(
    await team.request(`/api/purchase-requests/${a.id}/status`, { method: "PUT", json: { status: "cancelled" } }),
    200,
  );
  assert.equal((await budgetOf(budget.id)).committed, "200.00");

  const quotationId = await quote(db, vendor, b2, "190.00");
  const { purchaseOrder } = await expectJson<{ purchaseOrder: { id: number } }>(
    await pm.request(`/api/purchase-requests/${b2.id}/award`, { method: "POST", json: { quotationId } }),
    201,
  );
  assert.equal((await budgetOf(budget.id)).committed, "190.00");
  await cancelOrder(db, purchaseOrder.id);
  const after = await budgetOf(budget.id);
  assert.deepEqual([after.committed, after.spent, after.remaining], ["0.00", "0.00", "500.00"]);
});

Deno.test(`${tag} over budget with require_finance: the manager's approval leaves it pending, finance's approval activates it`, async () => {
  await setPolicy("require_finance");
  const { department, budget } = await departmentBudget("1000.00");
  const first = await pendingRequest(db, team, { department, categoryId, quantity: 6, price: "100.00" });
  await expectJson(await approve(pm, first.id), 200);
  // 600 committed; 500 more is 100 over (well below the 10,000 threshold).
  const over = await pendingRequest(db, team, { department, categoryId, quantity: 5, price: "100.00" });
  const effect = await expectJson<{ overrun: boolean; policy: string; budgets: { id: number; after: string }[] }>(
    await pm.request(`/api/budgets/effect/${over.id}`),
    200,
  );
  assert.equal(effect.overrun, true);
  assert.equal(effect.policy, "require_finance");
  assert.deepEqual(effect.budgets.map((b) => [b.id, b.after]), [[budget.id, "-100.00"]]);

  await expectJson(await approve(pm, over.id), 200);
  assert.equal(await status(over.id), "pending", "a finance approval is still needed");
  await expectError(await approve(pm2, over.id), 409, "purchaseRequests.financeApprovalNeeded");
  await expectJson(await approve(finance, over.id), 200);
  assert.equal(await status(over.id), "active");
  const b = await budgetOf(budget.id);
  assert.deepEqual([b.committed, b.remaining], ["1100.00", "-100.00"]);
  assertBalanced(b);

  // Exactly at the edge is within the budget: a request of the remaining amount needs no finance.
  const { department: d2 } = await departmentBudget("300.00");
  const edge = await pendingRequest(db, team, { department: d2, categoryId, quantity: 3, price: "100.00" });
  await expectJson(await approve(pm, edge.id), 200);
  assert.equal(await status(edge.id), "active");
});

Deno.test(`${tag} over budget with refuse: 409 budgets.exceeded and nothing changes`, async () => {
  await setPolicy("refuse");
  try {
    const { department, budget } = await departmentBudget("99.99");
    const over = await pendingRequest(db, team, { department, categoryId, quantity: 1, price: "100.00" });
    const body = await expectError(await approve(pm, over.id), 409, "budgets.exceeded");
    assert.match(String(body.message), /99\.99 remaining/);
    await expectError(await approve(finance, over.id), 409, "budgets.exceeded");
    assert.equal(await status(over.id), "pending");
    const events = await db.query(
      "select 1 from purchase_request_events where purchase_request_id = $1 and action = 'approved'",
      [over.id],
    );
    assert.equal(events.length, 0);
    assert.equal((await budgetOf(budget.id)).committed, "0.00");
  } finally {
    await setPolicy("require_finance");
  }
});

Deno.test(`${tag} a request counts against its department budget and its category budget, each a limit of its own`, async () => {
  await setPolicy("require_finance");
  const cat = await createCategory(db);
  const department = newDepartment();
  const byDept = await expectJson<Budget>(await createBudget(finance, { department, amount: "1000" }), 201);
  const byCat = await expectJson<Budget>(await createBudget(finance, { categoryId: cat, amount: "100" }), 201);
  const both = await expectJson<Budget>(
    await createBudget(finance, { department, categoryId: cat, amount: "5000" }),
    201,
  );
  const need = await pendingRequest(db, team, {
    department: department.toLowerCase(),
    categoryId: cat,
    quantity: 2,
    price: "75.00",
  });
  const effect = await expectJson<{ overrun: boolean; budgets: { id: number; overrun: boolean }[] }>(
    await finance.request(`/api/budgets/effect/${need.id}`),
    200,
  );
  assert.deepEqual(effect.budgets.map((b) => [b.id, b.overrun]), [[byDept.id, false], [byCat.id, true], [
    both.id,
    false,
  ]]);
  await expectJson(await approve(pm, need.id), 200);
  assert.equal(await status(need.id), "pending", "the category budget is exceeded");
  await expectJson(await approve(finance, need.id), 200);
  for (const id of [byDept.id, byCat.id, both.id]) assert.equal((await budgetOf(id)).committed, "150.00");
});

Deno.test(`${tag} the export lists budgets and the requests behind them, as CSV and XLSX`, async () => {
  const { department, budget } = await departmentBudget("10.00");
  const csv = await finance.request(`/api/budgets/export?fiscalYear=${YEAR}`);
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("content-type") ?? "", /text\/csv/);
  const text = await csv.text();
  assert.match(text, new RegExp(`budget,${budget.id},FY${YEAR},${department},,USD,10\\.00,0\\.00,0\\.00,10\\.00`));
  const xlsx = await finance.request(`/api/budgets/export?fiscalYear=${YEAR}&format=xlsx`);
  assert.equal(xlsx.status, 200);
  const bytes = new Uint8Array(await xlsx.arrayBuffer());
  assert.deepEqual([...bytes.slice(0, 2)], [0x50, 0x4b], "a zip (xlsx) file");
  await expectError(await team.request("/api/budgets/export"), 403);
  await expectError(await finance.request("/api/budgets/export?format=pdf"), 400);
});

Deno.test(`${tag} concurrent approvals against the last of a budget: exactly one fits, the other needs finance`, async () => {
  await setPolicy("require_finance");
  const { department, budget } = await departmentBudget("1000.00");
  const a = await pendingRequest(db, team, { department, categoryId, quantity: 6, price: "100.00" });
  const b = await pendingRequest(db, team, { department, categoryId, quantity: 6, price: "100.00" });
  const [ra, rb] = await Promise.all([approve(pm, a.id), approve(pm2, b.id)]);
  await expectJson(ra, 200);
  await expectJson(rb, 200);
  const statuses = [await status(a.id), await status(b.id)].sort();
  assert.deepEqual(statuses, ["active", "pending"]);
  const after = await budgetOf(budget.id);
  assert.deepEqual([after.committed, after.remaining], ["600.00", "400.00"]);
});

Deno.test(`${tag} concurrent approvals against the last of a budget with refuse: one passes, one 409`, async () => {
  await setPolicy("refuse");
  try {
    const { department, budget } = await departmentBudget("1000.00");
    const a = await pendingRequest(db, team, { department, categoryId, quantity: 6, price: "100.00" });
    const b = await pendingRequest(db, team, { department, categoryId, quantity: 6, price: "100.00" });
    const [ra, rb] = await Promise.all([approve(pm, a.id), approve(pm2, b.id)]);
    assert.deepEqual([ra.status, rb.status].sort(), [200, 409]);
    const refused = ra.status === 409 ? ra : rb;
    await expectError(refused, 409, "budgets.exceeded");
    const after = await budgetOf(budget.id);
    assert.deepEqual([after.committed, after.remaining], ["600.00", "400.00"]);
  } finally {
    await setPolicy("require_finance");
  }
});

Deno.test(`${tag} a category with a budget is in use: deleting it answers 409, not 500, and keeps both`, async () => {
  const cat = await createCategory(db);
  const b = await expectJson<Budget>(await createBudget(finance, { categoryId: cat, amount: "10" }), 201);
  await expectError(await admin.request(`/api/categories/${cat}`, { method: "DELETE" }), 409);
  assert.equal((await budgetOf(b.id)).amount, "10.00");
});

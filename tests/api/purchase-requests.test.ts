import assert from "node:assert/strict";
import { expectJson, testApp, withoutCode } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, type Session } from "../helpers/users.ts";

const tag = `[purchase-requests/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(t.close);

// The full form's items default to category 1 (spec section 9), so that id must exist first.
const CAT = await createCategory(db, "Office supplies");
const CAT2 = await createCategory(db, "IT hardware");
assert.equal(CAT, 1);
const team = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const admin = await as(t, "admin");
const vendor = await as(t, "vendor", { categoryIds: [CAT] });
const YEAR = new Date().getUTCFullYear();
const DAY = 86_400_000;

type Pr = {
  id: number;
  requestId: string;
  title: string;
  description: string;
  status: string;
  requestType: string;
  priority: string;
  biddingMode: string;
  approvalRequired: boolean;
  approvalsRequired: number;
  estimatedBudget: string;
  deadline: string;
  version: number;
  category: { id: number; name: string } | null;
  items: { id: number; name: string; quantity: number; unit: string; estimatedPrice: string; specifications: string }[];
  history: { action: string; fromStatus: string | null; toStatus: string | null; stage: string | null }[];
};

function full(over: Record<string, unknown> = {}) {
  return {
    title: "Laptops for QA",
    description: "Three laptops for the test lab",
    department: "Engineering",
    justification: "The old ones are out of warranty",
    deadline: new Date(Date.now() + 10 * DAY).toISOString(),
    items: [
      { itemName: "Laptop", specification: "16 GB RAM", quantity: 3, unit: "pcs", estimatedPrice: "987.65" },
      { itemName: "Docking station", quantity: "2", unit: "pcs", estimatedPrice: 120.1 },
    ],
    ...over,
  };
}

async function create(s: Session, body: unknown): Promise<Pr> {
  return await expectJson<Pr>(await s.request("/api/purchase-requests", { method: "POST", json: body }), 201);
}

async function count(sql: string, params: unknown[] = []) {
  return (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;
}

async function setStatus(id: number, status: string) {
  await db.query("update purchase_requests set status = $2 where id = $1", [id, status]);
}

async function version(id: number) {
  return (await db.query<{ version: number }>("select version from purchase_requests where id = $1", [id]))[0].version;
}

// ---------------------------------------------------------------------------------------------
// Create

Deno.test(`${tag} POST /api/purchase-requests with the full form answers 201 with a PR number, items and a computed budget`, async () => {
  const body = full({ estimatedBudget: "1.00", priority: "high", requestType: "vendor_quote", categoryId: CAT2 });
  const pr = await create(team, body);
  assert.match(pr.requestId, new RegExp(`^PR-${YEAR}-\\d{4}$`));
  assert.equal(pr.title, "Laptops for QA");
  assert.equal(pr.status, "pending");
  assert.equal(pr.priority, "high");
  assert.equal(pr.requestType, "vendor_quote");
  assert.equal(pr.category?.id, CAT2);
  // 3 x 987.65 + 2 x 120.10 = 2962.95 + 240.20; the client's estimatedBudget is ignored.
  assert.equal(pr.estimatedBudget, "3203.15");
  assert.deepEqual(
    pr.items.map((i) => [i.name, i.quantity, i.unit, i.estimatedPrice, i.specifications]),
    [["Laptop", 3, "pcs", "987.65", "16 GB RAM"], ["Docking station", 2, "pcs", "120.10", ""]],
  );
  assert.equal(pr.history.length, 1);
  assert.equal(pr.history[0].action, "created");

  // Stored: a numeric price per item (not text inside the specifications), the budget in its column.
  const rows = await db.query<{ price: string; type: string; spec: string }>(
    `select estimated_price::text as price, pg_typeof(estimated_price)::text as type, specifications as spec
       from purchase_request_items where purchase_request_id = $1 order by position`,
    [pr.id],
  );
  assert.deepEqual([...rows], [
    { price: "987.65", type: "numeric", spec: "16 GB RAM" },
    { price: "120.10", type: "numeric", spec: "" },
  ]);
  const [stored] = await db.query<{ budget: string; created_by: number }>(
    "select estimated_budget::text as budget, created_by from purchase_requests where id = $1",
    [pr.id],
  );
  assert.deepEqual(stored, { budget: "3203.15", created_by: team.user.id });

  // Audited in the same transaction.
  const audits = await db.query<{ user_id: number; metadata: Record<string, unknown> }>(
    "select user_id, metadata from audit_logs where action = 'CREATE' and entity_type = 'purchase_request' and entity_id = $1",
    [String(pr.id)],
  );
  assert.equal(audits.length, 1);
  assert.equal(audits[0].user_id, team.user.id);
  assert.equal(audits[0].metadata.requestNumber, pr.requestId);
});

Deno.test(`${tag} POST /api/purchase-requests: two creates get consecutive, unique PR numbers`, async () => {
  const a = await create(team, full());
  const b = await create(manager, full());
  const n = (id: string) => Number(id.split("-")[2]);
  assert.equal(n(b.requestId), n(a.requestId) + 1);
  assert.notEqual(a.requestId, b.requestId);
  assert.equal(await count("purchase_requests where request_number = $1", [a.requestId]), 1);
});

Deno.test(`${tag} POST /api/purchase-requests full form: defaults (deadline from default_deadline_days, medium, internal, approval, pending)`, async () => {
  const body = full();
  delete (body as Record<string, unknown>).deadline;
  for (const days of ["3", "12"]) {
    await db.query("update settings set value = $1 where key = 'default_deadline_days'", [days]);
    const before = Date.now();
    const pr = await create(team, body);
    const deadline = Date.parse(pr.deadline);
    assert.ok(deadline >= before + Number(days) * DAY - 1000, `deadline ${pr.deadline} is ${days} days ahead`);
    assert.ok(deadline <= Date.now() + Number(days) * DAY + 1000, `deadline ${pr.deadline} is ${days} days ahead`);
    assert.equal(pr.priority, "medium");
    assert.equal(pr.requestType, "internal");
    assert.equal(pr.approvalRequired, true);
    assert.equal(pr.status, "pending");
    assert.equal(pr.biddingMode, "open");
    assert.equal(pr.category?.id, CAT);
  }
  await db.query("update settings set value = '7' where key = 'default_deadline_days'");
});

Deno.test(`${tag} POST /api/purchase-requests quick create (spec section 7 payload): defaults and blank items dropped`, async () => {
  const deadline = new Date(Date.now() + 5 * DAY).toISOString();
  const pr = await create(team, {
    title: "Printer paper",
    description: "For the second floor",
    deadline,
    status: "pending",
    biddingMode: "unsealed",
    items: [
      { name: "A4 paper", unit: "", quantity: 10, specifications: "80 g/m2" },
      { name: "   ", unit: "box", quantity: 4, specifications: "blank: dropped" },
      { name: "Toner", specifications: "" },
      { name: "", unit: "pcs", quantity: 1, specifications: "" },
    ],
  });
  assert.equal(pr.status, "pending");
  assert.equal(pr.biddingMode, "open");
  assert.equal(pr.deadline, deadline);
  assert.equal(pr.requestType, "internal");
  assert.equal(pr.priority, "medium");
  assert.deepEqual(
    pr.items.map((i) => [i.name, i.unit, i.quantity, i.estimatedPrice, i.specifications]),
    [["A4 paper", "pcs", 10, "0.00", "80 g/m2"], ["Toner", "pcs", 1, "0.00", ""]],
  );
  assert.equal(pr.estimatedBudget, "0.00");
  assert.equal(await count("purchase_request_items where purchase_request_id = $1", [pr.id]), 2);
});

Deno.test(`${tag} POST /api/purchase-requests full form: every validation message in the spec's order`, async () => {
  const before = await count("purchase_requests");
  const steps: [Record<string, unknown>, string][] = [
    [{}, "Title is required"],
    [{ title: "T" }, "Description is required"],
    [{ description: "D" }, "Department is required"],
    [{ department: "Ops" }, "Justification is required"],
    [{ justification: "J" }, "All items must have names"],
    [{ items: [{ itemName: "Chair", quantity: 0 }] }, "All items must have valid quantities"],
  ];
  // Every later error is present at each step: the earliest one is the answer.
  let payload: Record<string, unknown> = {
    title: "  ",
    description: "",
    department: " ",
    justification: "",
    items: [{ itemName: "Desk", quantity: 1 }, { itemName: " ", quantity: -2 }],
  };
  for (const [fix, message] of steps) {
    payload = { ...payload, ...fix };
    const res = await team.request("/api/purchase-requests", { method: "POST", json: payload });
    assert.equal((await expectJson(res, 400)).message, message, JSON.stringify(payload));
  }
  for (const quantity of [0, -1, 1.5, "abc", 1_000_001]) {
    const res = await team.request("/api/purchase-requests", {
      method: "POST",
      json: full({ items: [{ itemName: "Chair", quantity }] }),
    });
    assert.equal((await expectJson(res, 400)).message, "All items must have valid quantities", String(quantity));
  }
  assert.equal(await count("purchase_requests"), before, "nothing written");
});

Deno.test(`${tag} POST /api/purchase-requests quick create: 'Please fill in all required fields'`, async () => {
  const before = await count("purchase_requests");
  const deadline = new Date(Date.now() + DAY).toISOString();
  const ok = {
    title: "Chairs",
    description: "",
    deadline,
    status: "pending",
    biddingMode: "unsealed",
    items: [{ name: "Chair" }],
  };
  for (const bad of [{ title: " " }, { deadline: "" }, { items: [] }, { items: [{ name: "  " }, { name: "" }] }]) {
    const res = await team.request("/api/purchase-requests", { method: "POST", json: { ...ok, ...bad } });
    assert.equal((await expectJson(res, 400)).message, "Please fill in all required fields", JSON.stringify(bad));
  }
  assert.equal(await count("purchase_requests"), before);
});

Deno.test(`${tag} POST /api/purchase-requests: an unknown category answers 400 and writes nothing`, async () => {
  const before = await count("purchase_requests");
  const itemsBefore = await count("purchase_request_items");
  const body = full({ items: [{ itemName: "Widget", quantity: 1, categoryId: 99999 }] });
  const res = await team.request("/api/purchase-requests", { method: "POST", json: body });
  assert.equal((await expectJson(res, 400)).message, "One or more categories do not exist");
  const res2 = await team.request("/api/purchase-requests", { method: "POST", json: full({ categoryId: 99999 }) });
  await expectJson(res2, 400);
  assert.equal(await count("purchase_requests"), before);
  assert.equal(await count("purchase_request_items"), itemsBefore);
});

Deno.test(`${tag} POST /api/purchase-requests: a budget that does not fit numeric(14,2) answers 400, not 500`, async () => {
  const before = await count("purchase_requests");
  const body = full({ items: [{ itemName: "Everything", quantity: 1_000_000, estimatedPrice: "99999999999.99" }] });
  const res = await team.request("/api/purchase-requests", { method: "POST", json: body });
  const answer = await expectJson(res, 400);
  assert.match(String(answer.message), /budget/i);
  assert.equal(await count("purchase_requests"), before);
  // The same through an edit.
  const pr = await create(team, full());
  const res2 = await team.request(`/api/purchase-requests/${pr.id}`, {
    method: "PUT",
    json: {
      title: "Too much",
      deadline: pr.deadline,
      version: 1,
      items: [{ name: "Everything", quantity: 1_000_000, estimatedPrice: "99999999999.99" }],
    },
  });
  assert.match(String((await expectJson(res2, 400)).message), /budget/i);
  assert.equal(await version(pr.id), 1);
});

Deno.test(`${tag} POST /api/purchase-requests writes the request and its items in one transaction`, async () => {
  // A failure while inserting the items (after the request row was inserted) must leave nothing behind.
  await db.exec(`
    create function test_refuse_item() returns trigger language plpgsql as $$
    begin
      if new.name = 'EXPLODE' then raise exception 'refused by test trigger'; end if;
      return new;
    end $$;
    create trigger test_refuse_item before insert on purchase_request_items
      for each row execute function test_refuse_item();`);
  try {
    const before = {
      prs: await count("purchase_requests"),
      items: await count("purchase_request_items"),
      events: await count("purchase_request_events"),
      audits: await count("audit_logs where entity_type = 'purchase_request'"),
    };
    const body = full({
      title: "Doomed request",
      items: [{ itemName: "Fine", quantity: 1 }, { itemName: "EXPLODE", quantity: 1 }],
    });
    const res = await team.request("/api/purchase-requests", { method: "POST", json: body });
    assert.equal((await expectJson(res, 500)).message, "Internal server error");
    assert.deepEqual({
      prs: await count("purchase_requests"),
      items: await count("purchase_request_items"),
      events: await count("purchase_request_events"),
      audits: await count("audit_logs where entity_type = 'purchase_request'"),
    }, before);
    assert.equal(await count("purchase_requests where title = 'Doomed request'"), 0);
  } finally {
    await db.exec("drop trigger test_refuse_item on purchase_request_items; drop function test_refuse_item();");
  }
});

Deno.test(`${tag} POST /api/purchase-requests: 401 signed out, 403 for vendors and cost/finance controllers`, async () => {
  const before = await count("purchase_requests");
  const signedOut = await t.app.request("/api/purchase-requests", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(full()),
  });
  assert.deepEqual(withoutCode(await expectJson(signedOut, 401)), { message: "Unauthorized" });
  for (const s of [vendor, finance]) {
    await expectJson(await s.request("/api/purchase-requests", { method: "POST", json: full() }), 403);
  }
  assert.equal(await count("purchase_requests"), before);
  // admin and procurement managers may create
  await create(admin, full());
});

// ---------------------------------------------------------------------------------------------
// List, stats, details

Deno.test(`${tag} GET /api/purchase-requests filters by status, category, request type and text, pages with X-Total-Count`, async () => {
  const marker = crypto.randomUUID().slice(0, 8);
  const a = await create(
    team,
    full({ title: `Filter ${marker} alpha`, categoryId: CAT2, requestType: "vendor_quote" }),
  );
  const b = await create(
    team,
    full({ title: `Filter ${marker} beta`, description: `zeta-${marker}`, requestType: "bid_required" }),
  );
  const c = await create(team, full({ title: `Filter ${marker} gamma`, categoryId: CAT2 }));
  await setStatus(b.id, "active");
  await setStatus(c.id, "cancelled");

  const list = async (query: string) => {
    const res = await manager.request(`/api/purchase-requests?${query}`);
    const rows = await expectJson<Pr[]>(res, 200);
    return { ids: rows.map((r) => r.id), total: Number(res.headers.get("x-total-count")), rows };
  };

  assert.deepEqual((await list(`q=${marker}`)).ids, [c.id, b.id, a.id], "newest first");
  assert.deepEqual((await list(`q=ZETA-${marker}`)).ids, [b.id], "description, case-insensitive");
  assert.deepEqual((await list(`q=${marker}&status=active`)).ids, [b.id]);
  assert.deepEqual((await list(`q=${marker}&status=cancelled`)).ids, [c.id]);
  assert.deepEqual((await list(`q=${marker}&categoryId=${CAT2}`)).ids, [c.id, a.id]);
  assert.deepEqual((await list(`q=${marker}&requestType=vendor_quote`)).ids, [a.id]);
  assert.deepEqual((await list(`q=${marker}&requestType=internal&categoryId=${CAT2}`)).ids, [c.id]);
  assert.deepEqual((await list(`q=${marker}&status=completed`)).ids, []);

  const page1 = await list(`q=${marker}&limit=2&offset=0`);
  const page2 = await list(`q=${marker}&limit=2&offset=2`);
  assert.deepEqual(page1.ids, [c.id, b.id]);
  assert.deepEqual(page2.ids, [a.id]);
  assert.equal(page1.total, 3);
  assert.equal(page2.total, 3);
  const all = await list("limit=1");
  assert.equal(all.total, await count("purchase_requests"));
  assert.equal(all.ids.length, 1);

  // The card shows the first three items.
  const many = await create(
    team,
    full({
      title: `Filter ${marker} many`,
      items: [1, 2, 3, 4, 5].map((n) => ({ itemName: `Item ${n}`, quantity: n })),
    }),
  );
  const row = (await list(`q=${marker}%20many`)).rows[0] as Pr & { itemCount: number };
  assert.equal(row.id, many.id);
  assert.equal(row.itemCount, 5);
  assert.deepEqual(row.items.map((i) => i.name), ["Item 1", "Item 2", "Item 3"]);

  await expectJson(await manager.request("/api/purchase-requests?status=bogus"), 400);
});

Deno.test(`${tag} GET /api/purchase-requests/stats counts as SQL does`, async () => {
  const stats = await expectJson<Record<string, number>>(await finance.request("/api/purchase-requests/stats"), 200);
  const [expected] = await db.query<Record<string, number>>(
    `select count(*)::int as total, count(*) filter (where status = 'active')::int as active,
       count(*) filter (where status = 'pending')::int as pending, count(*) filter (where status = 'completed')::int as completed
       from purchase_requests`,
  );
  assert.deepEqual(stats, expected);
  const pr = await create(team, full());
  await setStatus(pr.id, "completed");
  const after = await expectJson<Record<string, number>>(await finance.request("/api/purchase-requests/stats"), 200);
  assert.deepEqual(after, { ...expected, total: expected.total + 1, completed: expected.completed + 1 });
});

Deno.test(`${tag} GET /api/purchase-requests/:id returns items and history; 404 unknown; vendors 403; 401 signed out`, async () => {
  const pr = await create(team, full());
  const got = await expectJson<Pr & { createdBy: { id: number } }>(
    await finance.request(`/api/purchase-requests/${pr.id}`),
    200,
  );
  assert.equal(got.requestId, pr.requestId);
  assert.equal(got.items.length, 2);
  assert.equal(got.createdBy.id, team.user.id);
  assert.deepEqual(got.history.map((h) => [h.action, h.toStatus]), [["created", "pending"]]);
  assert.equal(
    (await expectJson(await team.request("/api/purchase-requests/999999"), 404)).message,
    "Purchase request not found",
  );

  for (const path of [`/api/purchase-requests/${pr.id}`, "/api/purchase-requests", "/api/purchase-requests/stats"]) {
    await expectJson(await vendor.request(path), 403);
    assert.deepEqual(withoutCode(await expectJson(await t.app.request(path), 401)), { message: "Unauthorized" });
  }
});

// ---------------------------------------------------------------------------------------------
// Edit

function edit(over: Record<string, unknown> = {}) {
  return {
    title: "Edited title",
    description: "Edited description",
    deadline: new Date(Date.now() + 3 * DAY).toISOString(),
    items: [{ name: "Monitor", quantity: 4, unit: "pcs", estimatedPrice: "199.99" }],
    ...over,
  };
}

Deno.test(`${tag} PUT /api/purchase-requests/:id edits with the version read and increments it`, async () => {
  const pr = await create(team, full());
  assert.equal(pr.version, 1);
  const res = await manager.request(`/api/purchase-requests/${pr.id}`, { method: "PUT", json: edit({ version: 1 }) });
  const got = await expectJson<Pr>(res, 200);
  assert.equal(got.version, 2);
  assert.equal(got.title, "Edited title");
  assert.equal(got.estimatedBudget, "799.96");
  assert.deepEqual(got.items.map((i) => [i.name, i.quantity, i.estimatedPrice]), [["Monitor", 4, "199.99"]]);
  assert.deepEqual(got.history.map((h) => h.action), ["created", "updated"]);
  assert.equal(await count("purchase_request_items where purchase_request_id = $1", [pr.id]), 1);
  assert.equal(
    await count("audit_logs where action = 'UPDATE' and entity_type = 'purchase_request' and entity_id = $1", [
      String(pr.id),
    ]),
    1,
  );
});

Deno.test(`${tag} PUT /api/purchase-requests/:id with a stale version answers 409 and changes nothing`, async () => {
  const pr = await create(team, full());
  await expectJson(
    await team.request(`/api/purchase-requests/${pr.id}`, { method: "PUT", json: edit({ version: 1 }) }),
    200,
  );
  const snapshot = await expectJson<Pr>(await team.request(`/api/purchase-requests/${pr.id}`), 200);
  const res = await manager.request(`/api/purchase-requests/${pr.id}`, {
    method: "PUT",
    json: edit({ version: 1, title: "Lost update", items: [{ name: "Other", quantity: 9 }] }),
  });
  assert.equal(
    (await expectJson(res, 409)).message,
    "This purchase request was changed by someone else. Reload and try again.",
  );
  const now = await expectJson<Pr>(await team.request(`/api/purchase-requests/${pr.id}`), 200);
  assert.deepEqual(now, snapshot);
  assert.equal(now.title, "Edited title");
  assert.deepEqual(now.items.map((i) => i.name), ["Monitor"]);
  assert.equal(await version(pr.id), 2);

  // Without a version: 400.
  const noVersion = await team.request(`/api/purchase-requests/${pr.id}`, { method: "PUT", json: edit() });
  assert.equal((await expectJson(noVersion, 400)).message, "version is required");
  // Validation of the quick/edit form applies.
  const blank = await team.request(`/api/purchase-requests/${pr.id}`, {
    method: "PUT",
    json: edit({ version: 2, title: "" }),
  });
  assert.equal((await expectJson(blank, 400)).message, "Please fill in all required fields");
  assert.equal(await version(pr.id), 2);
});

Deno.test(`${tag} PUT /api/purchase-requests/:id is refused (409) once completed, cancelled or rejected`, async () => {
  for (const status of ["completed", "cancelled", "rejected"]) {
    const pr = await create(team, full({ title: `Final ${status}` }));
    await setStatus(pr.id, status);
    const res = await team.request(`/api/purchase-requests/${pr.id}`, { method: "PUT", json: edit({ version: 1 }) });
    assert.equal((await expectJson(res, 409)).message, `A ${status} purchase request cannot be edited`);
    const [row] = await db.query<{ title: string; version: number }>(
      "select title, version from purchase_requests where id = $1",
      [
        pr.id,
      ],
    );
    assert.deepEqual(row, { title: `Final ${status}`, version: 1 });
  }
  const draft = await create(team, full());
  await setStatus(draft.id, "draft");
  await expectJson(
    await team.request(`/api/purchase-requests/${draft.id}`, { method: "PUT", json: edit({ version: 1 }) }),
    200,
  );
});

Deno.test(`${tag} PUT /api/purchase-requests/:id on an approved request: text may change, items and budget may not`, async () => {
  const pr = await create(team, full());
  await setStatus(pr.id, "active");
  const detail = await expectJson<
    { items: { name: string; specifications: string; quantity: number; unit: string; estimatedPrice: string }[] }
  >(
    await team.request(`/api/purchase-requests/${pr.id}`),
    200,
  );
  const sameItems = detail.items.map((i) => ({
    name: i.name,
    specifications: i.specifications,
    quantity: i.quantity,
    unit: i.unit,
    estimatedPrice: i.estimatedPrice,
  }));
  const renamed = await team.request(`/api/purchase-requests/${pr.id}`, {
    method: "PUT",
    json: edit({ version: 1, title: "Renamed while active", items: sameItems }),
  });
  assert.equal((await expectJson<{ title: string; status: string }>(renamed, 200)).title, "Renamed while active");
  const budgetBefore =
    (await db.query<{ b: string }>("select estimated_budget as b from purchase_requests where id = $1", [
      pr.id,
    ]))[0].b;
  const raised = await team.request(`/api/purchase-requests/${pr.id}`, {
    method: "PUT",
    json: edit({ version: 2, items: [{ ...sameItems[0], estimatedPrice: "999999.00" }] }),
  });
  assert.equal(
    (await expectJson(raised, 409)).message,
    "The items of an approved purchase request cannot change. Cancel it and raise a new request.",
  );
  const [row] = await db.query<{ budget: string; version: number }>(
    "select estimated_budget as budget, version from purchase_requests where id = $1",
    [pr.id],
  );
  assert.deepEqual(row, { budget: budgetBefore, version: 2 }, "the refused edit changed nothing");
});

Deno.test(`${tag} PUT /api/purchase-requests/:id: 403 for cost/finance controllers and vendors, 401 signed out, 404 unknown`, async () => {
  const pr = await create(team, full());
  for (const s of [finance, vendor]) {
    await expectJson(
      await s.request(`/api/purchase-requests/${pr.id}`, { method: "PUT", json: edit({ version: 1 }) }),
      403,
    );
    await expectJson(
      await s.request(`/api/purchase-requests/${pr.id}/status`, { method: "PUT", json: { status: "cancelled" } }),
      403,
    );
  }
  const out = await t.app.request(`/api/purchase-requests/${pr.id}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(edit({ version: 1 })),
  });
  await expectJson(out, 401);
  assert.equal(await version(pr.id), 1);
  await expectJson(
    await team.request("/api/purchase-requests/999999", { method: "PUT", json: edit({ version: 1 }) }),
    404,
  );
});

// ---------------------------------------------------------------------------------------------
// Status machine

const LEGAL = new Set([
  "draft>pending",
  "draft>cancelled",
  "pending>cancelled",
  "active>completed",
  "active>cancelled",
]);
const FROM = ["draft", "pending", "active", "rejected", "completed", "cancelled"];
const TO = ["draft", "pending", "active", "rejected", "completed", "cancelled"];

Deno.test(`${tag} PUT /api/purchase-requests/:id/status: every legal and illegal transition`, async () => {
  for (const from of FROM) {
    for (const to of TO) {
      const pr = await create(team, full({ title: `Status ${from} to ${to}` }));
      await setStatus(pr.id, from);
      const res = await team.request(`/api/purchase-requests/${pr.id}/status`, { method: "PUT", json: { status: to } });
      const [row] = await db.query<{ status: string; version: number }>(
        "select status, version from purchase_requests where id = $1",
        [pr.id],
      );
      const audits = await count(
        "audit_logs where action = 'STATUS_CHANGE' and entity_type = 'purchase_request' and entity_id = $1",
        [String(pr.id)],
      );
      if (LEGAL.has(`${from}>${to}`)) {
        const got = await expectJson<Pr>(res, 200);
        assert.equal(got.status, to, `${from} -> ${to}`);
        assert.deepEqual(row, { status: to, version: 2 }, `${from} -> ${to}`);
        assert.deepEqual(got.history.at(-1), {
          ...got.history.at(-1),
          action: "status_changed",
          fromStatus: from,
          toStatus: to,
        });
        assert.equal(audits, 1, `${from} -> ${to} audited`);
      } else {
        await expectJson(res, 409);
        assert.deepEqual(row, { status: from, version: 1 }, `${from} -> ${to} refused, nothing changed`);
        assert.equal(audits, 0);
      }
    }
  }
});

Deno.test(`${tag} PUT /api/purchase-requests/:id/status: 'active' and 'rejected' need approve/reject; stale version 409; bad status 400`, async () => {
  const pr = await create(team, full());
  for (const status of ["active", "rejected"]) {
    const res = await manager.request(`/api/purchase-requests/${pr.id}/status`, { method: "PUT", json: { status } });
    assert.equal((await expectJson(res, 409)).message, "Use approve or reject to decide on a pending purchase request");
  }
  const stale = await team.request(`/api/purchase-requests/${pr.id}/status`, {
    method: "PUT",
    json: { status: "cancelled", version: 7 },
  });
  assert.equal(
    (await expectJson(stale, 409)).message,
    "This purchase request was changed by someone else. Reload and try again.",
  );
  const bad = await team.request(`/api/purchase-requests/${pr.id}/status`, {
    method: "PUT",
    json: { status: "archived" },
  });
  assert.equal((await expectJson(bad, 400)).message, "Invalid status");
  assert.equal(await version(pr.id), 1);
  // Cancel with the right version, then it cannot be undone.
  const ok = await team.request(`/api/purchase-requests/${pr.id}/status`, {
    method: "PUT",
    json: { status: "cancelled", version: 1 },
  });
  assert.equal((await expectJson<Pr>(ok, 200)).status, "cancelled");
  for (const status of ["pending", "draft", "completed"]) {
    await expectJson(
      await team.request(`/api/purchase-requests/${pr.id}/status`, { method: "PUT", json: { status } }),
      409,
    );
  }
});

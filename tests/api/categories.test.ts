import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser } from "../helpers/users.ts";

const tag = `[categories/${testBackend()}]`;
const subTag = `[subscriptions/${testBackend()}]`;
const t = await testApp();
Deno.test.afterAll(t.close);
const { app, db } = t;

const admin = await as(t, "admin");
const purchaser = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const vendor = await as(t, "vendor");

const DUPLICATE = "A category with this name already exists";
const NAME_REQUIRED = "Category name is required.";

const categoryCount = async () => (await db.query<{ n: number }>("select count(*)::int as n from categories"))[0].n;
const categoryRow = async (id: number) =>
  (await db.query<{ name: string; description: string; is_active: boolean }>(
    "select name, description, is_active from categories where id = $1",
    [id],
  ))[0];
const auditRows = async (action: string, id: number | string) =>
  await db.query<{ user_id: number | null; metadata: Record<string, unknown> }>(
    "select user_id, metadata from audit_logs where entity_type = 'category' and action = $1 and entity_id = $2 order by id",
    [action, String(id)],
  );
const unique = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;
const post = (json: unknown) => ({ method: "POST", json });
const put = (json: unknown) => ({ method: "PUT", json });

type Category = { id: number; name: string; description: string; isActive: boolean; vendorCount: number };

Deno.test(`${tag} GET /api/categories shows active ones to everyone, inactive ones and vendor counts to managers`, async () => {
  const active = await createCategory(db, unique("Active"));
  const inactive = await createCategory(db, unique("Inactive"));
  await db.query("update categories set is_active = false where id = $1", [inactive]);
  // Two approved vendors and one pending and one rejected, all subscribed to `active`: only approved ones count.
  await createUser(db, "vendor", { categoryIds: [active] });
  await createUser(db, "vendor", { categoryIds: [active] });
  await createUser(db, "vendor", { vendorStatus: "pending", categoryIds: [active] });
  await createUser(db, "vendor", { vendorStatus: "rejected", categoryIds: [active, inactive] });

  const anonymous = await expectJson<Category[]>(await app.request("/api/categories"), 200);
  assert.ok(anonymous.some((c) => c.id === active));
  assert.ok(!anonymous.some((c) => c.id === inactive), "signed out: no inactive category");
  assert.ok(anonymous.every((c) => c.isActive));
  for (const s of [vendor, finance]) {
    const list = await expectJson<Category[]>(await s.request("/api/categories"), 200);
    assert.ok(!list.some((c) => c.id === inactive), `${s.user.role}: no inactive category`);
  }

  const all = await expectJson<Category[]>(await admin.request("/api/categories"), 200);
  const a = all.find((c) => c.id === active)!;
  const i = all.find((c) => c.id === inactive)!;
  assert.ok(i, "admin sees the inactive category");
  assert.equal(i.isActive, false);
  assert.equal(a.vendorCount, 2, "approved vendors only");
  assert.equal(i.vendorCount, 0, "a rejected vendor is not counted");
  assert.deepEqual(Object.keys(a).sort(), [
    "createdAt",
    "description",
    "id",
    "isActive",
    "name",
    "updatedAt",
    "vendorCount",
  ]);
  // Sorted by name, case-insensitively.
  const names = all.map((c) => c.name.toLowerCase());
  assert.deepEqual(names, [...names].sort());
  assert.ok(
    (await expectJson<Category[]>(await purchaser.request("/api/categories"), 200)).some((c) => c.id === inactive),
  );
});

Deno.test(`${tag} POST /api/categories creates a trimmed category with an audit row`, async () => {
  const name = unique("Office Supplies");
  const body = await expectJson<Category>(
    await admin.request("/api/categories", post({ name: `  ${name}  `, description: "  Paper, pens  " })),
    201,
  );
  assert.equal(body.name, name);
  assert.equal(body.description, "Paper, pens");
  assert.equal(body.isActive, true);
  assert.equal(body.vendorCount, 0);
  assert.deepEqual(await categoryRow(body.id), { name, description: "Paper, pens", is_active: true });
  const audits = await auditRows("CREATE", body.id);
  assert.equal(audits.length, 1);
  assert.equal(audits[0].user_id, admin.user.id);
  assert.deepEqual(audits[0].metadata, { name, description: "Paper, pens" });

  // Without a description.
  const bare = await expectJson<Category>(await admin.request("/api/categories", post({ name: unique("Bare") })), 201);
  assert.equal(bare.description, "");
});

Deno.test(`${tag} POST /api/categories is allowed to purchase_team and procurement_manager`, async () => {
  for (const s of [purchaser, manager]) {
    const name = unique(s.user.role);
    const body = await expectJson<Category>(await s.request("/api/categories", post({ name })), 201);
    assert.equal((await categoryRow(body.id)).name, name);
    assert.equal((await auditRows("CREATE", body.id))[0].user_id, s.user.id);
  }
});

Deno.test(`${tag} POST /api/categories refuses finance, vendors (403) and signed-out callers (401), inserting nothing`, async () => {
  const before = await categoryCount();
  for (const s of [finance, vendor]) {
    const body = await expectJson(await s.request("/api/categories", post({ name: unique("Nope") })), 403);
    assert.match(String(body.message), /categories\.create/, s.user.role);
  }
  await expectJson(
    await app.request("/api/categories", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: unique("Nope") }),
    }),
    401,
  );
  assert.equal(await categoryCount(), before);
});

Deno.test(`${tag} POST /api/categories answers 'Category name is required.' for a missing, empty or blank name`, async () => {
  const before = await categoryCount();
  for (const json of [{}, { name: "" }, { name: "   " }, { name: "\t\n" }, { name: null }, { description: "x" }]) {
    const body = await expectJson(await admin.request("/api/categories", post(json)), 400);
    assert.equal(body.message, NAME_REQUIRED, JSON.stringify(json));
  }
  assert.equal(await categoryCount(), before);
});

Deno.test(`${tag} POST /api/categories refuses a duplicate name, whatever its case and spaces (409)`, async () => {
  const name = unique("Cleaning");
  const id = await createCategory(db, name);
  const before = await categoryCount();
  for (const dup of [name, name.toUpperCase(), `  ${name.toLowerCase()} `]) {
    const body = await expectJson(await admin.request("/api/categories", post({ name: dup })), 409);
    assert.equal(body.message, DUPLICATE);
  }
  assert.equal(await categoryCount(), before);
  assert.equal(
    (await db.query(
      "select 1 from audit_logs where entity_type = 'category' and action = 'CREATE' and metadata->>'name' ilike $1",
      [name],
    )).length,
    0,
  );
  assert.equal((await categoryRow(id)).name, name);
});

Deno.test(`${tag} PUT /api/categories/:id edits name, description and active flag, with an audit row of the changes`, async () => {
  const id = await createCategory(db, unique("Old"));
  const old = (await categoryRow(id)).name;
  const name = unique("New");
  const body = await expectJson<Category>(
    await purchaser.request(
      `/api/categories/${id}`,
      put({ name: ` ${name} `, description: "Updated", isActive: false }),
    ),
    200,
  );
  assert.equal(body.name, name);
  assert.equal(body.isActive, false);
  assert.deepEqual(await categoryRow(id), { name, description: "Updated", is_active: false });
  const audits = await auditRows("UPDATE", id);
  assert.equal(audits.length, 1);
  assert.equal(audits[0].user_id, purchaser.user.id);
  assert.deepEqual(audits[0].metadata.changes, {
    name: { from: old, to: name },
    description: { from: "", to: "Updated" },
    isActive: { from: true, to: false },
  });

  // Without isActive the flag stays as it is; renaming to its own name in another case is not a duplicate.
  const again = await expectJson<Category>(
    await manager.request(`/api/categories/${id}`, put({ name: name.toUpperCase() })),
    200,
  );
  assert.equal(again.name, name.toUpperCase());
  assert.equal((await categoryRow(id)).is_active, false);
  assert.equal((await categoryRow(id)).description, "", "description omitted means empty");
});

Deno.test(`${tag} PUT /api/categories/:id refuses a blank name, another category's name, unknown ids and unpermitted roles`, async () => {
  const taken = await createCategory(db, unique("Taken"));
  const id = await createCategory(db, unique("Mine"));
  const before = await categoryRow(id);
  const takenName = (await categoryRow(taken)).name;

  assert.equal(
    (await expectJson(await admin.request(`/api/categories/${id}`, put({ name: "  " })), 400)).message,
    NAME_REQUIRED,
  );
  assert.equal((await expectJson(await admin.request(`/api/categories/${id}`, put({})), 400)).message, NAME_REQUIRED);
  assert.equal(
    (await expectJson(await admin.request(`/api/categories/${id}`, put({ name: takenName.toLowerCase() })), 409))
      .message,
    DUPLICATE,
  );
  assert.equal(
    (await expectJson(await admin.request("/api/categories/999999", put({ name: unique("Ghost") })), 404)).message,
    "Category not found",
  );
  for (const s of [finance, vendor]) {
    await expectJson(await s.request(`/api/categories/${id}`, put({ name: unique("Nope") })), 403);
  }
  await expectJson(
    await app.request(`/api/categories/${id}`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: unique("Nope") }),
    }),
    401,
  );
  assert.deepEqual(await categoryRow(id), before);
  assert.equal((await auditRows("UPDATE", id)).length, 0);
});

Deno.test(`${tag} DELETE /api/categories/:id removes an unused category (204) with an audit row`, async () => {
  const name = unique("Unused");
  const id = await createCategory(db, name);
  const res = await admin.request(`/api/categories/${id}`, { method: "DELETE" });
  assert.equal(res.status, 204);
  assert.equal(await res.text(), "");
  assert.equal(await categoryRow(id), undefined);
  const audits = await auditRows("DELETE", id);
  assert.equal(audits.length, 1);
  assert.equal(audits[0].user_id, admin.user.id);
  assert.deepEqual(audits[0].metadata, { name });

  assert.equal(
    (await expectJson(await admin.request(`/api/categories/${id}`, { method: "DELETE" }), 404)).message,
    "Category not found",
  );
});

Deno.test(`${tag} DELETE /api/categories/:id is refused to purchase_team and procurement_manager (403), finance, vendors and signed out`, async () => {
  const id = await createCategory(db, unique("Keep"));
  for (const s of [purchaser, manager, finance, vendor]) {
    const body = await expectJson(await s.request(`/api/categories/${id}`, { method: "DELETE" }), 403);
    assert.match(String(body.message), /categories\.delete/, s.user.role);
  }
  await expectJson(await app.request(`/api/categories/${id}`, { method: "DELETE" }), 401);
  assert.ok(await categoryRow(id), "still there");
  assert.equal((await auditRows("DELETE", id)).length, 0);
});

Deno.test(`${tag} DELETE /api/categories/:id refuses a category a vendor subscribes to (409) and keeps it`, async () => {
  const id = await createCategory(db, unique("Subscribed"));
  // A pending vendor's subscription counts too: deleting would orphan it.
  const v = await createUser(db, "vendor", { vendorStatus: "pending", categoryIds: [id] });
  const body = await expectJson(await admin.request(`/api/categories/${id}`, { method: "DELETE" }), 409);
  assert.equal(
    body.message,
    "This category is used by 1 vendor(s), 0 purchase request record(s) and 0 bid request record(s). Deactivate it instead.",
  );
  assert.ok(await categoryRow(id));
  assert.equal(
    (await db.query("select 1 from vendor_categories where vendor_id = $1 and category_id = $2", [v.id, id])).length,
    1,
  );
  assert.equal((await auditRows("DELETE", id)).length, 0);
});

Deno.test(`${tag} DELETE /api/categories/:id refuses a category a purchase request item uses (409) and keeps it`, async () => {
  const id = await createCategory(db, unique("Requested"));
  const creator = await createUser(db, "purchase_team");
  const [{ id: prId }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, deadline, created_by)
     values ('PR-2099-' || lpad((floor(random() * 900000) + 1000)::int::text, 6, '0'), 'Paper', now() + interval '7 days', $1)
     returning id`,
    [creator.id],
  );
  await db.query(
    "insert into purchase_request_items (purchase_request_id, name, category_id) values ($1, 'A4 paper', $2)",
    [prId, id],
  );

  const body = await expectJson(await admin.request(`/api/categories/${id}`, { method: "DELETE" }), 409);
  assert.equal(
    body.message,
    "This category is used by 0 vendor(s), 1 purchase request record(s) and 0 bid request record(s). Deactivate it instead.",
  );
  assert.ok(await categoryRow(id));

  // Deactivating instead is the way out, and the category then disappears from the public list.
  await expectJson(
    await admin.request(`/api/categories/${id}`, put({ name: (await categoryRow(id)).name, isActive: false })),
    200,
  );
  const list = await expectJson<Category[]>(await app.request("/api/categories"), 200);
  assert.ok(!list.some((c) => c.id === id));
});

// ---------------------------------------------------------------------------------------------
// Category subscriptions of the signed-in vendor

Deno.test(`${subTag} GET /api/vendor/categories lists the vendor's own subscriptions`, async () => {
  const a = await createCategory(db, unique("Sub A"));
  const b = await createCategory(db, unique("Sub B"));
  const other = await createCategory(db, unique("Sub other"));
  const me = await as(t, "vendor", { categoryIds: [a, b] });
  await createUser(db, "vendor", { categoryIds: [other] });
  const body = await expectJson<{ categoryId: number }[]>(await me.request("/api/vendor/categories"), 200);
  assert.deepEqual(body.map((r) => r.categoryId).sort(), [a, b].sort());
});

Deno.test(`${subTag} GET and PUT /api/vendor/categories are for vendors only (staff 403, signed out 401)`, async () => {
  const c = await createCategory(db, unique("Staff"));
  for (const s of [admin, purchaser, manager, finance]) {
    await expectJson(await s.request("/api/vendor/categories"), 403);
    await expectJson(await s.request("/api/vendor/categories", put({ categoryIds: [c] })), 403);
    assert.equal((await db.query("select 1 from vendor_categories where vendor_id = $1", [s.user.id])).length, 0);
  }
  await expectJson(await app.request("/api/vendor/categories"), 401);
  await expectJson(
    await app.request("/api/vendor/categories", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ categoryIds: [c] }),
    }),
    401,
  );
});

Deno.test(`${subTag} PUT /api/vendor/categories replaces the set, with an audit row`, async () => {
  const [a, b, c] = [
    await createCategory(db, unique("R A")),
    await createCategory(db, unique("R B")),
    await createCategory(db, unique("R C")),
  ];
  const me = await as(t, "vendor", { categoryIds: [a, b] });
  const body = await expectJson<{ categoryId: number }[]>(
    await me.request("/api/vendor/categories", put({ categoryIds: [b, c, c] })),
    200,
  );
  assert.deepEqual(body.map((r) => r.categoryId).sort(), [b, c].sort());
  const rows = await db.query<{ category_id: number }>(
    "select category_id from vendor_categories where vendor_id = $1 order by category_id",
    [me.user.id],
  );
  assert.deepEqual(rows.map((r) => r.category_id), [b, c].sort((x, y) => x - y));
  const [audit] = await db.query<
    { user_id: number; metadata: { changes: { categoryIds: { from: number[]; to: number[] } } } }
  >(
    "select user_id, metadata from audit_logs where entity_type = 'vendor_categories' and entity_id = $1 and action = 'UPDATE'",
    [String(me.user.id)],
  );
  assert.equal(audit.user_id, me.user.id);
  assert.deepEqual(audit.metadata.changes.categoryIds.from.sort(), [a, b].sort());
  assert.deepEqual(audit.metadata.changes.categoryIds.to.sort(), [b, c].sort());

  // An empty list unsubscribes from everything.
  assert.deepEqual(await expectJson(await me.request("/api/vendor/categories", put({ categoryIds: [] })), 200), []);
  assert.equal((await db.query("select 1 from vendor_categories where vendor_id = $1", [me.user.id])).length, 0);
});

Deno.test(`${subTag} PUT /api/vendor/categories refuses an unknown or inactive category (400) and changes nothing`, async () => {
  const a = await createCategory(db, unique("Keep A"));
  const off = await createCategory(db, unique("Off"));
  await db.query("update categories set is_active = false where id = $1", [off]);
  const me = await as(t, "vendor", { categoryIds: [a] });
  for (const categoryIds of [[a, 999999], [off], [a, off]]) {
    const body = await expectJson(await me.request("/api/vendor/categories", put({ categoryIds })), 400);
    assert.equal(body.message, "One or more categories do not exist", JSON.stringify(categoryIds));
  }
  assert.equal(
    (await expectJson(await me.request("/api/vendor/categories", put({ categoryIds: "x" })), 400)).message,
    "categoryIds must be a list of ids",
  );
  const rows = await db.query<{ category_id: number }>(
    "select category_id from vendor_categories where vendor_id = $1",
    [me.user.id],
  );
  assert.deepEqual(rows.map((r) => r.category_id), [a]);
  assert.equal(
    (await db.query("select 1 from audit_logs where entity_type = 'vendor_categories' and entity_id = $1", [
      String(me.user.id),
    ])).length,
    0,
  );
});

/**
 * Parallel duplicate submissions (first quotation, resubmission, the same category
 * name, the same registration email) answer 409 (or the normal answer), never 500, and leave one
 * row. Meaningful on PostgreSQL, where the requests really run side by side; PGlite runs them too.
 */
import assert from "node:assert/strict";
import { testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";

const tag = `[duplicates/${testBackend()}]`;
const t = await testApp();
Deno.test.afterAll(t.close);
const { db } = t;
const categoryId = await createCategory(db, "Parallel");
const admin = await as(t, "admin");
const N = 8;

async function statuses(responses: Response[]) {
  const out: number[] = [];
  for (const r of responses) {
    out.push(r.status);
    const body = await r.text();
    if (r.status >= 500) throw new Error(`${r.status}: ${body}`);
  }
  return out.sort();
}

async function openRequest() {
  const year = new Date().getUTCFullYear();
  const [{ id }] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, deadline, created_by)
     values ($1, 'Parallel', 'active', 'vendor_quote', $2, now() + interval '14 days', $3) returning id`,
    [`PR-${year}-${String(7000 + Math.floor(Math.random() * 2000)).padStart(4, "0")}`, categoryId, admin.user.id],
  );
  const [item] = await db.query<{ id: number }>(
    `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit, category_id)
     values ($1, 0, 'Chair', 2, 'pcs', $2) returning id`,
    [id, categoryId],
  );
  return { id, itemId: item.id };
}

Deno.test(`${tag} parallel first quotations and resubmissions by one vendor: no 500, one current quotation`, async () => {
  const vendor = await as(t, "vendor", { categoryIds: [categoryId] });
  const pr = await openRequest();
  const submit = (price: string) =>
    vendor.request("/api/vendor/quotations", {
      method: "POST",
      json: { purchaseRequestId: pr.id, validityPeriod: 30, items: [{ itemId: pr.itemId, unitPrice: price }] },
    });
  const first = await statuses(await Promise.all(Array.from({ length: N }, (_, i) => submit(`${10 + i}.00`))));
  assert.ok(first.every((s) => s === 201 || s === 200 || s === 409), `first: ${first}`);
  assert.ok(first.some((s) => s === 201 || s === 200), `first: ${first}`);
  const again = await statuses(await Promise.all(Array.from({ length: N }, (_, i) => submit(`${20 + i}.00`))));
  assert.ok(again.every((s) => s === 201 || s === 200 || s === 409), `resubmissions: ${again}`);
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from quotations where purchase_request_id = $1 and vendor_id = $2 and is_current",
    [pr.id, vendor.user.id],
  );
  assert.equal(n, 1);
});

Deno.test(`${tag} the same category name created in parallel: one 201, the others 409`, async () => {
  const name = `Parallel ${crypto.randomUUID().slice(0, 6)}`;
  const got = await statuses(
    await Promise.all(
      Array.from({ length: N }, () => admin.request("/api/categories", { method: "POST", json: { name } })),
    ),
  );
  assert.deepEqual(got, [201, ...Array(N - 1).fill(409)]);
});

Deno.test(`${tag} the same registration email in parallel: no 500, one account`, async () => {
  const email = `parallel.${crypto.randomUUID().slice(0, 6)}@example.com`;
  const register = () => {
    const form = new FormData();
    for (
      const [k, v] of Object.entries({
        firstName: "Ada",
        lastName: "L",
        email,
        companyName: "Engines",
        contactPerson: "Ada",
        phone: "+44 1",
      })
    ) form.set(k, v);
    form.append("categoryIds", String(categoryId));
    return t.app.request("/api/vendor/register", { method: "POST", body: form });
  };
  const got = await statuses(await Promise.all(Array.from({ length: N }, register)));
  assert.ok(got.every((s) => s === 201 || s === 200 || s === 409), `registrations: ${got}`);
  const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from users where email = $1", [email]);
  assert.equal(n, 1);
});

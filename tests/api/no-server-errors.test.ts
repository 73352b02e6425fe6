/**
 * "No 500 for anything a client can send": every /api route, called by an admin and by a vendor with
 * malformed input (broken JSON, wrong types, odd ids, junk query strings, wrong content types), must
 * answer a 4xx (or a success), never a 5xx. Nothing here may log an error either (setup.ts).
 */
import assert from "node:assert/strict";
import { routers } from "../../src/app.ts";
import { testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";

const tag = `[robustness/${testBackend()}]`;
const t = await testApp();
Deno.test.afterAll(t.close);
await createCategory(t.db, "Robustness");
const admin = await as(t, "admin");
const vendor = await as(t, "vendor");
const manager = await as(t, "procurement_manager");

const routes = new Map<string, { method: string; path: string }>();
for (const r of routers) {
  for (const route of r.routes) {
    if (route.method === "ALL" || !route.path.startsWith("/api/")) continue;
    routes.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
}
// Skip signing out (it would end the session used by the following calls).
routes.delete("POST /api/auth/logout");

// No id of an existing record: a well-formed call on one (e.g. a password reset) would change it.
const IDS = ["abc", "-1", "0", "1.5", "99999999999999999999", "%00", "2147483648", "999999"];
const BODIES: { type: string; body: string }[] = [
  { type: "application/json", body: "{not json" },
  { type: "application/json", body: "[]" },
  { type: "application/json", body: "null" },
  { type: "application/json", body: '"text"' },
  {
    type: "application/json",
    body: JSON.stringify({
      title: 1,
      items: "x",
      email: ["a"],
      roleId: "admin",
      status: 5,
      deadline: "not a date",
      categoryIds: [-1, "x"],
      quantity: 1e309,
      unitPrice: "1e400",
      purchaseRequestId: "1; drop table users",
      isActive: "yes",
      code: 123456,
      password: { $gt: "" },
    }),
  },
  // Null bytes, lone surrogates, impossible dates and ids past the integer range
  {
    type: "application/json",
    body: JSON.stringify({
      title: "nul\u0000byte",
      name: "\uD800",
      email: "a\u0000@example.com",
      username: "\uDC00",
      password: "x\u0000",
      description: "lone \uDBFF",
      deadline: "2026-02-30",
      biddingDeadline: "+275760-09-13",
      categoryId: 2147483648,
      purchaseRequestId: "2147483648",
      bidRequestId: 2147483648,
      quotationId: 2147483648,
      roleId: 2147483648,
      items: [{ itemId: 2147483648, itemName: "\u0000", quantity: 2147483648, unitPrice: "1" }],
      categoryIds: [2147483648],
    }),
  },
  { type: "application/json", body: JSON.stringify({ deadline: "0001-01-01", biddingDeadline: "-000001-01-01" }) },
  { type: "text/plain", body: "hello" },
  { type: "multipart/form-data; boundary=xyz", body: "--xyz\r\nbroken" },
];
const QUERIES = [
  "?limit=-5&offset=abc",
  "?status=%27%3B--&range=forever&q=" + "x".repeat(500),
  "?limit=99999999999",
  "?q=a%00b&categoryId=2147483648&userId=2147483648",
  "?q=%ED%A0%80&purchaseRequestId=2147483648&bidRequestId=2147483648&vendorId=2147483648",
];

for (const [name, session] of [["admin", admin], ["vendor", vendor], ["manager", manager]] as const) {
  Deno.test(`${tag} no route answers 5xx to malformed input (as ${name})`, async () => {
    const failures: string[] = [];
    for (const { method, path } of routes.values()) {
      const paths = path.includes(":") ? IDS.map((id) => path.replace(/:[a-zA-Z]+/g, id)) : [path];
      for (const p of paths) {
        const attempts: RequestInit[] = method === "GET" ? QUERIES.map(() => ({})) : BODIES.map((b) => ({
          headers: { "content-type": b.type },
          body: b.body,
        }));
        for (let i = 0; i < attempts.length; i++) {
          const url = method === "GET" ? `${p}${QUERIES[i]}` : p;
          const res = await session.request(url, { method, ...attempts[i] });
          await res.body?.cancel();
          if (res.status >= 500) failures.push(`${method} ${url} (${i}) → ${res.status}`);
        }
      }
    }
    assert.deepEqual(failures, []);
    // The session survived (so the calls above reached the handlers rather than answering 401).
    assert.equal((await session.request("/api/auth/user")).status, 200);
  });
}

// Valid bodies mutated field by field (top level and the first item): each field in turn holds a
// null byte, a lone surrogate, an impossible date, an id past the integer range, a wrong type...
const DAY = 86_400_000;
const soon = (days: number) => new Date(Date.now() + days * DAY).toISOString();
const categoryForMutations = await createCategory(t.db, "Mutations");
const MUTANTS: unknown[] = [
  "nul\u0000byte",
  "\uD800",
  "2026-02-30",
  "+275760-09-13",
  2147483648,
  "2147483648",
  -1,
  1e308,
  null,
  [],
  {},
  "x".repeat(10_001),
];
const VALID: { method: string; path: string; as: "admin" | "vendor" | "manager"; body: Record<string, unknown> }[] = [
  {
    method: "POST",
    path: "/api/purchase-requests",
    as: "admin",
    body: {
      title: "Chairs",
      description: "Office chairs",
      department: "Ops",
      justification: "Worn",
      deadline: soon(10).slice(0, 10),
      items: [{ itemName: "Chair", quantity: 2, estimatedPrice: "10", categoryId: categoryForMutations }],
    },
  },
  {
    method: "POST",
    path: "/api/purchase-requests",
    as: "admin",
    body: { title: "Quick", deadline: soon(5), items: [{ name: "Pen", quantity: 1 }] },
  },
  {
    method: "POST",
    path: "/api/bid-requests",
    as: "admin",
    body: {
      title: "Desks",
      description: "Desks",
      department: "Ops",
      deadline: soon(30).slice(0, 10),
      biddingDeadline: soon(20),
      qualificationCriteria: "Any",
      status: "draft",
      items: [{ itemName: "Desk", quantity: 1, estimatedPrice: "100", categoryId: categoryForMutations }],
    },
  },
  {
    method: "POST",
    path: "/api/vendor/quotations",
    as: "vendor",
    body: { purchaseRequestId: 1, validityPeriod: 30, items: [{ itemId: 1, unitPrice: "9.50" }] },
  },
  { method: "POST", path: "/api/categories", as: "admin", body: { name: "Mutant", description: "d" } },
  {
    method: "POST",
    path: "/api/admin/users",
    as: "admin",
    body: { firstName: "A", lastName: "B", email: "mutant@example.com", password: "secret123", roleId: 2 },
  },
  {
    method: "POST",
    path: "/api/admin/save-system-settings",
    as: "admin",
    body: { defaultDeadline: 7, autoReminder: 24, enableVendorMatching: true, timeZone: "UTC" },
  },
  { method: "POST", path: "/api/auth/login", as: "admin", body: { email: "nobody@example.com", password: "wrong" } },
];

Deno.test(`${tag} valid bodies mutated field by field never answer 5xx`, async () => {
  const sessions = { admin, vendor, manager };
  const failures: string[] = [];
  for (const v of VALID) {
    const variants: Record<string, unknown>[] = [];
    for (const key of Object.keys(v.body)) {
      for (const m of MUTANTS) variants.push({ ...v.body, [key]: m });
    }
    const items = v.body.items as Record<string, unknown>[] | undefined;
    for (const key of Object.keys(items?.[0] ?? {})) {
      for (const m of MUTANTS) variants.push({ ...v.body, items: [{ ...items![0], [key]: m }] });
    }
    for (const body of variants) {
      const res = v.path === "/api/auth/login"
        ? await t.app.request(v.path, {
          method: v.method,
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        })
        : await sessions[v.as].request(v.path, { method: v.method, json: body });
      const text = await res.text();
      if (res.status >= 500) {
        failures.push(`${v.method} ${v.path} ${JSON.stringify(body).slice(0, 200)} → ${res.status} ${text}`);
      }
    }
  }
  await admin.request("/api/admin/save-system-settings", {
    method: "POST",
    json: { defaultDeadline: 7, autoReminder: 24, enableVendorMatching: true, timeZone: "UTC" },
  });
  assert.deepEqual(failures, []);
});

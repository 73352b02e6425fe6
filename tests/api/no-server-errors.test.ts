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
// Skip the sign-out redirect (it would end the session used by the following calls).
routes.delete("GET /api/auth/logout");

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
  { type: "text/plain", body: "hello" },
  { type: "multipart/form-data; boundary=xyz", body: "--xyz\r\nbroken" },
];
const QUERIES = ["?limit=-5&offset=abc", "?status=%27%3B--&range=forever&q=" + "x".repeat(500), "?limit=99999999999"];

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

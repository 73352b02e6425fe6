/**
 * The per-request path (docs/benchmarks.md): one global middleware instead of a
 * chain, cached router answers, the session cookie parsed once per Cookie header. Speed is measured
 * by bench/throughput.ts, not here; these tests pin the shape and that the shortcuts answer exactly
 * as the long way does.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { getCookie } from "hono/cookie";
import { SmartRouter } from "hono/router/smart-router";
import { RegExpRouter } from "hono/router/reg-exp-router";
import { TrieRouter } from "hono/router/trie-router";
import { CachedRouter } from "../../src/lib/cached-router.ts";
import { SESSION_COOKIE, sessionToken } from "../../src/auth/session.ts";
import { recordingLogger, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";

const tag = `[request-path/${testBackend()}]`;
const logger = recordingLogger();
const t = await testApp({ logger });
Deno.test.afterAll(() => t.close());

Deno.test(`${tag} a request runs one global middleware before the route's own handlers`, () => {
  const global = t.app.routes.filter((r) => r.method === "ALL" && r.path === "/*");
  assert.equal(global.length, 1, "one app.use('*') middleware");
  const api = t.app.routes.filter((r) => r.method === "ALL" && r.path === "/api/*");
  assert.equal(api.length, 1, "no /api/* middleware chain: only the JSON 404 for unknown API paths");
});

Deno.test(`${tag} the cached router answers exactly as Hono's router for every route, also after it was cleared for size`, () => {
  const cached = new CachedRouter<string>(50);
  const plain = new SmartRouter<string>({ routers: [new RegExpRouter(), new TrieRouter()] });
  for (const [i, r] of t.app.routes.entries()) {
    cached.add(r.method, r.path, `${i}`);
    plain.add(r.method, r.path, `${i}`);
  }
  const paths = t.app.routes.map((r) => r.path.replace(/:[^/{]+(\{[^}]*\})?/g, "12").replace(/\*$/, "x"));
  paths.push("/", "/healthz", "/api", "/api/no-such-thing", "/assets/a.js", "/api/purchase-requests/abc");
  for (let round = 0; round < 2; round++) {
    for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
      for (const path of paths) {
        assert.deepEqual(cached.match(method, path), plain.match(method, path), `${method} ${path}`);
      }
    }
  }
});

Deno.test(`${tag} the session cookie is read as Hono's getCookie reads it, whatever the Cookie header`, async () => {
  const app = new Hono().get("/", (c) => c.json({ token: getCookie(c, SESSION_COOKIE) ?? null }));
  const headers = [
    "session=abc.def.ghi",
    "theme=dark; session=abc.def.ghi; lang=fr",
    ' session = "abc.def.ghi" ',
    "session=a%20b",
    "session=bad%zz",
    "session=first; session=second",
    "sessionx=1; xsession=2",
    "session=",
    "session=has space",
    "other=1",
    "",
  ];
  for (let round = 0; round < 2; round++) {
    for (const header of headers) {
      const res = await app.request("/", { headers: header ? { cookie: header } : {} });
      const { token } = await res.json();
      assert.equal(sessionToken(header || null) ?? null, token, JSON.stringify(header));
    }
  }
});

Deno.test(`${tag} a refusal by the global middleware still carries the security headers, the request id and a log line`, async () => {
  const user = await as(t, "purchase_team");
  const res = await user.request("/api/profile/preferences", {
    method: "PUT",
    headers: { origin: "https://evil.example", "x-request-id": "refused-1" },
    json: { emailNotifications: true, opportunityEmails: true, deadlineReminders: false },
  });
  assert.equal(res.status, 403);
  assert.equal((await res.json()).code, "generic.crossSite");
  assert.equal(res.headers.get("x-request-id"), "refused-1");
  assert.equal(res.headers.get("x-frame-options"), "DENY");
  assert.match(res.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
  const line = logger.lines.find((l) => l.msg === "request" && l.fields?.requestId === "refused-1");
  assert.deepEqual(
    { method: line?.fields?.method, path: line?.fields?.path, status: line?.fields?.status },
    { method: "PUT", path: "/api/profile/preferences", status: 403 },
  );
});

Deno.test(`${tag} request ids are unique and UUID-shaped`, async () => {
  const ids = new Set<string>();
  for (let i = 0; i < 200; i++) {
    const res = await t.app.request("/api/no-such-thing");
    await res.body?.cancel();
    const id = res.headers.get("x-request-id") ?? "";
    assert.match(id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    ids.add(id);
  }
  assert.equal(ids.size, 200);
});

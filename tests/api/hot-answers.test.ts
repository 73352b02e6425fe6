/**
 * The two hottest answers: `/healthz` and the signed-in user's JSON (made once
 * per cached session row), both answered before Hono's dispatch (src/lib/pipeline.ts frontDoor)
 * and copied from a template with their final headers (src/lib/security.ts answerFrom). These tests pin that the shortcut is taken and that
 * it answers exactly as the ordinary path does: same headers, same body, a changed row seen at once.
 */
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { SESSION_COOKIE } from "../../src/auth/session.ts";
import { testSecrets } from "../../src/lib/secrets.ts";
import { isCompleteResponse } from "../../src/lib/security.ts";
import { expectJson, recordingLogger, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";
import { waitForListener } from "../helpers/wait.ts";

const tag = `[hot-answers/${testBackend()}]`;

/** Header names and values, without the ones that differ per answer. */
function fixedHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== "x-request-id" && name !== "content-length") out[name] = value;
  });
  return out;
}

Deno.test(`${tag} GET /healthz is answered with the security headers of any JSON answer, unlogged, without a request id`, async () => {
  const logger = recordingLogger();
  const t = await testApp({ logger });
  try {
    for (const path of ["/healthz", "/health%7A", "/healthz?probe=1"]) {
      const res = await t.app.request(path, { headers: { "x-request-id": "probe-1", cookie: "session=junk" } });
      assert.deepEqual(await expectJson(res, 200), { status: "ok" }, path);
      // Not logged: an id would correlate nothing.
      assert.equal(res.headers.get("x-request-id"), null, path);
      assert.equal(res.headers.get("set-cookie"), null, `${path}: no session work`);
    }
    const res = await t.app.request("/healthz");
    // The ordinary path's JSON answer (readyz: same handler shape, through every step).
    const ready = await t.app.request("/readyz");
    assert.equal(isCompleteResponse(ready), false);
    await ready.body?.cancel();
    assert.deepEqual(fixedHeaders(res), fixedHeaders(ready));
    await res.body?.cancel();
    assert.equal(logger.lines.some((l) => l.fields?.path === "/healthz"), false);
    // Other methods still reach the router.
    assert.equal((await t.app.request("/healthz", { method: "POST" })).status, 404);
  } finally {
    await t.close();
  }
});

Deno.test(`${tag} GET /api/auth/user: final headers in one go, JSON cached per session row and renewed when the row changes`, async () => {
  const logger = recordingLogger();
  const t = await testApp({ logger, env: { SESSION_CACHE_MS: "60000" } });
  try {
    const user = await as(t, "purchase_team");
    const first = await user.request("/api/auth/user", { headers: { "x-request-id": "me-1" } });
    assert.ok(isCompleteResponse(first), "built with its final headers");
    const body = await expectJson<{ firstName: string; role: { name: string } }>(first, 200);
    assert.equal(body.role.name, "purchase_team");
    assert.equal(first.headers.get("x-request-id"), "me-1");
    const profile = await user.request("/api/profile");
    await profile.body?.cancel();
    assert.deepEqual(fixedHeaders(first), fixedHeaders(profile), "the headers of any JSON answer");
    const line = logger.lines.find((l) => l.fields?.requestId === "me-1");
    assert.deepEqual(
      { path: line?.fields?.path, status: line?.fields?.status, userId: line?.fields?.userId },
      { path: "/api/auth/user", status: 200, userId: user.user.id },
    );

    // The same cached row answers the same JSON; a change through the API (a new row) a new one. The
    // change behind the API is made without triggers, so no notification empties the cache (sql/0033).
    await waitForListener(t.db, "session_users");
    await t.db.tx(async (tx) => {
      await tx.query("set local session_replication_role = replica");
      await tx.query("update users set first_name = 'Renamed' where id = $1", [user.user.id]);
    });
    assert.equal((await expectJson<typeof body>(await user.request("/api/auth/user"), 200)).firstName, body.firstName);
    const admin = await as(t, "admin");
    const change = await admin.request("/api/profile/preferences", {
      method: "PUT",
      json: { emailNotifications: true, opportunityEmails: true, deadlineReminders: false },
    });
    assert.equal(change.status, 200);
    await change.body?.cancel();
    const after = await user.request("/api/auth/user");
    assert.ok(isCompleteResponse(after));
    assert.equal((await expectJson<typeof body>(after, 200)).firstName, "Renamed", "a new row, a new answer");
  } finally {
    await t.close();
  }
});

/** Counts the router's lookups, i.e. the requests that reached Hono's dispatch. */
function countDispatches(t: Awaited<ReturnType<typeof testApp>>): { readonly n: number } {
  const router = t.app.router;
  const match = router.match.bind(router);
  const counter = { n: 0 };
  router.match = (method, path) => {
    counter.n++;
    return match(method, path);
  };
  return counter;
}

Deno.test(`${tag} GET /healthz and a cached signed-in GET /api/auth/user are answered before Hono's dispatch, logged as before`, async () => {
  const logger = recordingLogger();
  const t = await testApp({ logger, env: { SESSION_CACHE_MS: "60000" } });
  try {
    const user = await as(t, "purchase_team");
    const dispatched = countDispatches(t);
    await (await t.app.request("/healthz")).body?.cancel();
    assert.equal(dispatched.n, 0, "/healthz never reaches the router");
    // The first call reads the row (ordinary path), the next ones are answered from the cache.
    const first = await expectJson(await user.request("/api/auth/user"), 200);
    const before = dispatched.n;
    const res = await user.request("/api/auth/user?x=1", { headers: { "x-request-id": "front-1" } });
    assert.equal(dispatched.n, before, "answered by the front door");
    const profile = await user.request("/api/profile");
    await profile.body?.cancel();
    assert.deepEqual(fixedHeaders(res), fixedHeaders(profile), "the headers of any JSON answer");
    assert.equal(res.headers.get("x-request-id"), "front-1");
    assert.equal(res.headers.get("set-cookie"), null);
    assert.deepEqual(await expectJson(res, 200), first);
    const line = logger.lines.find((l) => l.fields?.requestId === "front-1");
    assert.deepEqual({ ...line, fields: { ...line?.fields, ms: 0 } }, {
      level: "info",
      msg: "request",
      fields: { requestId: "front-1", method: "GET", path: "/api/auth/user", status: 200, ms: 0, userId: user.user.id },
    });
    assert.equal(typeof line?.fields?.ms, "number");

    // Everything else reaches the router: other methods, other paths, no or a foreign cookie.
    for (
      const [path, init] of [
        ["/api/auth/user", { method: "HEAD" }],
        ["/api/auth/user", {}],
        ["/api/profile", {}],
        ["/healthz", { method: "POST" }],
      ] as const
    ) {
      const n: number = dispatched.n;
      await (await (path === "/api/profile" ? user.request(path, init) : t.app.request(path, init))).body?.cancel();
      assert.equal(dispatched.n, n + 1, `${init.method ?? "GET"} ${path}`);
    }
  } finally {
    await t.close();
  }
});

Deno.test(`${tag} the front door leaves to the ordinary path a session to renew, signed out or with a changed role`, async () => {
  const t = await testApp({ env: { SESSION_CACHE_MS: "60000" } });
  try {
    const user = await as(t, "purchase_team");
    const admin = await as(t, "admin");
    // Past half-life: every answer renews the cookie, also once the token and row are cached.
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({ tv: 0, sid: crypto.randomUUID() }).setProtectedHeader({ alg: "HS256" })
      .setSubject(String(user.user.id)).setIssuedAt(now - 7 * 3600).setExpirationTime(now + 5 * 3600)
      .sign(testSecrets().jwtKey);
    for (let i = 0; i < 3; i++) {
      const res = await t.app.request("/api/auth/user", { headers: { cookie: `${SESSION_COOKIE}=${old}` } });
      await expectJson(res, 200);
      assert.match(res.headers.get("set-cookie") ?? "", /^session=/, `call ${i + 1} renews`);
    }

    // A role change through the API, then a sign-out: each seen on the very next call.
    await expectJson(await user.request("/api/auth/user"), 200);
    await expectJson(await user.request("/api/auth/user"), 200);
    const [{ id: roleId }] = await t.db.query<{ id: number }>(
      "select id from roles where name = 'procurement_manager'",
    );
    const role = await admin.request(`/api/admin/users/${user.user.id}/role`, { method: "PUT", json: { roleId } });
    assert.equal(role.status, 200, await role.clone().text());
    await role.body?.cancel();
    assert.equal((await user.request("/api/auth/user")).status, 401, "role change ends the session");

    const again = await as(t, "purchase_team");
    await expectJson(await again.request("/api/auth/user"), 200);
    await expectJson(await again.request("/api/auth/user"), 200);
    const out = await again.request("/api/auth/logout", { method: "POST" });
    await out.body?.cancel();
    const after = await again.request("/api/auth/user");
    assert.equal(after.status, 401, "signed out");
    assert.match(after.headers.get("set-cookie") ?? "", /^session=;/, "the cookie is cleared");
    await after.body?.cancel();
  } finally {
    await t.close();
  }
});

/** Whether Deno has copied a served request's header list (`req.headers` was touched). */
function headersExposed(req: Request): boolean {
  const key = Object.getOwnPropertySymbols(req).find((s) => s.description === "headers cache");
  assert.ok(key, "Deno's request keeps its headers under a 'headers cache' symbol");
  return (req as unknown as Record<symbol, unknown>)[key] !== undefined;
}

Deno.test(`${tag} over a socket the front door reads the Cookie and X-Request-Id headers one by one, never req.headers`, async () => {
  const logger = recordingLogger();
  const t = await testApp({ logger, env: { SESSION_CACHE_MS: "60000" } });
  const served: Request[] = [];
  const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, (req, info) => {
    served.push(req);
    return t.app.fetch(req, info);
  });
  try {
    const user = await as(t, "purchase_team");
    const url = `http://127.0.0.1:${server.addr.port}/api/auth/user`;
    const cookie = user.cookie;
    const first = await expectJson(await fetch(url, { headers: { cookie } }), 200); // reads the row
    const dispatched = countDispatches(t);
    const res = await fetch(url, { headers: { cookie, "x-request-id": "socket-1" } });
    assert.deepEqual(await expectJson(res, 200), first);
    assert.equal(dispatched.n, 0, "answered by the front door");
    assert.equal(res.headers.get("x-request-id"), "socket-1");
    assert.equal(res.headers.get("x-content-type-options"), "nosniff");
    assert.equal(headersExposed(served.at(-1)!), false, "req.headers never touched");
    const line = logger.lines.find((l) => l.fields?.requestId === "socket-1");
    assert.equal(line?.fields?.userId, user.user.id);
    // Without X-Request-Id a new id; without the cookie the ordinary path (401).
    const fresh = await fetch(url, { headers: { cookie } });
    await fresh.body?.cancel();
    assert.match(fresh.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
    const anonymous = await fetch(url);
    await anonymous.body?.cancel();
    assert.equal(anonymous.status, 401);
  } finally {
    await server.shutdown();
    await t.close();
  }
});

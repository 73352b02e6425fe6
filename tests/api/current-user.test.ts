/**
 * The two most frequent calls: `/healthz` (the platform's liveness probe) and the signed-in user
 * (`GET /api/auth/user`, served from the session cache of docs/decisions/004): the headers of any
 * JSON answer, the log line, and a changed row, a renewal, a role change or a sign-out seen on the
 * very next call with the cache on.
 */
import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { SESSION_COOKIE } from "../../src/auth/session.ts";
import { testSecrets } from "../../src/lib/secrets.ts";
import { expectJson, recordingLogger, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";
import { waitForListener } from "../helpers/wait.ts";

const tag = `[current-user/${testBackend()}]`;

/** Header names and values, without the ones that differ per answer. */
function fixedHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== "x-request-id" && name !== "content-length") out[name] = value;
  });
  return out;
}

Deno.test(`${tag} GET /healthz is answered with the headers of any JSON answer, unlogged, without session work`, async () => {
  const logger = recordingLogger();
  const t = await testApp({ logger });
  try {
    for (const path of ["/healthz", "/health%7A", "/healthz?probe=1"]) {
      const res = await t.app.request(path, { headers: { "x-request-id": "probe-1", cookie: "session=junk" } });
      assert.deepEqual(await expectJson(res, 200), { status: "ok" }, path);
      assert.equal(res.headers.get("set-cookie"), null, `${path}: no session work`);
    }
    const res = await t.app.request("/healthz");
    // The ordinary path's JSON answer (readyz: same handler shape, through every step).
    const ready = await t.app.request("/readyz");
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

Deno.test(`${tag} GET /api/auth/user: the headers of any JSON answer, logged, a changed row seen once the cache is emptied`, async () => {
  const logger = recordingLogger();
  const t = await testApp({ logger, env: { SESSION_CACHE_MS: "60000" } });
  try {
    const user = await as(t, "purchase_team");
    const first = await user.request("/api/auth/user", { headers: { "x-request-id": "me-1" } });
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
    assert.equal((await expectJson<typeof body>(after, 200)).firstName, "Renamed", "a new row, a new answer");
  } finally {
    await t.close();
  }
});

Deno.test(`${tag} with the session cache on, a session past half-life is renewed on every call, a role change and a sign-out seen at once`, async () => {
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

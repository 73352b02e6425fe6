/**
 * The session user cache (src/auth/session-cache.ts, docs/decisions/004): a read reuses the user's
 * row for at most SESSION_CACHE_MS, and any change made through the instance clears it, so a
 * deactivation through the API still ends the session on the very next request.
 */
import assert from "node:assert/strict";
import { testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, sessionRequest, signIn } from "../helpers/users.ts";
import { waitForListener, waitUntil } from "../helpers/wait.ts";

const tag = `[session-cache/${testBackend()}]`;

Deno.test(`${tag} a row changed behind the API reaches the cache through the database's notification`, async () => {
  const t = await testApp({ env: { SESSION_CACHE_MS: "60000" } });
  try {
    const user = await as(t, "purchase_team");
    await waitForListener(t.db, "session_users");
    assert.equal((await user.request("/api/auth/user")).status, 200);
    await t.db.query("update users set is_active = false where id = $1", [user.user.id]);
    // Not after the cache's 60 s: as soon as the commit's notification arrives.
    await waitUntil(async () => (await user.request("/api/auth/user")).status === 401, {
      timeoutMs: 5_000,
      message: "the deactivation to reach the cache",
    });
  } finally {
    await t.close();
  }
});

Deno.test(`${tag} two instances: sign-out, password, role and activation changes on one end or change sessions on the other at once`, async () => {
  const env = { SESSION_CACHE_MS: "60000" };
  const a = await testApp({ env });
  const b = await testApp({ db: a.db, env });
  try {
    const admin = await as(a, "admin");
    const onB = (s: { cookie: string }) => sessionRequest(b, s.cookie);
    const statusOnB = async (s: { cookie: string }) => (await onB(s)("/api/auth/user")).status;
    const seenOnB = (what: string, check: () => Promise<boolean>) =>
      waitUntil(check, { timeoutMs: 5_000, message: `${what} to reach the other instance` });

    // The instances follow the notifications (one connection here, as they share one Db object; until
    // it listens B would read every row afresh). A's requests empty only A's own cache.
    await waitForListener(a.db, "session_users");
    // Sign-out on A: the same cookie on B stops working, although B had the row cached.
    const out = await as(a, "purchase_team");
    assert.equal(await statusOnB(out), 200);
    assert.equal((await out.request("/api/auth/logout", { method: "POST" })).status, 200);
    await seenOnB("the sign-out", async () => (await statusOnB(out)) === 401);

    // Deactivation on A.
    const off = await as(a, "purchase_team");
    assert.equal(await statusOnB(off), 200);
    const res = await admin.request(`/api/admin/users/${off.user.id}/status`, {
      method: "PUT",
      json: { isActive: false },
    });
    assert.equal(res.status, 200);
    await seenOnB("the deactivation", async () => (await statusOnB(off)) === 401);

    // Role change on A ends the user's sessions (they sign in again into the new role).
    const moved = await as(a, "purchase_team");
    assert.equal(await statusOnB(moved), 200);
    const [{ id: financeRole }] = await a.db.query<{ id: number }>(
      "select id from roles where name = 'cost_finance_controller'",
    );
    const changed = await admin.request(`/api/admin/users/${moved.user.id}/role`, {
      method: "PUT",
      json: { roleId: financeRole },
    });
    assert.equal(changed.status, 200, await changed.text());
    await seenOnB("the role change", async () => (await statusOnB(moved)) === 401);

    // Password change on A ends the user's other sessions: a second session, used on B, ends.
    const owner = await as(a, "procurement_manager");
    const second = await signIn(a, owner.user);
    assert.equal(await statusOnB(second), 200);
    const pw = await owner.request(`/api/users/${owner.user.id}/change-password`, {
      method: "PUT",
      json: { currentPassword: owner.user.password, newPassword: "a-new-password-1" },
    });
    assert.equal(pw.status, 200, await pw.text());
    await seenOnB("the password change", async () => (await statusOnB(second)) === 401);
  } finally {
    await b.close();
    await a.close();
  }
});

Deno.test(`${tag} a deactivation through the API ends the session on the next request even with the cache on`, async () => {
  const t = await testApp({ env: { SESSION_CACHE_MS: "60000" } });
  try {
    const user = await as(t, "purchase_team");
    const admin = await as(t, "admin");
    assert.equal((await user.request("/api/purchase-requests")).status, 200);
    const off = await admin.request(`/api/admin/users/${user.user.id}/status`, {
      method: "PUT",
      json: { isActive: false },
    });
    assert.equal(off.status, 200);
    assert.equal((await user.request("/api/purchase-requests")).status, 401);
  } finally {
    await t.close();
  }
});

Deno.test(`${tag} cached rows expire after SESSION_CACHE_MS`, async () => {
  const t = await testApp({ env: { SESSION_CACHE_MS: "100" } });
  try {
    const user = await as(t, "purchase_team");
    assert.equal((await user.request("/api/auth/user")).status, 200);
    // The row was cached by the time that answer came back, so it expires by this instant.
    const expiresBy = performance.now() + 100;
    await t.db.query("update users set is_active = false where id = $1", [user.user.id]);
    // Time passing is the subject of the test: wait for the clock (the cache's own) to pass the expiry.
    await waitUntil(() => performance.now() > expiresBy, { message: "SESSION_CACHE_MS to pass" });
    assert.equal((await user.request("/api/auth/user")).status, 401);
  } finally {
    await t.close();
  }
});

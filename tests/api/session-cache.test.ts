/**
 * The session user cache (src/auth/session-cache.ts, docs/decisions/004): a read reuses the user's
 * row for at most SESSION_CACHE_MS, and any change made through the instance clears it, so a
 * deactivation through the API still ends the session on the very next request.
 */
import assert from "node:assert/strict";
import { testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";
import { waitUntil } from "../helpers/wait.ts";

const tag = `[session-cache/${testBackend()}]`;

Deno.test(`${tag} a row changed behind the API is seen after the cache time, or after any change through the API`, async () => {
  const t = await testApp({ env: { SESSION_CACHE_MS: "60000" } });
  try {
    const user = await as(t, "purchase_team");
    const admin = await as(t, "admin");
    assert.equal((await user.request("/api/auth/user")).status, 200);
    await t.db.query("update users set is_active = false where id = $1", [user.user.id]);
    // Behind the API's back: the cached row answers for now (this is what the cache saves).
    assert.equal((await user.request("/api/auth/user")).status, 200);
    // Any change through this instance clears the cache.
    const change = await admin.request("/api/profile/preferences", {
      method: "PUT",
      json: { emailNotifications: true, opportunityEmails: true, deadlineReminders: false },
    });
    assert.equal(change.status, 200);
    assert.equal((await user.request("/api/auth/user")).status, 401);
  } finally {
    await t.close();
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

/**
 * The two hottest answers (issue 14 item 2): `/healthz` answered by the pipeline itself, and the
 * signed-in user's JSON made once per cached session row, both built with their final headers
 * (src/lib/security.ts completeJsonResponse). These tests pin that the shortcut is taken and that
 * it answers exactly as the ordinary path does: same headers, same body, a changed row seen at once.
 */
import assert from "node:assert/strict";
import { isCompleteResponse } from "../../src/lib/security.ts";
import { expectJson, recordingLogger, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";

const tag = `[hot-answers/${testBackend()}]`;

/** Header names and values, without the ones that differ per answer. */
function fixedHeaders(res: Response): Record<string, string> {
  const out: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (name !== "x-request-id" && name !== "content-length") out[name] = value;
  });
  return out;
}

Deno.test(`${tag} GET /healthz is answered by the pipeline with the headers of any JSON answer, unlogged`, async () => {
  const logger = recordingLogger();
  const t = await testApp({ logger });
  try {
    const res = await t.app.request("/healthz", { headers: { "x-request-id": "probe-1", cookie: "session=junk" } });
    assert.ok(isCompleteResponse(res), "built with its final headers");
    assert.deepEqual(await expectJson(res, 200), { status: "ok" });
    assert.equal(res.headers.get("x-request-id"), "probe-1");
    assert.equal(res.headers.get("set-cookie"), null, "no session work");
    // The ordinary path's JSON answer (readyz: same handler shape, through every step).
    const ready = await t.app.request("/readyz");
    assert.equal(isCompleteResponse(ready), false);
    await ready.body?.cancel();
    assert.deepEqual(fixedHeaders(res), fixedHeaders(ready));
    assert.equal(logger.lines.some((l) => l.fields?.requestId === "probe-1"), false);
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

    // The same cached row answers the same JSON; a change through the API (a new row) a new one.
    await t.db.query("update users set first_name = 'Renamed' where id = $1", [user.user.id]);
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

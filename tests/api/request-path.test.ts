/**
 * The per-request path (src/app.ts, docs/decisions/029-stock-parts.md): Hono's own middleware where
 * it has one (request id, security headers, body limit) and the app's steps after them. These tests
 * pin what a client sees of that path, whichever step answers.
 */
import assert from "node:assert/strict";
import { recordingLogger, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";

const tag = `[request-path/${testBackend()}]`;
const logger = recordingLogger();
const t = await testApp({ logger });
Deno.test.afterAll(() => t.close());

Deno.test(`${tag} a refusal by a middleware still carries the security headers, the request id and a log line`, async () => {
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

Deno.test(`${tag} a client's sane X-Request-Id is kept and logged, anything else replaced`, async () => {
  for (const [sent, kept] of [["trace_1-A=", true], ["has space", false], ["x".repeat(65), false], ['a"b', false]]) {
    const res = await t.app.request("/api/no-such-thing", { headers: { "x-request-id": sent as string } });
    await res.body?.cancel();
    const id = res.headers.get("x-request-id") ?? "";
    if (kept) assert.equal(id, sent);
    else assert.match(id, /^[0-9a-f-]{36}$/, JSON.stringify(sent));
    const line = logger.lines.findLast((l) => l.msg === "request");
    assert.equal(line?.fields?.requestId, id, "the log line carries the answer's id");
  }
});

Deno.test(`${tag} an /api body over the limit is refused with 413 and the API's error code, with every header`, async () => {
  const user = await as(t, "purchase_team");
  const big = "x".repeat(50 * 1024 * 1024 + 1);
  const res = await user.request("/api/profile/preferences", {
    method: "PUT",
    headers: { "content-type": "application/json", "x-request-id": "too-big-1" },
    body: big,
  });
  assert.equal(res.status, 413);
  assert.equal((await res.json()).code, "generic.payloadTooLarge");
  assert.equal(res.headers.get("x-request-id"), "too-big-1");
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
});

Deno.test(`${tag} an answer its handler built itself (an XLSX export) carries the request id and the short set too`, async () => {
  const finance = await as(t, "cost_finance_controller");
  const res = await finance.request("/api/reports/savings/export.xlsx", { headers: { "x-request-id": "xlsx-1" } });
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /spreadsheetml/);
  await res.body?.cancel();
  assert.equal(res.headers.get("x-request-id"), "xlsx-1");
  assert.equal(res.headers.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'");
});

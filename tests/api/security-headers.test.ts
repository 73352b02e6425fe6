/**
 * Security headers per response kind (docs/decisions/011-api-security-headers.md): HTML documents
 * and scripts keep the full set the SPA needs; JSON, other data and non-script assets get the short
 * set of the OWASP REST Security Cheat Sheet, which still makes them unusable as a page. The values
 * are spelled out here, not imported, so a change to either set fails this file.
 */
import assert from "node:assert/strict";
import { testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";

const tag = `[security/${testBackend()}]`;

const FULL: Record<string, string> = {
  "content-security-policy":
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
    "frame-ancestors 'none'",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
  "origin-agent-cluster": "?1",
  "referrer-policy": "strict-origin-when-cross-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-dns-prefetch-control": "off",
  "x-download-options": "noopen",
  "x-frame-options": "DENY",
  "x-permitted-cross-domain-policies": "none",
  "x-xss-protection": "0",
};

const SHORT: Record<string, string> = {
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "cross-origin-resource-policy": "same-origin",
  "strict-transport-security": "max-age=31536000; includeSubDomains",
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
};

/** Every header either set may carry, with the value this response must have (null: absent). */
function securityHeadersOf(res: Response) {
  return Object.fromEntries(
    Object.keys(FULL).map((name) => [name, res.headers.get(name)]).filter(([, value]) => value !== null),
  );
}

function expectSet(res: Response, set: Record<string, string>, what: string) {
  assert.deepEqual(securityHeadersOf(res), set, what);
  assert.equal(res.headers.get("x-powered-by"), null, what);
}

// A tiny stand-in for the built SPA (web/dist): index.html, a script (as the pdf.js worker is), a style.
const webRoot = await Deno.makeTempDir({ prefix: "security-headers-" });
await Deno.mkdir(`${webRoot}/assets`);
await Deno.writeTextFile(`${webRoot}/index.html`, "<!doctype html><title>t</title><script src=/assets/a.js></script>");
await Deno.writeTextFile(`${webRoot}/assets/a-1.js`, "self.onmessage = () => {};");
await Deno.writeTextFile(`${webRoot}/assets/a-1.css`, "body{}");
await Deno.writeTextFile(`${webRoot}/favicon.svg`, "<svg xmlns='http://www.w3.org/2000/svg'/>");

const t = await testApp({ webRoot });
Deno.test.afterAll(async () => {
  await t.close();
  await Deno.remove(webRoot, { recursive: true });
});

Deno.test(`${tag} JSON answers carry exactly the short API set: short CSP, nosniff, HSTS, CORP, X-Frame-Options`, async () => {
  const user = await as(t, "purchase_team");
  const answers: [string, Response][] = [
    ["/healthz", await t.app.request("/healthz")],
    ["/readyz", await t.app.request("/readyz")],
    ["signed-out /api/auth/user (401)", await t.app.request("/api/auth/user")],
    ["signed-in /api/auth/user", await user.request("/api/auth/user")],
    ["unknown /api path (404)", await t.app.request("/api/no-such-thing", { method: "DELETE" })],
    ["/api/openapi.json", await t.app.request("/api/openapi.json")],
    [
      "cross-site refusal (403)",
      await user.request("/api/profile/preferences", {
        method: "PUT",
        headers: { origin: "https://evil.example" },
        json: { emailNotifications: true, opportunityEmails: true, deadlineReminders: false },
      }),
    ],
  ];
  for (const [what, res] of answers) {
    assert.match(res.headers.get("content-type") ?? "", /^application\/json/, what);
    expectSet(res, SHORT, what);
    await res.body?.cancel();
  }
});

Deno.test(`${tag} HTML documents carry the full set: the SPA's index.html on any route, the API reference page`, async () => {
  for (const path of ["/", "/index.html", "/purchase-requests/12", "/api/docs"]) {
    const res = await t.app.request(path);
    assert.equal(res.status, 200, path);
    assert.match(res.headers.get("content-type") ?? "", /^text\/html/, path);
    expectSet(res, FULL, path);
    await res.body?.cancel();
  }
});

Deno.test(`${tag} scripts keep the full set (a worker's CSP is its script's), other assets get the short set`, async () => {
  const script = await t.app.request("/assets/a-1.js");
  assert.equal(script.status, 200);
  assert.match(script.headers.get("content-type") ?? "", /javascript/);
  expectSet(script, FULL, "script");
  await script.body?.cancel();
  for (const path of ["/assets/a-1.css", "/favicon.svg", "/assets/gone-1.js"]) {
    const res = await t.app.request(path);
    assert.ok(res.headers.get("content-type"), path);
    assert.doesNotMatch(res.headers.get("content-type") ?? "", /html|javascript/, path);
    expectSet(res, SHORT, path);
    await res.body?.cancel();
  }
});

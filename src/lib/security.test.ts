import assert from "node:assert/strict";
import { Hono, type MiddlewareHandler } from "hono";
import { isDocumentType, securityHeaders } from "./security.ts";

function appWith(mw: MiddlewareHandler) {
  return new Hono()
    .use(mw as MiddlewareHandler)
    .get("/json", (c) => c.json({ ok: true }))
    .get("/html", (c) => c.html("<p>page</p>"))
    .get("/script", (c) => c.body("1", 200, { "Content-Type": "text/javascript; charset=utf-8" }))
    .get("/empty", (c) => c.body(null, 204))
    .get("/own", (c) => {
      c.header("Content-Security-Policy", "sandbox; default-src 'none'");
      c.header("X-Frame-Options", "SAMEORIGIN");
      c.header("X-Powered-By", "x");
      return c.body("file");
    })
    .get("/own-html", (c) => {
      c.header("Content-Security-Policy", "sandbox");
      c.header("X-Powered-By", "x");
      return c.html("<p>export</p>");
    })
    .get("/raw", () => new Response("raw", { headers: { "x-frame-options": "SAMEORIGIN", "x-custom": "1" } }))
    .get("/redirect", () => Response.redirect("http://localhost/elsewhere", 302))
    .get("/throw", () => {
      throw new Error("boom");
    })
    .onError((_e, c) => c.json({ message: "error" }, 500));
}

/** The full set, spelled out: a change to it must be a decision (docs/decisions/011). */
const FULL = [
  [
    "content-security-policy",
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; " +
    "font-src 'self' data:; connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
    "frame-ancestors 'none'",
  ],
  ["cross-origin-opener-policy", "same-origin"],
  ["cross-origin-resource-policy", "same-origin"],
  ["origin-agent-cluster", "?1"],
  ["referrer-policy", "strict-origin-when-cross-origin"],
  ["strict-transport-security", "max-age=31536000; includeSubDomains"],
  ["x-content-type-options", "nosniff"],
  ["x-dns-prefetch-control", "off"],
  ["x-download-options", "noopen"],
  ["x-frame-options", "DENY"],
  ["x-permitted-cross-domain-policies", "none"],
  ["x-xss-protection", "0"],
];

/** The short set of every non-document answer: OWASP REST Security Cheat Sheet plus CORP. */
const SHORT = [
  ["content-security-policy", "default-src 'none'; frame-ancestors 'none'"],
  ["cross-origin-resource-policy", "same-origin"],
  ["strict-transport-security", "max-age=31536000; includeSubDomains"],
  ["x-content-type-options", "nosniff"],
  ["x-frame-options", "DENY"],
];

const sorted = (list: readonly (readonly [string, string])[]) => [...list].sort(([a], [b]) => a.localeCompare(b));
const FULL_NAMES = new Set(FULL.map(([name]) => name));
const securityHeadersOf = (res: Response) => [...res.headers].filter(([name]) => FULL_NAMES.has(name));
const app = appWith(securityHeaders as MiddlewareHandler);

Deno.test("[security] documents, scripts and answers without a type get exactly the full set", async () => {
  for (const path of ["/html", "/script", "/empty", "/redirect"]) {
    const res = await app.request(path);
    assert.deepEqual(sorted(securityHeadersOf(res)), FULL, path);
    await res.body?.cancel();
  }
  const redirect = await app.request("/redirect");
  assert.equal(redirect.status, 302);
  assert.equal(redirect.headers.get("location"), "http://localhost/elsewhere", "a redirect's own headers are kept");
  const own = await app.request("/own-html");
  assert.equal(own.headers.get("content-security-policy"), "sandbox", "a handler's own CSP is kept");
  assert.equal(own.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
  assert.equal(own.headers.get("x-powered-by"), null);
  await own.body?.cancel();
});

Deno.test("[security] JSON, text and errors get exactly the short set, a handler's own headers kept", async () => {
  for (const path of ["/json", "/throw", "/missing"]) {
    const res = await app.request(path);
    assert.deepEqual(sorted(securityHeadersOf(res)), SHORT, path);
    await res.body?.cancel();
  }
  const own = await app.request("/own");
  assert.deepEqual(sorted(securityHeadersOf(own)), [
    ["content-security-policy", "sandbox; default-src 'none'"],
    ...SHORT.filter(([name]) => name !== "content-security-policy" && name !== "x-frame-options"),
    ["x-frame-options", "SAMEORIGIN"],
  ]);
  assert.equal(own.headers.get("x-powered-by"), null);
  await own.body?.cancel();
  const raw = await app.request("/raw");
  assert.equal(raw.headers.get("x-frame-options"), "SAMEORIGIN");
  assert.equal(raw.headers.get("x-custom"), "1");
  assert.equal(raw.headers.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'");
  await raw.body?.cancel();
});
Deno.test("[security] which content types are documents", () => {
  for (const type of [undefined, "", "text/html", "TEXT/HTML; charset=UTF-8", " text/html", "text/javascript"]) {
    assert.equal(isDocumentType(type), true, String(type));
  }
  for (const type of ["application/javascript", "application/xhtml+xml"]) assert.equal(isDocumentType(type), true);
  for (
    const type of [
      "application/json",
      "application/json; charset=UTF-8",
      "text/plain; charset=UTF-8",
      "text/csv",
      "text/css",
      "application/pdf",
      "image/svg+xml",
      "image/png",
      "application/problem+json",
    ]
  ) assert.equal(isDocumentType(type), false, type);
});

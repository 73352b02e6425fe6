import assert from "node:assert/strict";
import { Hono, type MiddlewareHandler } from "hono";
import {
  answerFrom,
  API_HEADERS,
  DOCUMENT_HEADERS,
  isDocumentType,
  jsonTemplate,
  secureHeadersReference,
  securityHeaders,
} from "./security.ts";

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

Deno.test("[security] the two precomputed sets are exactly the decided ones", () => {
  assert.deepEqual(sorted(DOCUMENT_HEADERS), FULL);
  assert.deepEqual(sorted(API_HEADERS), SHORT);
});

Deno.test("[security] documents get exactly Hono's secureHeaders with our options (the full set)", async () => {
  const fast = appWith(securityHeaders as MiddlewareHandler);
  const reference = appWith(secureHeadersReference as MiddlewareHandler);
  for (const path of ["/html", "/script", "/empty", "/own-html"]) {
    const a = await fast.request(path);
    const b = await reference.request(path);
    assert.equal(a.status, b.status, path);
    assert.deepEqual([...a.headers], [...b.headers], path);
    assert.equal(await a.text(), await b.text(), path);
  }
  const html = await fast.request("/html");
  assert.deepEqual(securityHeadersOf(html), FULL);
  await html.body?.cancel();
  const own = await fast.request("/own-html");
  assert.equal(own.headers.get("content-security-policy"), "sandbox", "a handler's own CSP is kept");
  assert.equal(own.headers.get("referrer-policy"), "strict-origin-when-cross-origin");
  assert.equal(own.headers.get("x-powered-by"), null);
  await own.body?.cancel();
});

Deno.test("[security] JSON, text and errors get exactly the short set, a handler's own headers kept", async () => {
  const app = appWith(securityHeaders as MiddlewareHandler);
  for (const path of ["/json", "/throw", "/missing"]) {
    const res = await app.request(path);
    assert.deepEqual(securityHeadersOf(res), SHORT, path);
    await res.body?.cancel();
  }
  const own = await app.request("/own");
  assert.deepEqual(securityHeadersOf(own), [
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

Deno.test("[security] answerFrom: a copy of the template with its own X-Request-Id, the template untouched", async () => {
  const template = jsonTemplate(JSON.stringify({ ok: true }));
  const a = answerFrom(template, "req-1");
  const b = answerFrom(template, "req-2");
  const expected = Object.fromEntries([["content-type", "application/json"], ...API_HEADERS]);
  assert.deepEqual(Object.fromEntries(a.headers), { ...expected, "x-request-id": "req-1" });
  assert.deepEqual(Object.fromEntries(b.headers), { ...expected, "x-request-id": "req-2" });
  assert.deepEqual(Object.fromEntries(template.headers), expected);
  // The copy's headers behave as any Response's afterwards (one list, no stale name cache).
  a.headers.append("x-extra", "1");
  assert.equal(a.headers.get("x-request-id"), "req-1");
  assert.equal(a.headers.get("x-extra"), "1");
  assert.equal(b.headers.get("x-extra"), null);
  assert.deepEqual(await a.json(), { ok: true });
  assert.deepEqual(await b.json(), { ok: true });
});

Deno.test("[security] answerFrom does not build the copy's Headers object (Deno's serve path stays cheap)", () => {
  // On Deno the id goes onto the copy's own header list; `res.headers` would create a Headers
  // object and check the id again (bench/response-shapes.ts: about 3 µs per answer over sockets).
  const res = answerFrom(jsonTemplate("{}"), "req-3");
  const key = Object.getOwnPropertySymbols(res).find((s) => s.description === "headers");
  assert.ok(key, "Deno keeps a Response's Headers under a symbol-keyed property");
  assert.equal((res as unknown as Record<symbol, unknown>)[key], null);
  assert.equal(res.headers.get("x-request-id"), "req-3");
});

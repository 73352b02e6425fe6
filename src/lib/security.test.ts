import assert from "node:assert/strict";
import { Hono, type MiddlewareHandler } from "hono";
import { secureHeadersReference, SECURITY_HEADERS, securityHeaders } from "./security.ts";

function appWith(mw: MiddlewareHandler) {
  return new Hono()
    .use(mw as MiddlewareHandler)
    .get("/json", (c) => c.json({ ok: true }))
    .get("/own", (c) => {
      c.header("Content-Security-Policy", "sandbox; default-src 'none'");
      c.header("X-Frame-Options", "SAMEORIGIN");
      c.header("X-Powered-By", "x");
      return c.body("file");
    })
    .get("/raw", () => new Response("raw", { headers: { "x-frame-options": "SAMEORIGIN", "x-custom": "1" } }))
    .get("/throw", () => {
      throw new Error("boom");
    })
    .onError((_e, c) => c.json({ message: "error" }, 500));
}

Deno.test("[security] the precomputed security headers are exactly Hono's secureHeaders with our options", async () => {
  assert.equal(SECURITY_HEADERS.length, 12);
  const fast = appWith(securityHeaders as MiddlewareHandler);
  const reference = appWith(secureHeadersReference as MiddlewareHandler);
  for (const path of ["/json", "/own", "/raw", "/throw", "/missing"]) {
    const a = await fast.request(path);
    const b = await reference.request(path);
    assert.equal(a.status, b.status, path);
    assert.deepEqual([...a.headers], [...b.headers], path);
    assert.equal(await a.text(), await b.text(), path);
  }
  const own = await fast.request("/own");
  assert.equal(
    own.headers.get("content-security-policy"),
    "sandbox; default-src 'none'",
    "a handler's own CSP is kept",
  );
  assert.equal(own.headers.get("x-powered-by"), null);
  await own.body?.cancel();
});

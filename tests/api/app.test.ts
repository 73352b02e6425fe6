import assert from "node:assert/strict";
import { SignJWT } from "jose";
import { routers } from "../../src/app.ts";
import { ACCESS } from "../../src/auth/guard.ts";
import { SESSION_COOKIE } from "../../src/auth/session.ts";
import { expectJson, recordingLogger, testApp, withoutCode } from "../helpers/app.ts";
import { emptyDb, testBackend } from "../helpers/db.ts";
import { createUser, TEST_PASSWORD } from "../helpers/users.ts";

const tag = `[app/${testBackend()}]`;
const logger = recordingLogger();
const { app, db, deps, close } = await testApp({ logger });
Deno.test.afterAll(close);

const FOREIGN = "https://evil.example";
const post = (path: string, headers: Record<string, string> = {}) => app.request(path, { method: "POST", headers });

async function sessionToken(sub: number, tv: number, key = deps.secrets.jwtKey) {
  return await new SignJWT({ tv, sid: crypto.randomUUID() }).setProtectedHeader({ alg: "HS256" }).setSubject(
    String(sub),
  ).setIssuedAt()
    .setExpirationTime("1h").sign(key);
}

Deno.test(`${tag} GET /healthz answers 200`, async () => {
  const res = await app.request("/healthz");
  assert.deepEqual(await expectJson(res, 200), { status: "ok" });
});

Deno.test(`${tag} GET /readyz answers 200 while the database answers, 503 when it does not`, async () => {
  assert.deepEqual(await expectJson(await app.request("/readyz"), 200), { status: "ready" });
  const gone = await emptyDb();
  await gone.close();
  const other = await testApp({ db: gone.db });
  const body = await expectJson(await other.app.request("/readyz"), 503);
  assert.equal(body.status, "unavailable");
  assert.equal(typeof body.message, "string");
});

Deno.test(`${tag} an unknown /api path answers JSON 404 with a message, for any method`, async () => {
  for (const method of ["GET", "POST", "DELETE"]) {
    const body = await expectJson(await app.request("/api/no-such-thing", { method }), 404);
    assert.equal(body.message, `No API route ${method} /api/no-such-thing`);
  }
  // Without a built SPA, non-API paths are a JSON 404 too.
  assert.equal((await expectJson(await app.request("/nowhere"), 404)).message, "Not found");
});

// Exact header sets per response kind: tests/api/security-headers.test.ts (docs/decisions/011).
Deno.test(`${tag} every response carries the security headers`, async () => {
  for (const path of ["/healthz", "/api/auth/user", "/api/no-such-thing", "/api/docs"]) {
    const res = await app.request(path);
    await res.body?.cancel();
    const csp = res.headers.get("content-security-policy") ?? "";
    assert.match(csp, /frame-ancestors 'none'/, `${path} CSP`);
    if (path === "/api/docs") {
      assert.match(csp, /default-src 'self'/, `${path} CSP`);
      assert.match(csp, /script-src 'self'(;|$)/, `${path}: no inline or remote script`);
      assert.match(csp, /object-src 'none'/, `${path} CSP`);
      assert.equal(res.headers.get("referrer-policy"), "strict-origin-when-cross-origin", path);
    } else assert.equal(csp, "default-src 'none'; frame-ancestors 'none'", `${path} CSP`);
    assert.equal(res.headers.get("x-content-type-options"), "nosniff", path);
    assert.equal(res.headers.get("x-frame-options"), "DENY", path);
  }
});

Deno.test(`${tag} X-Request-Id is returned, a sane incoming one is kept, and the request is logged with it`, async () => {
  const res = await app.request("/readyz");
  await res.body?.cancel();
  const id = res.headers.get("x-request-id") ?? "";
  assert.match(id, /^[0-9a-f-]{36}$/);
  const line = logger.lines.find((l) => l.msg === "request" && l.fields?.requestId === id);
  assert.ok(line, "one log line for the request");
  assert.equal(line.level, "info");
  assert.deepEqual(
    { method: line.fields?.method, path: line.fields?.path, status: line.fields?.status },
    { method: "GET", path: "/readyz", status: 200 },
  );
  assert.equal(typeof line.fields?.ms, "number");

  const kept = await app.request("/readyz", { headers: { "x-request-id": "abc-123_X=y" } });
  await kept.body?.cancel();
  assert.equal(kept.headers.get("x-request-id"), "abc-123_X=y");
  const replaced = await app.request("/readyz", { headers: { "x-request-id": "bad id\u0001<script>" } });
  await replaced.body?.cancel();
  assert.match(replaced.headers.get("x-request-id") ?? "", /^[0-9a-f-]{36}$/);
});

Deno.test(`${tag} CSRF: a state-changing request from another origin is refused with 403 JSON`, async () => {
  const refused: Record<string, string>[] = [
    { origin: FOREIGN },
    { origin: "null" },
    { origin: "http://localhost:9999" },
    { "sec-fetch-site": "cross-site" },
  ];
  for (const headers of refused) {
    const body = await expectJson(await post("/api/no-such-thing", headers), 403);
    assert.equal(body.message, "Cross-site request refused", JSON.stringify(headers));
  }
  for (const method of ["PUT", "PATCH", "DELETE"]) {
    await expectJson(await app.request("/api/no-such-thing", { method, headers: { origin: FOREIGN } }), 403);
  }
});

Deno.test(`${tag} CSRF: same-origin and non-browser requests pass the check`, async () => {
  // They reach the router, which has no such route: 404, not 403.
  const passing: Record<string, string>[] = [
    { origin: "http://localhost" },
    { origin: "http://localhost", "sec-fetch-site": "same-origin" },
    { "sec-fetch-site": "same-origin" },
    {},
  ];
  for (const headers of passing) {
    await expectJson(await post("/api/no-such-thing", headers), 404);
  }
  // Safe methods are never refused.
  await expectJson(await app.request("/healthz", { headers: { origin: FOREIGN } }), 200);
  // PUBLIC_URL is an allowed origin (the app behind a proxy that rewrites Host).
  const behindProxy = await testApp({ db, env: { PUBLIC_URL: "https://buy.example.com" } });
  await expectJson(
    await behindProxy.app.request("/api/x", { method: "POST", headers: { origin: "https://buy.example.com" } }),
    404,
  );
  await expectJson(await behindProxy.app.request("/api/x", { method: "POST", headers: { origin: FOREIGN } }), 403);
});

Deno.test(`${tag} GET /api/auth/user answers 401 {message:"Unauthorized"} when signed out`, async () => {
  assert.deepEqual(withoutCode(await expectJson(await app.request("/api/auth/user"), 401)), {
    message: "Unauthorized",
  });
});

Deno.test(`${tag} GET /api/auth/user with a garbage, forged or stale session answers 401 and clears the cookie`, async () => {
  const [user] = await db.query<{ id: number; token_version: number }>(
    `insert into users (role_id, email, first_name, last_name) values (2, 'session.test@example.com', 'Sam', 'Test')
     returning id, token_version`,
  );
  const cookies = [
    "garbage",
    "a.b.c",
    await sessionToken(user.id, user.token_version, new TextEncoder().encode("x".repeat(48))), // wrong key
    await sessionToken(user.id, user.token_version + 1), // stale token version
    await sessionToken(999_999, 0), // no such user
  ];
  for (const token of cookies) {
    const res = await app.request("/api/auth/user", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    assert.deepEqual(withoutCode(await expectJson(res, 401)), { message: "Unauthorized" }, token);
    assert.match(res.headers.get("set-cookie") ?? "", new RegExp(`^${SESSION_COOKIE}=;.*Max-Age=0`), "cookie cleared");
  }

  // The same user with a valid token is signed in; deactivating the user ends it.
  const good = await sessionToken(user.id, user.token_version);
  const ok = await app.request("/api/auth/user", { headers: { cookie: `${SESSION_COOKIE}=${good}` } });
  const me = await expectJson<{ id: number; email: string; role: { name: string } }>(ok, 200);
  assert.equal(me.id, user.id);
  assert.equal(me.role.name, "purchase_team");
  await db.query("update users set is_active = false where id = $1", [user.id]);
  const off = await app.request("/api/auth/user", { headers: { cookie: `${SESSION_COOKIE}=${good}` } });
  await expectJson(off, 401);
});

type Operation = Record<string, unknown>;
type OpenApiDoc = { openapi: string; info: { version: string }; paths: Record<string, Record<string, Operation>> };
const ACCESS_KEYS = ["x-public", "x-permission", "x-roles", "x-signed-in"];
const toOpenApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)(\{[^}]*\})?/g, "{$1}");

/** Every concrete route of the app (not the ALL-method middleware and catch-alls). */
function appRoutes() {
  const seen = new Map<string, { method: string; path: string; handlers: unknown[] }>();
  for (const r of app.routes) {
    if (r.method === "ALL") continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path: r.path, handlers: [] });
    seen.get(key)!.handlers.push(r.handler);
  }
  return [...seen.values()];
}

Deno.test(`${tag} GET /api/openapi.json is an OpenAPI 3.1 document listing every /api route of the app`, async () => {
  const doc = await expectJson<OpenApiDoc>(await app.request("/api/openapi.json"), 200);
  assert.equal(doc.openapi, "3.1.0");
  assert.equal(doc.info.version, "test");
  const routes = appRoutes().filter((r) => r.path.startsWith("/api/"));
  assert.ok(routes.length >= 5, "sanity: the app has API routes");
  const missing = routes.filter((r) => !doc.paths[toOpenApiPath(r.path)]?.[r.method.toLowerCase()]);
  assert.deepEqual(
    missing.map((r) => `${r.method} ${r.path}`),
    [],
    "routes missing from the OpenAPI document: declare them with publicRoute/signedIn/allow/roles from src/auth/guard.ts",
  );
});

Deno.test(`${tag} route table: every route declares its access exactly once (publicRoute, signedIn, allow or roles)`, async () => {
  const undeclared: string[] = [];
  for (const r of appRoutes()) {
    const declared = r.handlers.filter((h) => typeof h === "function" && ACCESS in h);
    if (declared.length !== 1) undeclared.push(`${r.method} ${r.path} (${declared.length} declarations)`);
  }
  assert.deepEqual(undeclared, []);

  const doc = await expectJson<OpenApiDoc>(await app.request("/api/openapi.json"), 200);
  const wrong: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      const keys = ACCESS_KEYS.filter((k) => k in op);
      if (keys.length !== 1) wrong.push(`${method.toUpperCase()} ${path}: ${keys.join(", ") || "none"}`);
    }
  }
  assert.deepEqual(wrong, [], "each operation has exactly one of " + ACCESS_KEYS.join(", "));
});

Deno.test(`${tag} the feature routers only declare /api routes or the health checks`, () => {
  for (const router of routers) {
    for (const r of router.routes) {
      if (r.method === "ALL") continue;
      assert.ok(/^\/(api\/|healthz$|readyz$)/.test(r.path), `${r.method} ${r.path} is outside /api`);
    }
  }
});

Deno.test(`${tag} GET /api/docs renders the reference page without any remote or inline script`, async () => {
  const res = await app.request("/api/docs");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/html/);
  const html = await res.text();
  assert.match(html, /href="\/api\/openapi.json"/);
  const scripts = [...html.matchAll(/<script([^>]*)>([^<]*)<\/script>/gi)];
  assert.deepEqual(scripts.map((m) => m[1].trim()), ['src="/api/docs/scalar.js"', 'src="/api/docs/start.js"']);
  assert.ok(scripts.every((m) => m[2].trim() === ""), "no inline script");
  for (const src of ["/api/docs/scalar.js", "/api/docs/start.js"]) {
    const js = await app.request(src);
    assert.equal(js.status, 200, src);
    assert.match(js.headers.get("content-type") ?? "", /^text\/javascript/, src);
    assert.doesNotMatch(await js.text(), src.endsWith("start.js") ? /:\/\// : /^$/, src);
  }
});

Deno.test(`${tag} GET /api/meta does not reveal demo sign-ins outside demo mode`, async () => {
  const body = await expectJson(await app.request("/api/meta"), 200);
  assert.equal(body.demoMode, false);
  assert.equal(body.demoAccounts, undefined);
  const demo = await testApp({ db, demoMode: true });
  const demoBody = await expectJson<{ demoAccounts: unknown[] }>(await demo.app.request("/api/meta"), 200);
  assert.ok(demoBody.demoAccounts.length >= 5);
});

Deno.test(`${tag} the built SPA: hashed assets cached for a year, index.html for client routes, API 404 stays JSON`, async () => {
  const webRoot = await Deno.makeTempDir();
  try {
    await Deno.mkdir(`${webRoot}/assets`);
    await Deno.writeTextFile(
      `${webRoot}/index.html`,
      `<!doctype html><html lang="en" dir="ltr"><head><title>SPA</title></head><div id="root"></div></html>`,
    );
    await Deno.writeTextFile(
      `${webRoot}/first-screen.json`,
      JSON.stringify({
        signedIn: ["assets/first-screen-A1.js"],
        locales: {
          en: { start: ["assets/text-en-B2.js"], signedIn: ["assets/first-screen-text-en-C3.js"] },
          dv: { start: ["assets/text-dv-D4.js"], signedIn: ["assets/first-screen-text-dv-E5.js"] },
        },
      }),
    );
    await Deno.writeTextFile(`${webRoot}/assets/main-AbC123.js`, "console.log('spa')");
    await Deno.writeTextFile(`${webRoot}/favicon.svg`, "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const spa = await testApp({ db, webRoot });

    const asset = await spa.app.request("/assets/main-AbC123.js");
    assert.equal(asset.status, 200);
    assert.match(asset.headers.get("content-type") ?? "", /javascript/);
    assert.equal(asset.headers.get("cache-control"), "public, max-age=31536000, immutable");
    assert.equal(await asset.text(), "console.log('spa')");

    // The page carries the session (null here) and is never kept by a shared cache.
    for (const path of ["/", "/index.html", "/dashboard", "/vendor/register", "/no/such/page"]) {
      const res = await spa.app.request(path);
      assert.equal(res.status, 200, path);
      assert.match(res.headers.get("content-type") ?? "", /^text\/html/, path);
      assert.equal(res.headers.get("cache-control"), "private, no-cache", path);
      assert.equal(res.headers.get("vary"), "Cookie", path);
      const html = await res.text();
      assert.match(html, /<title>SPA<\/title>/, path);
      assert.match(html, /<script type="application\/json" id="boot">\{"user":null\}<\/script>\s*<\/head>/, path);
      assert.match(html, /<link rel="modulepreload" crossorigin href="\/assets\/text-en-B2.js">/, path);
      assert.doesNotMatch(html, /first-screen/, `${path}: a signed-out page names no signed-in chunk`);
    }
    const listing = await spa.app.request("/first-screen.json");
    await listing.body?.cancel();
    assert.equal(listing.status, 404, "the build's list is read by the server, not served");

    // Signed in: the user as /api/auth/session answers it, and the first screen's chunks.
    const manager = await createUser(db, "procurement_manager");
    const login = await spa.app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: manager.email, password: TEST_PASSWORD }),
    });
    assert.equal(login.status, 200);
    const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const session = await (await spa.app.request("/api/auth/session", { headers: { cookie } })).json();
    const signedIn = await (await spa.app.request("/dashboard", { headers: { cookie } })).text();
    const boot = signedIn.match(/<script type="application\/json" id="boot">(.*?)<\/script>/);
    assert.deepEqual(JSON.parse(boot![1]), { user: session });
    for (const chunk of ["first-screen-A1", "text-en-B2", "first-screen-text-en-C3"]) {
      assert.match(signedIn, new RegExp(`<link rel="modulepreload" crossorigin href="/assets/${chunk}.js">`));
    }
    assert.doesNotMatch(signedIn, /-dv-/);
    // A forged or expired cookie is a signed-out page, and the cookie is cleared.
    const forged = await spa.app.request("/", { headers: { cookie: `${SESSION_COOKIE}=forged.token.value` } });
    assert.match(await forged.text(), /\{"user":null\}/);

    // The language the browser chose: its direction from the first byte, its text named up front.
    const dv = await (await spa.app.request("/", { headers: { cookie: "lang=dv" } })).text();
    assert.match(dv, /<html lang="dv" dir="rtl">/);
    assert.match(dv, /href="\/assets\/text-dv-D4.js"/);
    assert.doesNotMatch(dv, /text-en-B2/);
    for (const bad of ["lang=xx", "lang=%22%3E%3Cscript%3E", "lang="]) {
      const page = await (await spa.app.request("/", { headers: { cookie: bad } })).text();
      assert.match(page, /<html lang="en" dir="ltr">/, bad);
    }

    const icon = await spa.app.request("/favicon.svg");
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get("cache-control"), "no-cache");
    await icon.body?.cancel();

    await expectJson(await spa.app.request("/api/no-such-thing"), 404);
    await expectJson(await spa.app.request("/healthz"), 200);

    // The build's brotli / gzip copies go to browsers that accept them (scripts/precompress.ts).
    const big = `console.log(${JSON.stringify("spa ".repeat(600))});`;
    await Deno.writeTextFile(`${webRoot}/assets/big-Zz9.js`, big);
    const { precompressDir } = await import("../../scripts/precompress.ts");
    assert.equal(precompressDir(`${webRoot}/assets`).files, 1, "only the file above 1 KB is compressed");
    const br = await spa.app.request("/assets/big-Zz9.js", { headers: { "accept-encoding": "gzip, deflate, br" } });
    assert.equal(br.headers.get("content-encoding"), "br");
    assert.match(br.headers.get("vary") ?? "", /accept-encoding/i);
    assert.match(br.headers.get("content-type") ?? "", /javascript/);
    const brBytes = new Uint8Array(await br.arrayBuffer());
    assert.ok(brBytes.length < big.length / 10, `brotli: ${brBytes.length} of ${big.length} bytes`);
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    assert.equal(new TextDecoder().decode(brotliDecompressSync(brBytes)), big);
    const gz = await spa.app.request("/assets/big-Zz9.js", { headers: { "accept-encoding": "gzip" } });
    assert.equal(gz.headers.get("content-encoding"), "gzip");
    assert.equal(new TextDecoder().decode(gunzipSync(new Uint8Array(await gz.arrayBuffer()))), big);
    const plain = await spa.app.request("/assets/big-Zz9.js");
    assert.equal(plain.headers.get("content-encoding"), null);
    assert.equal(await plain.text(), big);

    // An old hashed file after a deploy must be a 404, not index.html served as JavaScript.
    const stale = await spa.app.request("/assets/main-Old999.js");
    await stale.body?.cancel();
    assert.equal(stale.status, 404);
  } finally {
    await Deno.remove(webRoot, { recursive: true });
  }
});

/**
 * The route table and the permission matrix. Every /api route declares who may call
 * it with exactly one guard from src/auth/guard.ts (publicRoute / signedIn / allow / roles); the
 * guard's declaration is what the OpenAPI document shows (x-public / x-signed-in / x-permission /
 * x-roles) and what the server enforces. This file:
 *  1. checks the declarations: one per route, the same in the document and on the guard, public only
 *     for the short list below (a new route without a guard, or a new public route, fails here);
 *  2. calls every route signed out and as each of the five roles and checks 401 / 403 / allowed
 *     against the matrix of src/shared/permissions.ts.
 */
import assert from "node:assert/strict";
import { Hono } from "hono";
import { routers } from "../../src/app.ts";
import { ACCESS, type Access, allow, publicRoute } from "../../src/auth/guard.ts";
import type { AppEnv } from "../../src/lib/deps.ts";
import { buildOpenApi } from "../../src/lib/openapi.ts";
import { hasPermission, type Permission, RESOURCES } from "../../src/shared/permissions.ts";
import { ROLE_NAMES, type RoleName } from "../../src/shared/roles.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, type Session, sessionRequest } from "../helpers/users.ts";

const tag = `[route-permissions/${testBackend()}]`;

/**
 * The only routes anyone may call signed out. Adding one here is a security decision: say why.
 */
const PUBLIC_ROUTES = new Set([
  "GET /api/meta", // app name, version, demo mode: the login screen needs it
  "POST /api/auth/login",
  "POST /api/admin/login",
  "POST /api/auth/login/2fa", // second step; needs the short-lived cookie set by the password step
  "GET /api/login", // redirect to /login
  "POST /api/auth/logout", // ends the caller's own session, if any; clears the cookie either way
  "GET /api/auth/session", // the caller's own user or null: nothing about anyone else
  "GET /api/categories", // the vendor registration form lists categories
  "POST /api/vendor/register",
  "PUT /api/vendor/register/categories", // right after registration; the token registration returned is the credential
  "PUT /api/vendor/:id/categories", // vendor itself or admin, checked inside (signed out: 403)
  "POST /api/auth/set-password", // onboarding link; the one-time token is the credential
  "GET /api/openapi.json",
  "GET /api/docs",
  "GET /api/docs/scalar.js", // the reference page's script (Scalar's bundle)
  "GET /api/docs/start.js",
]);

/**
 * x-signed-in routes whose handler checks identity: on id 999999 they may answer 403 (not yours) or
 * 404 (no such record) to a signed-in caller. Everything else x-signed-in must be neither 401 nor 403.
 */
const IDENTITY_CHECKED = new Set([
  "PUT /api/users/:id/profile", // yourself or an admin (403 "You can only change your own profile")
  "PUT /api/users/:id/change-password", // yourself only (403 "You can only change your own password")
  "GET /api/files/:id", // the file's owner or someone allowed to see the record it belongs to
]);

const PERMISSIONS = new Set<string>(
  Object.entries(RESOURCES).flatMap(([r, { actions }]) => actions.map((a) => `${r}.${a}`)),
);

interface Route {
  key: string; // "GET /api/admin/users/:id"
  method: string;
  path: string;
  access: Access[];
}

type Operation = Record<string, unknown>;
type Spec = { paths: Record<string, Record<string, Operation>> };

const openapiPath = (path: string) => path.replace(/:(\w+)(\{[^}]*\})?\??/g, "{$1}");
const accessOf = (handler: unknown) => (handler as Record<symbol, Access | undefined>)[ACCESS];

/** The /api routes of an app with the guards attached to each (middleware mounted on wildcards excluded). */
function apiRoutes(app: { routes: { method: string; path: string; handler: unknown }[] }): Route[] {
  const byKey = new Map<string, Route>();
  for (const r of app.routes) {
    if (!r.path.startsWith("/api/") || (r.method === "ALL" && r.path.includes("*"))) continue;
    const key = `${r.method} ${r.path}`;
    const route = byKey.get(key) ?? { key, method: r.method, path: r.path, access: [] };
    const access = accessOf(r.handler);
    if (access) route.access.push(access);
    byKey.set(key, route);
  }
  return [...byKey.values()];
}

function describe(a: Access): string {
  return a.kind === "permission"
    ? `permission ${a.permission}`
    : a.kind === "role"
    ? `roles ${a.roles.join(",")}`
    : a.kind;
}

function fromDocument(op: Operation): Access[] {
  const found: Access[] = [];
  if (op["x-public"] !== undefined) found.push({ kind: "public" });
  if (op["x-signed-in"] !== undefined) found.push({ kind: "signed-in" });
  if (op["x-permission"] !== undefined) {
    found.push({ kind: "permission", permission: op["x-permission"] as Permission });
  }
  if (op["x-roles"] !== undefined) found.push({ kind: "role", roles: op["x-roles"] as RoleName[] });
  return found;
}

/** Everything wrong with the declarations of an app's /api routes, one line per problem. */
function declarationProblems(routes: Route[], spec: Spec): string[] {
  const problems: string[] = [];
  const documented = new Map<string, Operation>();
  for (const [path, item] of Object.entries(spec.paths ?? {})) {
    if (!path.startsWith("/api/")) continue;
    for (const [method, op] of Object.entries(item)) documented.set(`${method.toUpperCase()} ${path}`, op);
  }
  const seen = new Set<string>();
  for (const r of routes) {
    const docKey = `${r.method} ${openapiPath(r.path)}`;
    seen.add(docKey);
    if (r.access.length !== 1) {
      problems.push(
        `${r.key}: ${r.access.length ? `${r.access.length} access declarations` : "no access declaration"}`,
      );
      continue;
    }
    const access = r.access[0];
    if (access.kind === "public" && !PUBLIC_ROUTES.has(r.key)) {
      problems.push(`${r.key}: public but not on the public list`);
    }
    if (access.kind !== "public" && PUBLIC_ROUTES.has(r.key)) {
      problems.push(`${r.key}: on the public list but ${describe(access)}`);
    }
    if (access.kind === "permission" && !PERMISSIONS.has(access.permission)) {
      problems.push(`${r.key}: unknown permission ${access.permission}`);
    }
    if (access.kind === "role" && (!access.roles.length || access.roles.some((x) => !ROLE_NAMES.includes(x)))) {
      problems.push(`${r.key}: bad role list ${JSON.stringify(access.roles)}`);
    }
    const op = documented.get(docKey);
    if (!op) {
      problems.push(`${r.key}: missing from /api/openapi.json`);
      continue;
    }
    const declared = fromDocument(op);
    if (declared.length !== 1) {
      problems.push(`${r.key}: the document declares ${declared.length} of x-public/x-signed-in/x-permission/x-roles`);
    } else if (JSON.stringify(declared[0]) !== JSON.stringify(access)) {
      problems.push(`${r.key}: the document says ${describe(declared[0])}, the guard ${describe(access)}`);
    }
  }
  for (const key of documented.keys()) {
    if (!seen.has(key)) problems.push(`${key}: in /api/openapi.json but not a route`);
  }
  const keys = new Set(routes.map((r) => r.key));
  for (const key of PUBLIC_ROUTES) if (!keys.has(key)) problems.push(`${key}: on the public list but no such route`);
  return problems;
}

// ---------------------------------------------------------------------------------------------

const t = await testApp();
Deno.test.afterAll(() => t.close());
const spec = await expectJson<Spec>(await t.app.request("/api/openapi.json"), 200);
const routes = apiRoutes(t.app);

Deno.test(`${tag} every /api route declares exactly one access rule, the same in /api/openapi.json and on its guard`, () => {
  assert.ok(routes.length >= 40, `found ${routes.length} routes`);
  assert.deepEqual(declarationProblems(routes, spec), []);
  // Sanity: the walk below covers every kind.
  const kinds = new Set(routes.map((r) => r.access[0].kind));
  assert.deepEqual([...kinds].sort(), ["permission", "public", "role", "signed-in"]);
});

Deno.test(`${tag} the declaration check fails for a route without a guard, with two, with an unlisted public one, or one that lies`, async () => {
  const doc = { tags: ["test"], summary: "probe" };
  const liar = Object.assign(allow("users.view", doc), { [ACCESS]: { kind: "signed-in" } satisfies Access });
  const probe = new Hono<AppEnv>();
  for (const r of routers) probe.route("/", r);
  probe.get("/api/forgotten", (c) => c.json({}));
  probe.post("/api/forgotten/:id/things", (c) => c.json({}));
  probe.post("/api/doubled", publicRoute(doc), allow("users.view", doc), (c) => c.json({}));
  probe.get("/api/sneaky", publicRoute(doc), (c) => c.json({}));
  probe.get("/api/liar", liar, (c) => c.json({}));
  const probeSpec = await buildOpenApi(probe, "test") as unknown as Spec;
  const problems = declarationProblems(apiRoutes(probe), probeSpec)
    // The real app adds /api/openapi.json and /api/docs (with its two scripts) itself; the probe
    // has only the routers.
    .filter((p) => !/^GET \/api\/(openapi\.json|docs|docs\/scalar\.js|docs\/start\.js):/.test(p));
  assert.deepEqual(problems.sort(), [
    "GET /api/forgotten: no access declaration",
    "GET /api/liar: the document says permission users.view, the guard signed-in",
    "GET /api/sneaky: public but not on the public list",
    "POST /api/doubled: 2 access declarations",
    "POST /api/forgotten/:id/things: no access declaration",
  ]);
});

// ---------------------------------------------------------------------------------------------
// Calling every route

const sessions = {} as Record<RoleName, Session>;
for (const role of ROLE_NAMES) sessions[role] = await as(t, role);
const anon = sessionRequest(t, "");

function call(request: Session["request"], r: Route) {
  const path = r.path.replace(/:(\w+)(\{[^}]*\})?\??/g, "999999");
  const hasBody = r.method !== "GET" && r.method !== "HEAD";
  return request(path, { method: r.method, json: hasBody ? {} : undefined });
}

async function outcome(res: Response) {
  // A stream (the notification centre's) never ends by itself: its status is the answer.
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, body: {} };
  }
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text);
  } catch { /* not JSON: redirects, CSV, HTML */ }
  return { status: res.status, body };
}

Deno.test(`${tag} signed out, every non-public route answers 401 {message:"Unauthorized"}`, async () => {
  const wrong: string[] = [];
  for (const r of routes.filter((r) => r.access[0].kind !== "public")) {
    const { status, body } = await outcome(await call(anon, r));
    if (status !== 401 || body.message !== "Unauthorized") wrong.push(`${r.key}: ${status} ${JSON.stringify(body)}`);
  }
  assert.deepEqual(wrong, []);
});

Deno.test(`${tag} signed out, public routes never answer 401 or 403`, async () => {
  const wrong: string[] = [];
  for (const r of routes.filter((r) => r.access[0].kind === "public")) {
    const { status, body } = await outcome(await call(anon, r));
    if (status === 401 || status === 403) wrong.push(`${r.key}: ${status} ${JSON.stringify(body)}`);
  }
  assert.deepEqual(wrong, []);
});

for (const role of ROLE_NAMES) {
  Deno.test(`${tag} as ${role}, every route is allowed or refused (403) exactly as the matrix says`, async () => {
    const wrong: string[] = [];
    let allowed = 0, refused = 0;
    for (const r of routes) {
      const access = r.access[0];
      if (access.kind === "public") continue;
      const { status, body } = await outcome(await call(sessions[role].request, r));
      const got = `${r.key}: ${status} ${JSON.stringify(body).slice(0, 200)}`;
      if (status === 401) {
        wrong.push(`${got} (signed in, so never 401)`);
        continue;
      }
      if (access.kind === "signed-in") {
        if (status === 403 && !IDENTITY_CHECKED.has(r.key)) wrong.push(`${got} (any signed-in user may call it)`);
        allowed++;
        continue;
      }
      const may = access.kind === "permission" ? hasPermission(role, access.permission) : access.roles.includes(role);
      if (may) {
        allowed++;
        if (status === 403) wrong.push(`${got} (${describe(access)}: ${role} is allowed)`);
      } else {
        refused++;
        const expected = access.kind === "permission"
          ? { requiredPermission: access.permission }
          : { requiredRole: access.roles };
        // The error code and its params (src/shared/error-codes.ts) are checked by the error tests.
        const { message, code: _code, params: _params, ...extra } = body;
        if (status !== 403 || typeof message !== "string" || JSON.stringify(extra) !== JSON.stringify(expected)) {
          wrong.push(`${got} (${describe(access)}: expected 403 ${JSON.stringify(expected)})`);
        }
      }
    }
    assert.deepEqual(wrong, []);
    assert.ok(allowed > 0, "some routes allowed");
    if (role !== "admin") assert.ok(refused > 0, "some routes refused");
    // Nothing in the walk ended the session.
    await expectJson(await sessions[role].request("/api/auth/user"), 200);
  });
}

Deno.test(`${tag} the matrix refuses admins nothing but vendor-only routes, and vendors reach no staff administration`, () => {
  // A summary of the walk above in terms of the declarations, so a matrix change shows up by name.
  const adminRefused = routes.filter((r) => {
    const a = r.access[0];
    return (a.kind === "permission" && !hasPermission("admin", a.permission)) ||
      (a.kind === "role" && !a.roles.includes("admin"));
  }).map((r) => r.key);
  for (const key of adminRefused) {
    const a = routes.find((r) => r.key === key)!.access[0];
    assert.ok(
      (a.kind === "role" && a.roles.every((x) => x === "vendor")) ||
        (a.kind === "permission" && a.permission.startsWith("vendor_profile.")),
      `admin refused ${key}`,
    );
  }
  const vendorAllowed = routes.filter((r) => {
    const a = r.access[0];
    return (a.kind === "permission" && hasPermission("vendor", a.permission)) ||
      (a.kind === "role" && a.roles.includes("vendor"));
  }).map((r) => r.key);
  assert.ok(vendorAllowed.every((k) => !/\/api\/admin\//.test(k)), `vendor reaches ${vendorAllowed.join(", ")}`);
});

Deno.test(`${tag} budgets: finance and admin manage them, procurement managers read them, nobody else; every /api/budgets route declares one`, () => {
  const holders = (p: Permission) => ROLE_NAMES.filter((r) => hasPermission(r, p));
  assert.deepEqual(holders("budgets.manage"), ["admin", "cost_finance_controller"]);
  assert.deepEqual(holders("budgets.view"), ["admin", "procurement_manager", "cost_finance_controller"]);
  const budgetRoutes = routes.filter((r) => r.key.includes(" /api/budgets"));
  assert.ok(budgetRoutes.length >= 8, budgetRoutes.map((r) => r.key).join(", "));
  for (const r of budgetRoutes) {
    const a = r.access[0];
    assert.ok(a.kind === "permission" && a.permission.startsWith("budgets."), `${r.key}: ${describe(a)}`);
    assert.equal(a.permission === "budgets.manage", r.method !== "GET", r.key);
  }
});

/**
 * Sign-in (standard and admin), throttling and sessions (issue 3: Sign-in, Sessions, Sign-in throttling).
 *
 * TRUST_PROXY is on so each failing request can come from its own X-Forwarded-For address: the
 * per-IP throttle would otherwise block every later sign-in of this file (app.request() has no socket,
 * so all requests without the header share the address "local").
 */
import assert from "node:assert/strict";
import { decodeJwt, SignJWT } from "jose";
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "../../src/auth/session.ts";
import { testSecrets } from "../../src/lib/secrets.ts";
import { expectJson, testApp, withoutCode } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createUser, TEST_PASSWORD, type TestUser } from "../helpers/users.ts";

const tag = `[auth/${testBackend()}]`;
const t = await testApp({ env: { TRUST_PROXY: "true" } });
const { app, db } = t;
Deno.test.afterAll(() => t.close());

let ipCounter = 0;
/** A fresh client address for each call unless one is given. */
const freshIp = () => {
  const n = ++ipCounter;
  return `10.9.${n >> 8}.${n & 255}`;
};

function login(path: string, body: unknown, ip = freshIp(), target = t) {
  return target.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip, "user-agent": "auth-test" },
    body: JSON.stringify(body),
  });
}

function sessionCookie(res: Response): string | undefined {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
}

const me = (cookie: string, target = t) => target.app.request("/api/auth/user", { headers: { cookie } });

async function auditRows(where: string, params: unknown[] = []) {
  return await db.query<
    { id: number; user_id: number | null; action: string; entity_id: string | null; metadata: Record<string, unknown> }
  >(
    `select id, user_id, action, entity_id, metadata from audit_logs where ${where} order by id`,
    params,
  );
}

async function token(sub: number, opts: { tv?: number; iat?: number; exp?: number; key?: Uint8Array } = {}) {
  const now = Math.floor(Date.now() / 1000);
  const iat = opts.iat ?? now;
  return await new SignJWT({ tv: opts.tv ?? 0 }).setProtectedHeader({ alg: "HS256" }).setSubject(String(sub))
    .setIssuedAt(iat).setExpirationTime(opts.exp ?? iat + SESSION_TTL_SECONDS).sign(opts.key ?? testSecrets().jwtKey);
}

// ---------------------------------------------------------------------------------------------
// Sign-in

Deno.test(`${tag} POST /api/auth/login signs in: user with role, HttpOnly Lax cookie, last_login_at, LOGIN audited`, async () => {
  const user = await createUser(db, "procurement_manager");
  const [before] = await db.query<{ last_login_at: Date | null }>("select last_login_at from users where id = $1", [
    user.id,
  ]);
  assert.equal(before.last_login_at, null);

  const res = await login("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
  const body = await expectJson(res, 200);
  assert.equal(body.id, user.id);
  assert.equal(body.email, user.email);
  assert.equal(body.mustChangePassword, false);
  assert.deepEqual(body.role, { id: 3, name: "procurement_manager", displayName: "Procurement Manager" });
  assert.ok(!("passwordHash" in body) && !JSON.stringify(body).includes("argon2"), "no hash in the answer");

  const cookie = sessionCookie(res);
  assert.ok(cookie, "session cookie set");
  const attrs = cookie.split(";").map((s) => s.trim());
  assert.ok(attrs.includes("HttpOnly"), cookie);
  assert.ok(attrs.includes("SameSite=Lax"), cookie);
  assert.ok(attrs.includes("Path=/"), cookie);
  assert.ok(attrs.includes(`Max-Age=${SESSION_TTL_SECONDS}`), cookie);
  assert.ok(!attrs.some((a) => a.toLowerCase() === "secure"), `no Secure over http: ${cookie}`);
  await expectJson(await me(cookie.split(";")[0]), 200);

  const [after] = await db.query<{ last_login_at: Date | null }>("select last_login_at from users where id = $1", [
    user.id,
  ]);
  assert.ok(after.last_login_at instanceof Date);
  assert.ok(Math.abs(after.last_login_at.getTime() - Date.now()) < 60_000, "last_login_at is now");

  const rows = await auditRows("action = 'LOGIN' and entity_id = $1", [String(user.id)]);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].user_id, user.id);
  assert.equal(rows[0].metadata.method, "password");
});

Deno.test(`${tag} POST /api/auth/login sets a Secure cookie when PUBLIC_URL is https`, async () => {
  const user = await createUser(db, "purchase_team");
  const https = await testApp({ db, env: { PUBLIC_URL: "https://x.test", TRUST_PROXY: "true" } });
  const res = await login("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, freshIp(), https);
  await expectJson(res, 200);
  const cookie = sessionCookie(res) ?? "";
  assert.ok(cookie.split(";").map((s) => s.trim()).includes("Secure"), cookie);
  assert.match(cookie, /HttpOnly/);
  assert.match(cookie, /SameSite=Lax/);
});

Deno.test(`${tag} POST /api/auth/login treats the email case-insensitively`, async () => {
  const user = await createUser(db, "cost_finance_controller");
  const body = await expectJson(
    await login("/api/auth/login", { email: `  ${user.email.toUpperCase()} `, password: TEST_PASSWORD }),
    200,
  );
  assert.equal(body.id, user.id);
});

Deno.test(`${tag} POST /api/auth/login answers the same 401 for every kind of refused account, audited without the password`, async () => {
  const wrongPassword = "Wr0ng-Pa55word-zq";
  const active = await createUser(db, "purchase_team");
  const inactive = await createUser(db, "purchase_team", { active: false });
  const pending = await createUser(db, "vendor", { vendorStatus: "pending" });
  const rejected = await createUser(db, "vendor", { vendorStatus: "rejected" });
  const noPassword = await createUser(db, "vendor");
  await db.query("update users set password_hash = null where id = $1", [noPassword.id]);

  const attempts: [string, { email: string; password: string }, TestUser | undefined][] = [
    ["wrong password", { email: active.email, password: wrongPassword }, active],
    ["unknown email", { email: "nobody.here@test.example", password: wrongPassword }, undefined],
    ["inactive user", { email: inactive.email, password: TEST_PASSWORD }, inactive],
    ["pending vendor", { email: pending.email, password: TEST_PASSWORD }, pending],
    ["rejected vendor", { email: rejected.email, password: TEST_PASSWORD }, rejected],
    ["vendor without a password", { email: noPassword.email, password: TEST_PASSWORD }, noPassword],
    ["vendor without a password, empty-ish guess", { email: noPassword.email, password: " " }, noPassword],
  ];
  const firstFailed = (await db.query<{ n: number }>("select coalesce(max(id), 0)::int as n from audit_logs"))[0].n;
  for (const [label, creds, user] of attempts) {
    const res = await login("/api/auth/login", creds);
    assert.deepEqual(withoutCode(await expectJson(res, 401)), { message: "Invalid credentials" }, label);
    assert.equal(sessionCookie(res), undefined, `${label}: no session cookie`);
    const row = (await auditRows("id > $1 and action = 'LOGIN_FAILED'", [firstFailed])).at(-1)!;
    assert.equal(row.metadata.identifier, creds.email.toLowerCase(), label);
    assert.equal(row.user_id, user?.id ?? null, label);
  }
  const failed = await auditRows("id > $1 and action = 'LOGIN_FAILED'", [firstFailed]);
  assert.equal(failed.length, attempts.length, "every failure audited");
  const leaks = await db.query("select id from audit_logs a where a::text like $1 or a::text like $2", [
    `%${wrongPassword}%`,
    `%${TEST_PASSWORD}%`,
  ]);
  assert.deepEqual([...leaks], [], "no password in any audit row");
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from login_attempts where not succeeded and identifier = $1",
    [active.email],
  );
  assert.equal(n, 1, "the failure is recorded for throttling");
});

Deno.test(`${tag} POST /api/auth/login validation messages`, async () => {
  const cases: [unknown, string][] = [
    [{}, "Email is required"],
    [{ email: "   ", password: "x" }, "Email is required"],
    [{ email: "someone@test.example" }, "Password is required"],
    [{ email: "someone@test.example", password: "" }, "Password is required"],
  ];
  for (const [body, message] of cases) {
    assert.equal((await expectJson(await login("/api/auth/login", body), 400)).message, message, JSON.stringify(body));
  }
  const cases2: [unknown, string][] = [
    [{}, "Username is required"],
    [{ username: " ", password: "x" }, "Username is required"],
    [{ username: "admin" }, "Password is required"],
  ];
  for (const [body, message] of cases2) {
    assert.equal((await expectJson(await login("/api/admin/login", body), 400)).message, message, JSON.stringify(body));
  }
});

Deno.test(`${tag} POST /api/admin/login signs in an administrator by username (case-insensitive), refuses other roles`, async () => {
  const admin = await createUser(db, "admin", { username: "chief.admin" });
  const res = await login("/api/admin/login", { username: "Chief.Admin", password: TEST_PASSWORD });
  const body = await expectJson(res, 200);
  assert.equal(body.id, admin.id);
  assert.deepEqual(body.role, { id: 1, name: "admin", displayName: "Administrator" });
  const cookie = sessionCookie(res)!;
  assert.match(cookie, /HttpOnly/);
  await expectJson(await me(cookie.split(";")[0]), 200);
  const [row] = await auditRows("action = 'LOGIN' and user_id = $1", [admin.id]);
  assert.equal(row.metadata.method, "admin");

  await createUser(db, "purchase_team", { username: "not.an.admin" });
  const refused = await login("/api/admin/login", { username: "not.an.admin", password: TEST_PASSWORD });
  assert.deepEqual(withoutCode(await expectJson(refused, 401)), { message: "Invalid credentials" });
  assert.equal(sessionCookie(refused), undefined);
  assert.deepEqual(
    withoutCode(
      await expectJson(await login("/api/admin/login", { username: "chief.admin", password: "nope-nope" }), 401),
    ),
    { message: "Invalid credentials" },
  );
  const failed = await auditRows("action = 'LOGIN_FAILED' and metadata->>'identifier' = 'admin:not.an.admin'");
  assert.equal(failed.length, 1);
  assert.equal(failed[0].user_id, null, "a non-admin is not an admin account: nothing to name");
});

// ---------------------------------------------------------------------------------------------
// Throttling

Deno.test(`${tag} POST /api/auth/login: 5 failures for one account → 429 with Retry-After, even with the right password, across instances`, async () => {
  const user = await createUser(db, "purchase_team");
  for (let i = 0; i < 5; i++) {
    await expectJson(await login("/api/auth/login", { email: user.email, password: `wrong-${i}` }), 401);
  }
  const res = await login("/api/auth/login", { email: user.email.toUpperCase(), password: TEST_PASSWORD });
  const body = await expectJson(res, 429);
  assert.equal(body.message, "Too many failed sign-in attempts. Try again later.");
  const retry = Number(res.headers.get("retry-after"));
  assert.ok(Number.isInteger(retry) && retry > 0 && retry <= 900, `Retry-After ${res.headers.get("retry-after")}`);
  assert.equal(sessionCookie(res), undefined);
  const throttled = await auditRows("action = 'LOGIN_THROTTLED' and user_id = $1", [user.id]);
  assert.equal(throttled.length, 1);

  // State lives in login_attempts: another instance on the same database refuses too.
  const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from login_attempts where identifier = $1", [
    user.email,
  ]);
  assert.equal(n, 5);
  const other = await testApp({ db, env: { TRUST_PROXY: "true" } });
  const res2 = await login("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, freshIp(), other);
  await expectJson(res2, 429);
  assert.ok(Number(res2.headers.get("retry-after")) > 0);
  // A different account is not affected.
  const bystander = await createUser(db, "purchase_team");
  await expectJson(
    await login("/api/auth/login", { email: bystander.email, password: TEST_PASSWORD }, freshIp(), other),
    200,
  );
});

Deno.test(`${tag} POST /api/auth/login: 5 failures from one IP across accounts throttle that IP`, async () => {
  const ip = "203.0.113.77";
  for (let i = 0; i < 5; i++) {
    const victim = await createUser(db, "procurement_manager");
    await expectJson(await login("/api/auth/login", { email: victim.email, password: "not-it" }, ip), 401);
  }
  const fresh = await createUser(db, "procurement_manager");
  const res = await login("/api/auth/login", { email: fresh.email, password: TEST_PASSWORD }, ip);
  await expectJson(res, 429);
  const retry = Number(res.headers.get("retry-after"));
  assert.ok(retry > 0 && retry <= 900);
  // Admin sign-in from that IP is throttled too; the same account from elsewhere is fine.
  await expectJson(await login("/api/admin/login", { username: "whoever", password: "x" }, ip), 429);
  await expectJson(await login("/api/auth/login", { email: fresh.email, password: TEST_PASSWORD }), 200);
});

// ---------------------------------------------------------------------------------------------
// Sessions

Deno.test(`${tag} GET /api/auth/user: 401 signed out, 200 with the session (no secrets)`, async () => {
  assert.deepEqual(withoutCode(await expectJson(await app.request("/api/auth/user"), 401)), {
    message: "Unauthorized",
  });
  const s = await as(t, "vendor");
  const body = await expectJson(await s.request("/api/auth/user"), 200);
  assert.equal(body.id, s.user.id);
  assert.deepEqual(body.role, { id: 5, name: "vendor", displayName: "Vendor" });
  assert.deepEqual(Object.keys(body).sort(), [
    "email",
    "firstName",
    "id",
    "lastName",
    "mustChangePassword",
    "role",
    "username",
  ]);
});

Deno.test(`${tag} GET /api/auth/user: garbage, wrong-signature and expired tokens answer 401`, async () => {
  const user = await createUser(db, "purchase_team");
  const now = Math.floor(Date.now() / 1000);
  const bad = [
    "garbage",
    await token(user.id, { key: new TextEncoder().encode("w".repeat(48)) }),
    await token(user.id, { iat: now - SESSION_TTL_SECONDS - 60, exp: now - 60 }),
    // alg none: an unsigned token with the right claims
    `${btoa(JSON.stringify({ alg: "none" })).replace(/=+$/, "")}.${
      btoa(JSON.stringify({ sub: String(user.id), tv: 0, iat: now, exp: now + 600 })).replace(/=+$/, "")
    }.`,
  ];
  for (const value of bad) {
    const res = await me(`${SESSION_COOKIE}=${value}`);
    assert.deepEqual(withoutCode(await expectJson(res, 401)), { message: "Unauthorized" }, value);
  }
  await expectJson(await me(`${SESSION_COOKIE}=${await token(user.id)}`), 200);
});

Deno.test(`${tag} deactivation, role change and password reset by an admin end the user's sessions`, async () => {
  const admin = await as(t, "admin");
  const actions: [string, (id: number) => Promise<Response>][] = [
    [
      "deactivation",
      (id) => admin.request(`/api/admin/users/${id}/status`, { method: "PUT", json: { isActive: false } }),
    ],
    ["role change", (id) => admin.request(`/api/admin/users/${id}/role`, { method: "PUT", json: { roleId: 3 } })],
    ["password reset", (id) => admin.request(`/api/admin/users/${id}/reset-password`, { method: "POST" })],
  ];
  for (const [label, act] of actions) {
    const s = await as(t, "purchase_team");
    await expectJson(await s.request("/api/auth/user"), 200);
    await expectJson(await act(s.user.id), 200);
    const res = await s.request("/api/auth/user");
    assert.deepEqual(withoutCode(await expectJson(res, 401)), { message: "Unauthorized" }, label);
    assert.match(sessionCookie(res) ?? "", /Max-Age=0/, `${label}: the stale cookie is cleared`);
  }
  // The admin's own session is untouched.
  await expectJson(await admin.request("/api/auth/user"), 200);
});

Deno.test(`${tag} changing your own password keeps this session (new cookie) and refuses the old cookie`, async () => {
  const s = await as(t, "cost_finance_controller");
  const res = await s.request(`/api/users/${s.user.id}/change-password`, {
    method: "PUT",
    json: { currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass", confirmPassword: "brand-new-pass" },
  });
  assert.deepEqual(await expectJson(res, 200), { message: "Password changed" });
  const fresh = sessionCookie(res);
  assert.ok(fresh, "a new session cookie");
  assert.match(fresh, /HttpOnly/);
  const freshCookie = fresh.split(";")[0];
  assert.notEqual(freshCookie, s.cookie);
  assert.equal((await expectJson(await me(freshCookie), 200)).id, s.user.id);
  await expectJson(await s.request("/api/auth/user"), 401);
  // Signing in again takes the new password only.
  await expectJson(await login("/api/auth/login", { email: s.user.email, password: TEST_PASSWORD }), 401);
  await expectJson(await login("/api/auth/login", { email: s.user.email, password: "brand-new-pass" }), 200);
});

Deno.test(`${tag} GET /api/auth/logout clears the cookie, redirects to / and writes LOGOUT`, async () => {
  const s = await as(t, "procurement_manager");
  const res = await s.request("/api/auth/logout");
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "/");
  const cleared = sessionCookie(res) ?? "";
  assert.match(cleared, new RegExp(`^${SESSION_COOKIE}=;`));
  assert.ok(/Max-Age=0/.test(cleared) || /Expires=Thu, 01 Jan 1970/.test(cleared), cleared);
  assert.match(cleared, /Path=\//);
  const rows = await auditRows("action = 'LOGOUT' and user_id = $1", [s.user.id]);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].entity_id, String(s.user.id));

  // Signed out: still a redirect, nothing audited.
  const before =
    (await db.query<{ n: number }>("select count(*)::int as n from audit_logs where action = 'LOGOUT'"))[0].n;
  const anon = await app.request("/api/auth/logout");
  assert.equal(anon.status, 302);
  assert.equal(anon.headers.get("location"), "/");
  const after =
    (await db.query<{ n: number }>("select count(*)::int as n from audit_logs where action = 'LOGOUT'"))[0].n;
  assert.equal(after, before);
});

Deno.test(`${tag} GET /api/login redirects to /login`, async () => {
  const res = await app.request("/api/login");
  assert.equal(res.status, 302);
  assert.equal(res.headers.get("location"), "/login");
});

Deno.test(`${tag} a session past half its lifetime is renewed with a new cookie; a young one is not`, async () => {
  const user = await createUser(db, "purchase_team");
  const now = Math.floor(Date.now() / 1000);
  const old = await token(user.id, { iat: now - 7 * 3600 });
  const res = await me(`${SESSION_COOKIE}=${old}`);
  await expectJson(res, 200);
  const renewed = sessionCookie(res);
  assert.ok(renewed, "renewed cookie");
  assert.match(renewed, /HttpOnly/);
  assert.match(renewed, new RegExp(`Max-Age=${SESSION_TTL_SECONDS}`));
  const value = renewed.split(";")[0].slice(SESSION_COOKIE.length + 1);
  const claims = decodeJwt(value);
  assert.ok(claims.iat! >= now - 5, "renewed token issued now");
  assert.equal(claims.exp! - claims.iat!, SESSION_TTL_SECONDS);
  assert.equal(claims.sub, String(user.id));
  await expectJson(await me(`${SESSION_COOKIE}=${value}`), 200);

  const young = await me(`${SESSION_COOKIE}=${await token(user.id, { iat: now - 5 * 3600 })}`);
  await expectJson(young, 200);
  assert.equal(sessionCookie(young), undefined, "under half-life: no new cookie");
});

/**
 * Sign-in (standard and admin), throttling and sessions.
 *
 * TRUST_PROXY is on so each failing request can come from its own X-Forwarded-For address: the
 * per-IP throttle would otherwise block every later sign-in of this file (app.request() has no socket,
 * so all requests without the header share the address "local").
 */
import assert from "node:assert/strict";
import { decodeJwt, SignJWT } from "jose";
import { SESSION_COOKIE, SESSION_TTL_SECONDS } from "../../src/auth/session.ts";
import { testSecrets } from "../../src/lib/secrets.ts";
import { RULES } from "../../src/auth/throttle.ts";
import { expectError, expectJson, testApp, withoutCode } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createUser, sessionRequest, signIn, TEST_PASSWORD, type TestUser } from "../helpers/users.ts";

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

function login(path: string, body: unknown, ip = freshIp(), target = t, cookie?: string) {
  return target.app.request(path, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "x-forwarded-for": ip,
      "user-agent": "auth-test",
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });
}

/** The device cookie a successful sign-in sets (name=value), to send back as that browser would. */
function deviceCookie(res: Response): string {
  const c = res.headers.getSetCookie().find((v) => v.startsWith("device="));
  assert.ok(c, "a device cookie is set on sign-in");
  return c.split(";")[0];
}

/** Moves a throttle key's clock forward by `seconds` (its wait and window), as time passing would. */
async function passTime(key: string, seconds: number) {
  await db.query(
    `update auth_throttle set window_start = window_start - make_interval(secs => $2),
        locked_until = locked_until - make_interval(secs => $2), updated_at = updated_at - make_interval(secs => $2)
      where key = $1`,
    [key, seconds],
  );
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
  return await new SignJWT({ tv: opts.tv ?? 0, sid: crypto.randomUUID() }).setProtectedHeader({ alg: "HS256" })
    .setSubject(String(sub))
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
    ["inactive user, wrong password", { email: inactive.email, password: wrongPassword }, inactive],
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

Deno.test(`${tag} POST /api/auth/login: 5 failures for one account from one address → 429 with Retry-After, even with the right password, across instances`, async () => {
  const user = await createUser(db, "purchase_team");
  const ip = freshIp();
  for (let i = 0; i < 5; i++) {
    await expectJson(await login("/api/auth/login", { email: user.email, password: `wrong-${i}` }, ip), 401);
  }
  const res = await login("/api/auth/login", { email: user.email.toUpperCase(), password: TEST_PASSWORD }, ip);
  const body = await expectJson(res, 429);
  assert.equal(body.message, "Too many failed sign-in attempts. Try again later.");
  const retry = Number(res.headers.get("retry-after"));
  assert.ok(Number.isInteger(retry) && retry > 0 && retry <= 900, `Retry-After ${res.headers.get("retry-after")}`);
  assert.equal(sessionCookie(res), undefined);
  const throttled = await auditRows("action = 'LOGIN_THROTTLED' and user_id = $1", [user.id]);
  assert.equal(throttled.length, 1);

  // State lives in the database: another instance on the same database refuses too.
  const other = await testApp({ db, env: { TRUST_PROXY: "true" } });
  const res2 = await login("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, ip, other);
  await expectJson(res2, 429);
  assert.ok(Number(res2.headers.get("retry-after")) > 0);
  assert.equal(
    (await auditRows("action = 'LOGIN_THROTTLED' and user_id = $1", [user.id])).length,
    1,
    "one row per lock",
  );
  // A different account is not affected. The same account from another address waits (no lock:
  // at most 30 s after five failures), then signs in.
  const bystander = await createUser(db, "purchase_team");
  await expectJson(await login("/api/auth/login", { email: bystander.email, password: TEST_PASSWORD }, ip, other), 200);
  const elsewhere = await login("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, freshIp(), other);
  await expectJson(elsewhere, 429);
  assert.ok(Number(elsewhere.headers.get("retry-after")) <= 30);
  await passTime(`signin-account:${user.email}`, 30);
  await expectJson(
    await login("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, freshIp(), other),
    200,
  );
});

Deno.test(`${tag} POST /api/auth/login: past ${RULES.address.limit} failures from one address, only identifiers that failed there are refused`, async () => {
  const ip = "203.0.113.77";
  const victims = [];
  for (let i = 0; i < RULES.address.limit; i++) {
    const victim = await createUser(db, "procurement_manager");
    victims.push(victim);
    await expectJson(await login("/api/auth/login", { email: victim.email, password: "not-it" }, ip), 401);
  }
  // An identifier that failed from this address is refused, even with its right password...
  const res = await login("/api/auth/login", { email: victims[0].email, password: TEST_PASSWORD }, ip);
  await expectJson(res, 429);
  const retry = Number(res.headers.get("retry-after"));
  assert.ok(retry > 0 && retry <= 900);
  assert.equal((await auditRows("action = 'LOGIN_THROTTLED' and metadata->>'scope' = 'signin-ip'")).length, 1);
  // ...a colleague's right password from the same office address is always evaluated, and accepted.
  const colleague = await createUser(db, "procurement_manager");
  await expectJson(await login("/api/auth/login", { email: colleague.email, password: TEST_PASSWORD }, ip), 200);
  // A new identifier gets its one try, then is refused like the others.
  const fresh = await createUser(db, "procurement_manager");
  await expectJson(await login("/api/auth/login", { email: fresh.email, password: "wrong" }, ip), 401);
  await expectJson(await login("/api/auth/login", { email: fresh.email, password: TEST_PASSWORD }, ip), 429);
  await expectJson(await login("/api/admin/login", { username: "whoever", password: "x" }, ip), 401);
  // The same accounts from elsewhere are fine.
  await expectJson(await login("/api/auth/login", { email: fresh.email, password: TEST_PASSWORD }), 200);
  assert.equal(
    (await auditRows("action = 'LOGIN_THROTTLED' and metadata->>'scope' = 'signin-ip'")).length,
    1,
    "one audit row per address window",
  );
});

Deno.test(`${tag} POST /api/auth/login: 40 addresses × 6 guesses evaluate 5, the right password then waits; about 10 per quarter hour`, async () => {
  const owner = await createUser(db, "procurement_manager");
  const identifier = owner.email;
  const guesses = [];
  for (let a = 0; a < 40; a++) {
    const ip = freshIp();
    for (let g = 0; g < 6; g++) {
      guesses.push(login("/api/auth/login", { email: identifier, password: `g-${a}-${g}` }, ip));
    }
  }
  const statuses = await Promise.all(guesses.map(async (p) => {
    const r = await p;
    await r.body?.cancel();
    return r.status;
  }));
  assert.equal(statuses.filter((x) => x === 401).length, RULES.accountEverywhere.free, statuses.join(","));
  assert.equal(await failedCount(identifier), RULES.accountEverywhere.free, "only those were verified");
  // The right password from yet another address is not evaluated during the wait either.
  await expectJson(await login("/api/auth/login", { email: identifier, password: TEST_PASSWORD }), 429);
  // Time passes in steps of each wait; a guess every time one is allowed: no more than 10 in 15 minutes.
  let elapsed = 0;
  while (true) {
    const res = await login("/api/auth/login", { email: identifier, password: `later-${elapsed}` });
    if (res.status === 429) {
      const wait = Number(res.headers.get("retry-after"));
      await res.body?.cancel();
      assert.ok(wait > 0 && wait <= RULES.accountEverywhere.maxSeconds, `wait ${wait}`);
      if (elapsed + wait >= 900) break;
      elapsed += wait;
      await passTime(`signin-account:${identifier}`, wait);
      continue;
    }
    await expectJson(res, 401);
  }
  const evaluated = await failedCount(identifier);
  assert.ok(evaluated >= 9 && evaluated <= 10, `${evaluated} guesses evaluated in 15 minutes`);
  // The owner was told once, in the account's language, without the guesses themselves.
  const mails = await db.query<{ subject: string; body: string }>(
    "select subject, body from notification_outbox where recipient = $1 and template = 'sign_in_failures'",
    [owner.email],
  );
  assert.equal(mails.length, 1);
  assert.equal(mails[0].subject, "Failed sign-ins to your account");
  assert.match(mails[0].body, /There were 5 failed attempts to sign in to your account in the last 15 minutes/);
  assert.equal(mails[0].body.includes("g-0-0"), false);
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

Deno.test(`${tag} GET /api/auth/session: 200 null signed out or with a bad token, 200 the user with the session`, async () => {
  const out = await app.request("/api/auth/session");
  assert.equal(out.status, 200);
  assert.equal(await out.json(), null);
  const bad = await app.request("/api/auth/session", { headers: { cookie: `${SESSION_COOKIE}=garbage` } });
  assert.equal(bad.status, 200);
  assert.equal(await bad.json(), null);
  const s = await as(t, "purchase_team");
  const mine = await expectJson<{ id: number; role: { name: string } }>(await s.request("/api/auth/session"), 200);
  assert.deepEqual([mine.id, mine.role.name], [s.user.id, "purchase_team"]);
  // The same answer as /api/auth/user.
  assert.deepEqual(mine, await expectJson(await s.request("/api/auth/user"), 200));
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

Deno.test(`${tag} POST /api/auth/logout revokes that session: the old cookie gets 401 on read and write; LOGOUT audited`, async () => {
  const s = await as(t, "procurement_manager");
  const otherSession = await signIn(t, s.user);
  const res = await s.request("/api/auth/logout", { method: "POST" });
  assert.deepEqual(await expectJson(res, 200), { message: "Signed out" });
  const cleared = sessionCookie(res) ?? "";
  assert.match(cleared, new RegExp(`^${SESSION_COOKIE}=;`));
  assert.ok(/Max-Age=0/.test(cleared) || /Expires=Thu, 01 Jan 1970/.test(cleared), cleared);
  assert.match(cleared, /Path=\//);
  const rows = await auditRows("action = 'LOGOUT' and user_id = $1", [s.user.id]);
  assert.equal(rows.length, 1);
  assert.equal(rows[0].entity_id, String(s.user.id));

  // The cookie as it was before signing out (a copy kept by an attacker) is dead for reads and writes.
  await expectError(await s.request("/api/auth/user"), 401);
  await expectError(await s.request("/api/profile"), 401);
  await expectError(
    await s.request("/api/profile/preferences", { method: "PUT", json: { emailNotifications: false } }),
    401,
  );
  await expectError(await s.request("/api/auth/2fa/setup", { method: "POST" }), 401);
  // Another instance agrees (the revocation is in the database), and another session of the same
  // user is untouched.
  const other = await testApp({ db, env: { TRUST_PROXY: "true" } });
  await expectError(await sessionRequest(other, s.cookie)("/api/auth/user"), 401);
  assert.equal((await expectJson(await otherSession.request("/api/auth/user"), 200)).id, s.user.id);

  // Signed out already: still 200, nothing audited.
  const before =
    (await db.query<{ n: number }>("select count(*)::int as n from audit_logs where action = 'LOGOUT'"))[0].n;
  await expectJson(await app.request("/api/auth/logout", { method: "POST" }), 200);
  const after =
    (await db.query<{ n: number }>("select count(*)::int as n from audit_logs where action = 'LOGOUT'"))[0].n;
  assert.equal(after, before);
});

Deno.test(`${tag} GET /api/auth/logout signs nobody out (a cross-site link or image cannot); a cross-site POST is refused`, async () => {
  const s = await as(t, "purchase_team");
  const res = await s.request("/api/auth/logout");
  assert.ok(res.status === 404 || res.status === 405, `status ${res.status}`);
  await res.body?.cancel();
  assert.equal(sessionCookie(res), undefined, "no cookie change");
  await expectJson(await s.request("/api/auth/user"), 200);
  const forged = await s.request("/api/auth/logout", { method: "POST", headers: { origin: "https://evil.example" } });
  await expectError(forged, 403);
  await expectJson(await s.request("/api/auth/user"), 200);
});

Deno.test(`${tag} a token without a session id is not a session`, async () => {
  const user = await createUser(db, "purchase_team");
  const now = Math.floor(Date.now() / 1000);
  const legacy = await new SignJWT({ tv: 0 }).setProtectedHeader({ alg: "HS256" }).setSubject(String(user.id))
    .setIssuedAt(now).setExpirationTime(now + 600).sign(testSecrets().jwtKey);
  await expectError(await me(`${SESSION_COOKIE}=${legacy}`), 401);
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
  assert.equal(claims.sid, decodeJwt(old).sid, "the renewed token is the same session");
  assert.ok(claims.iat! >= now - 5, "renewed token issued now");
  assert.equal(claims.exp! - claims.iat!, SESSION_TTL_SECONDS);
  assert.equal(claims.sub, String(user.id));
  await expectJson(await me(`${SESSION_COOKIE}=${value}`), 200);

  const young = await me(`${SESSION_COOKIE}=${await token(user.id, { iat: now - 5 * 3600 })}`);
  await expectJson(young, 200);
  assert.equal(sessionCookie(young), undefined, "under half-life: no new cookie");
});

// ---------------------------------------------------------------------------------------------
// Atomic throttling, no lockout as a weapon (docs/decisions/021-sign-in-limits.md); deactivated accounts

const failedCount = async (identifier: string) =>
  (await db.query<{ n: number }>(
    "select count(*)::int as n from audit_logs where action = 'LOGIN_FAILED' and metadata->>'identifier' = $1",
    [identifier],
  ))[0].n;

for (
  const [label, path, makeUser, body] of [
    [
      "POST /api/auth/login",
      "/api/auth/login",
      () => createUser(db, "purchase_team"),
      (u: TestUser, password: string) => ({ email: u.email, password }),
    ],
    [
      "POST /api/admin/login",
      "/api/admin/login",
      () => createUser(db, "admin", { username: `par.${crypto.randomUUID().slice(0, 8)}` }),
      (u: TestUser & { username?: string }, password: string) => ({ username: u.username, password }),
    ],
  ] as const
) {
  Deno.test(`${tag} ${label}: 100 parallel wrong passwords from one address evaluate at most 5; then the right one is refused (429)`, async () => {
    const user = await makeUser();
    const [{ username }] = await db.query<{ username: string | null }>("select username from users where id = $1", [
      user.id,
    ]);
    const u = { ...user, username: username ?? undefined };
    const identifier = path === "/api/admin/login" ? `admin:${username}` : user.email;
    const ip = freshIp();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => login(path, body(u, `wrong-guess-${i}`), ip)),
    );
    const statuses = answers.map((r) => r.status);
    await Promise.all(answers.map((r) => r.body?.cancel()));
    assert.equal(statuses.filter((s) => s === 401).length, 5, statuses.join(","));
    assert.equal(statuses.filter((s) => s === 429).length, 95);
    assert.equal(await failedCount(identifier), 5, "five passwords verified and audited");
    const right = await login(path, body(u, TEST_PASSWORD), ip);
    await expectJson(right, 429);
    assert.equal(sessionCookie(right), undefined);
    assert.equal(await failedCount(identifier), 5);
    const throttled = await auditRows("action = 'LOGIN_THROTTLED' and user_id = $1", [user.id]);
    assert.equal(throttled.length, 1, "one audit row for the lock, not one per refused request");
  });
}

Deno.test(`${tag} POST /api/auth/login: strangers' guesses do not slow the owner on a browser they signed in with before`, async () => {
  const owner = await createUser(db, "procurement_manager");
  const first = await login("/api/auth/login", { email: owner.email, password: TEST_PASSWORD }, freshIp());
  await expectJson(first, 200);
  const device = deviceCookie(first);
  for (let a = 0; a < 4; a++) {
    const stranger = freshIp();
    for (let i = 0; i < 3; i++) {
      const res = await login("/api/auth/login", { email: owner.email, password: `guess-${a}-${i}` }, stranger);
      await res.body?.cancel();
    }
  }
  // Without the device: the account's wait applies.
  await expectJson(await login("/api/auth/login", { email: owner.email, password: TEST_PASSWORD }, freshIp()), 429);
  // With it, from any address: signed in at once.
  const back = await login("/api/auth/login", { email: owner.email, password: TEST_PASSWORD }, freshIp(), t, device);
  assert.equal((await expectJson(back, 200)).id, owner.id);
  // The cookie names one account: another account's, or a forged one, opens nothing.
  const other = await createUser(db, "procurement_manager");
  for (let i = 0; i < 5; i++) {
    await expectJson(await login("/api/auth/login", { email: other.email, password: `x-${i}` }, freshIp()), 401);
  }
  for (const cookie of [device, "device=abc.def", `${device}x`]) {
    await expectJson(
      await login("/api/auth/login", { email: other.email, password: TEST_PASSWORD }, freshIp(), t, cookie),
      429,
    );
  }
  // A stolen device cookie has that device's own small budget, then a lock.
  for (let i = 0; i < 5; i++) {
    await expectJson(
      await login("/api/auth/login", { email: owner.email, password: `thief-${i}` }, freshIp(), t, device),
      401,
    );
  }
  await expectJson(
    await login("/api/auth/login", { email: owner.email, password: TEST_PASSWORD }, freshIp(), t, device),
    429,
  );
});

Deno.test(`${tag} POST /api/auth/login: one person's failures do not lock a shared office address for colleagues`, async () => {
  const office = freshIp();
  const clumsy = await createUser(db, "purchase_team");
  for (let i = 0; i < 20; i++) {
    const res = await login("/api/auth/login", { email: clumsy.email, password: `typo-${i}` }, office);
    await res.body?.cancel();
  }
  for (let i = 0; i < 3; i++) {
    const colleague = await createUser(db, "purchase_team");
    await expectJson(await login("/api/auth/login", { email: colleague.email, password: TEST_PASSWORD }, office), 200);
  }
});

Deno.test(`${tag} POST /api/auth/login: each lock in a row lasts twice as long (backoff)`, async () => {
  const user = await createUser(db, "purchase_team");
  const ip = freshIp();
  const retryAfter = async () => {
    for (let i = 0; i < 5; i++) {
      await expectJson(await login("/api/auth/login", { email: user.email, password: `no-${i}` }, ip), 401);
    }
    const res = await login("/api/auth/login", { email: user.email, password: "no-more" }, ip);
    await expectJson(res, 429);
    return Number(res.headers.get("retry-after"));
  };
  const first = await retryAfter();
  assert.ok(first > 850 && first <= 900, `first lock ${first}s`);
  // The lock runs out (moved into the past), the guessing goes on: the next lock is twice as long.
  await db.query("update auth_throttle set locked_until = now() - interval '1 second' where key = $1", [
    `signin:${user.email}|${ip}`,
  ]);
  // (the account's wait across addresses is a rule of its own: passed here)
  await passTime(`signin-account:${user.email}`, 900);
  const second = await retryAfter();
  assert.ok(second > 1750 && second <= 1800, `second lock ${second}s`);
  // The right password then resets the account's history at that address.
  await db.query("update auth_throttle set locked_until = now() - interval '1 second' where key = $1", [
    `signin:${user.email}|${ip}`,
  ]);
  await passTime(`signin-account:${user.email}`, 900);
  await expectJson(await login("/api/auth/login", { email: user.email, password: TEST_PASSWORD }, ip), 200);
  const [row] = await db.query<{ failures: number; lockouts: number }>(
    "select failures, lockouts from auth_throttle where key = $1",
    [`signin:${user.email}|${ip}`],
  );
  assert.deepEqual({ ...row }, { failures: 0, lockouts: 0 });
});

Deno.test(`${tag} POST /api/auth/login: a deactivated account with the right password is told so (403); a wrong password only "Invalid credentials"`, async () => {
  const user = await createUser(db, "procurement_manager", { active: false });
  const right = await login("/api/auth/login", { email: user.email, password: TEST_PASSWORD });
  const body = await expectError(right, 403, "auth.accountDeactivated");
  assert.match(body.message, /deactivated/);
  assert.match(body.message, /administrator/);
  assert.equal(sessionCookie(right), undefined, "still no session");
  const wrong = await login("/api/auth/login", { email: user.email, password: "not-the-password" });
  assert.deepEqual(withoutCode(await expectJson(wrong, 401)), { message: "Invalid credentials" });
  const admin = await createUser(db, "admin", { username: `off.${crypto.randomUUID().slice(0, 6)}`, active: false });
  const [{ username }] = await db.query<{ username: string }>("select username from users where id = $1", [admin.id]);
  await expectError(
    await login("/api/admin/login", { username, password: TEST_PASSWORD }),
    403,
    "auth.accountDeactivated",
  );
});

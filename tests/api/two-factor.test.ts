/** Two-factor sign-in with TOTP and recovery codes. */
import assert from "node:assert/strict";
import { generateHOTP, generateTOTP } from "@oslojs/otp";
import { decryptText, encryptText } from "../../src/lib/crypto.ts";
import { deriveKey, testMasterKey } from "../../src/lib/secrets.ts";
import { SESSION_COOKIE } from "../../src/auth/session.ts";
import { expectError, expectJson, testApp, withoutCode } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { createUser, type Session, sessionRequest, signIn, TEST_PASSWORD, type TestUser } from "../helpers/users.ts";

const tag = `[two-factor/${testBackend()}]`;
const t = await testApp();
const { app, db } = t;
Deno.test.afterAll(() => t.close());

/** RFC 4648 base32 (the otpauth:// secret), no padding. */
function base32Decode(text: string): Uint8Array {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  const out: number[] = [];
  let bits = 0, value = 0;
  for (const ch of text.replace(/=+$/, "").toUpperCase()) {
    const i = alphabet.indexOf(ch);
    if (i < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | i;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

const totp = (key: Uint8Array) => generateTOTP(key, 30, 6);
/** The next step's code (accepted: one step of drift), for a sign-in right after enrolment used this step's. */
const nextCode = (key: Uint8Array) => generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + 1), 6);
/** A code far from the right one (the grace period accepts only the neighbouring steps). */
const wrongCode = (key: Uint8Array) => String((Number(totp(key)) + 500_000) % 1_000_000).padStart(6, "0");

function cookieOf(res: Response, name: string) {
  return res.headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
}

async function passwordStep(user: TestUser, password = user.password) {
  const res = await app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: user.email, password }),
  });
  return res;
}

async function codeStep(pending: string | undefined, code: string) {
  return await app.request("/api/auth/login/2fa", {
    method: "POST",
    headers: { "content-type": "application/json", ...(pending ? { cookie: pending } : {}) },
    body: JSON.stringify({ code }),
  });
}

async function enrol(s: Session): Promise<{ key: Uint8Array; recoveryCodes: string[] }> {
  const setup = await expectJson<{ secret: string }>(await s.request("/api/auth/2fa/setup", { method: "POST" }), 200);
  const key = base32Decode(setup.secret);
  const body = await expectJson<{ recoveryCodes: string[] }>(
    await s.request("/api/auth/2fa/enable", { method: "POST", json: { code: totp(key) } }),
    200,
  );
  return { key, recoveryCodes: body.recoveryCodes };
}

const auditCount = async (action: string, id: number) =>
  (await db.query<{ n: number }>("select count(*)::int as n from audit_logs where action = $1 and entity_id = $2", [
    action,
    String(id),
  ]))[0].n;

// ---------------------------------------------------------------------------------------------

Deno.test(`${tag} POST /api/auth/2fa/setup returns the otpauth URI, a QR code and the secret; the key is stored sealed`, async () => {
  const s = await signIn(t, await createUser(t.db, "purchase_team"));
  const res = await s.request("/api/auth/2fa/setup", { method: "POST" });
  const body = await expectJson<{ uri: string; qrSvg: string; secret: string }>(res, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  const uri = new URL(body.uri);
  assert.equal(uri.protocol, "otpauth:");
  assert.equal(uri.searchParams.get("secret"), body.secret);
  assert.equal(uri.searchParams.get("issuer"), "Procurement");
  assert.equal(uri.searchParams.get("period"), "30");
  assert.equal(uri.searchParams.get("digits"), "6");
  assert.ok(decodeURIComponent(body.uri).includes(s.user.email));
  assert.match(body.qrSvg, /^<svg[\s\S]*<\/svg>\s*$/);
  assert.equal(base32Decode(body.secret).length, 20);
  const [row] = await db.query<{ totp_secret: string; totp_enabled: boolean }>(
    "select totp_secret, totp_enabled from users where id = $1",
    [s.user.id],
  );
  assert.equal(row.totp_enabled, false, "not enabled before confirmation");
  assert.ok(row.totp_secret && !row.totp_secret.includes(body.secret), "the secret is not stored in the clear");
  assert.deepEqual(await expectJson(await s.request("/api/auth/2fa"), 200), { enabled: false, recoveryCodesLeft: 0 });
  // Password sign-in is still one step.
  const one = await passwordStep(s.user);
  await expectJson(one, 200);
  assert.ok(cookieOf(one, SESSION_COOKIE));
});

Deno.test(`${tag} POST /api/auth/2fa/enable: needs set-up first, refuses a wrong code, then returns 10 recovery codes stored hashed`, async () => {
  const s = await signIn(t, await createUser(t.db, "procurement_manager"));
  const early = await s.request("/api/auth/2fa/enable", { method: "POST", json: { code: "123456" } });
  assert.deepEqual(withoutCode(await expectJson(early, 409)), { message: "Start the two-factor set-up first" });
  const { secret } = await expectJson<{ secret: string }>(
    await s.request("/api/auth/2fa/setup", { method: "POST" }),
    200,
  );
  const key = base32Decode(secret);
  for (const json of [{ code: "12ab" }, { code: "1234567" }, {}]) {
    const badFormat = await s.request("/api/auth/2fa/enable", { method: "POST", json });
    assert.equal(
      (await expectJson(badFormat, 400)).message,
      "Enter the 6-digit code from your app",
      JSON.stringify(json),
    );
  }
  const wrong = await s.request("/api/auth/2fa/enable", { method: "POST", json: { code: wrongCode(key) } });
  assert.equal(
    (await expectJson(wrong, 400)).message,
    "The code is not valid. Check your authenticator app's time and try again.",
  );
  assert.equal(await auditCount("TWO_FACTOR_ENABLE", s.user.id), 0);

  const res = await s.request("/api/auth/2fa/enable", { method: "POST", json: { code: totp(key) } });
  const { recoveryCodes } = await expectJson<{ recoveryCodes: string[] }>(res, 200);
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.equal(recoveryCodes.length, 10);
  assert.equal(new Set(recoveryCodes).size, 10);
  for (const c of recoveryCodes) assert.match(c, /^[A-Za-z0-9]{10}$/);
  const stored = await db.query<{ code_hash: string }>("select code_hash from user_recovery_codes where user_id = $1", [
    s.user.id,
  ]);
  assert.equal(stored.length, 10);
  const storedText = JSON.stringify(stored);
  for (const c of recoveryCodes) {
    assert.ok(!storedText.toLowerCase().includes(c.toLowerCase()), "no plain code in the DB");
  }
  assert.equal(await auditCount("TWO_FACTOR_ENABLE", s.user.id), 1);
  assert.deepEqual(await expectJson(await s.request("/api/auth/2fa"), 200), { enabled: true, recoveryCodesLeft: 10 });
  const again = await s.request("/api/auth/2fa/setup", { method: "POST" });
  assert.deepEqual(withoutCode(await expectJson(again, 409)), { message: "Two-factor sign-in is already enabled" });
  // No code or secret in the audit trail.
  const leaks = await db.query("select id from audit_logs a where a::text like $1 or a::text like $2", [
    `%${recoveryCodes[0]}%`,
    `%${secret}%`,
  ]);
  assert.deepEqual([...leaks], []);
});

Deno.test(`${tag} with two-factor on, sign-in asks for the code (no session); a wrong code is 401, the right TOTP signs in`, async () => {
  const user = await createUser(t.db, "cost_finance_controller");
  const { key } = await enrol(await signIn(t, user));

  const first = await passwordStep(user);
  assert.deepEqual(await expectJson(first, 200), { twoFactorRequired: true });
  assert.equal(cookieOf(first, SESSION_COOKIE), undefined, "no session cookie before the code");
  const pendingCookie = cookieOf(first, "twofactor");
  assert.ok(pendingCookie);
  assert.match(pendingCookie, /HttpOnly/);
  assert.match(pendingCookie, /Path=\/api\/auth/);
  const pending = pendingCookie.split(";")[0];
  // The pending cookie is not a session.
  await expectJson(await sessionRequest(t, pending)("/api/auth/user"), 401);
  const loginsBefore = await auditCount("LOGIN", user.id);

  const wrong = await codeStep(pending, wrongCode(key));
  assert.deepEqual(withoutCode(await expectJson(wrong, 401)), { message: "Invalid code" });
  assert.equal(cookieOf(wrong, SESSION_COOKIE), undefined);
  const [failed] = await db.query<{ metadata: Record<string, unknown> }>(
    "select metadata from audit_logs where action = 'LOGIN_FAILED' and user_id = $1",
    [user.id],
  );
  assert.deepEqual(failed.metadata, { identifier: user.email, step: "2fa" });

  const noCookie = await codeStep(undefined, totp(key));
  assert.deepEqual(withoutCode(await expectJson(noCookie, 401)), {
    message: "Your sign-in has expired. Sign in again.",
  });
  assert.equal(
    (await expectJson(await codeStep(pending, ""), 400)).message,
    "Enter the 6-digit code or a recovery code",
  );
  const noCode = await app.request("/api/auth/login/2fa", {
    method: "POST",
    headers: { "content-type": "application/json", cookie: pending },
    body: "{}",
  });
  assert.equal((await expectJson(noCode, 400)).message, "Code is required");

  const ok = await codeStep(pending, nextCode(key));
  const body = await expectJson(ok, 200);
  assert.equal(body.id, user.id);
  const session = cookieOf(ok, SESSION_COOKIE);
  assert.ok(session);
  assert.match(cookieOf(ok, "twofactor") ?? "", /Max-Age=0/, "the pending cookie is cleared");
  await expectJson(await sessionRequest(t, session.split(";")[0])("/api/auth/user"), 200);
  assert.equal(await auditCount("LOGIN", user.id), loginsBefore + 1);
  const [login] = await db.query<{ metadata: Record<string, unknown> }>(
    "select metadata from audit_logs where action = 'LOGIN' and user_id = $1 order by id desc limit 1",
    [user.id],
  );
  assert.deepEqual(login.metadata, { method: "password+totp" });

  // A wrong password still fails at the first step, without revealing that two-factor is on.
  assert.deepEqual(withoutCode(await expectJson(await passwordStep(user, "wrong-password"), 401)), {
    message: "Invalid credentials",
  });
});

Deno.test(`${tag} a recovery code signs in once; the second use is 401`, async () => {
  const user = await createUser(t.db, "vendor");
  const s = await signIn(t, user);
  const { recoveryCodes } = await enrol(s);
  const code = recoveryCodes[3];

  const pending1 = cookieOf(await passwordStep(user), "twofactor")!.split(";")[0];
  const ok = await codeStep(pending1, ` ${code.toUpperCase()} `);
  assert.equal((await expectJson(ok, 200)).id, user.id);
  assert.ok(cookieOf(ok, SESSION_COOKIE));
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from user_recovery_codes where user_id = $1 and used_at is not null",
    [user.id],
  );
  assert.equal(n, 1);
  assert.deepEqual(await expectJson(await s.request("/api/auth/2fa"), 200), { enabled: true, recoveryCodesLeft: 9 });

  const pending2 = cookieOf(await passwordStep(user), "twofactor")!.split(";")[0];
  const reused = await codeStep(pending2, code);
  assert.deepEqual(withoutCode(await expectJson(reused, 401)), { message: "Invalid code" });
  assert.equal(cookieOf(reused, SESSION_COOKIE), undefined);
  // Another unused code still works.
  await expectJson(await codeStep(pending2, recoveryCodes[4]), 200);
});

Deno.test(`${tag} POST /api/auth/2fa/disable needs the right password; afterwards sign-in is one step again`, async () => {
  const user = await createUser(t.db, "purchase_team");
  const s = await signIn(t, user);
  await enrol(s);
  for (
    const [json, message] of [[{ password: "not-the-password" }, "Password is incorrect"], [
      {},
      "Password is required",
    ]] as const
  ) {
    const res = await s.request("/api/auth/2fa/disable", { method: "POST", json });
    assert.equal((await expectJson(res, 400)).message, message);
  }
  assert.deepEqual(await expectJson(await s.request("/api/auth/2fa"), 200), { enabled: true, recoveryCodesLeft: 10 });
  assert.equal(await auditCount("TWO_FACTOR_DISABLE", user.id), 0);

  const res = await s.request("/api/auth/2fa/disable", { method: "POST", json: { password: TEST_PASSWORD } });
  assert.deepEqual(await expectJson(res, 200), { message: "Two-factor sign-in disabled" });
  assert.equal(await auditCount("TWO_FACTOR_DISABLE", user.id), 1);
  assert.equal(await auditCount("TWO_FACTOR_ENABLE", user.id), 1);
  const [row] = await db.query<{ totp_secret: string | null; totp_enabled: boolean }>(
    "select totp_secret, totp_enabled from users where id = $1",
    [user.id],
  );
  assert.deepEqual(row, { totp_secret: null, totp_enabled: false });
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from user_recovery_codes where user_id = $1",
    [user.id],
  );
  assert.equal(n, 0);

  const one = await passwordStep(user);
  assert.equal((await expectJson(one, 200)).id, user.id);
  assert.ok(cookieOf(one, SESSION_COOKIE));
});

Deno.test(`${tag} the two-factor endpoints answer 401 signed out`, async () => {
  const anon = sessionRequest(t, "");
  for (
    const [method, path, json] of [
      ["POST", "/api/auth/2fa/setup", undefined],
      ["POST", "/api/auth/2fa/enable", { code: "123456" }],
      ["POST", "/api/auth/2fa/disable", { password: "x" }],
      ["GET", "/api/auth/2fa", undefined],
    ] as const
  ) {
    assert.deepEqual(withoutCode(await expectJson(await anon(path, { method, json }), 401)), {
      message: "Unauthorized",
    }, path);
  }
});

// ---------------------------------------------------------------------------------------------
// One-time codes, atomic throttling of codes and passwords, a key of its own

const pendingCookie = async (user: TestUser) => cookieOf(await passwordStep(user), "twofactor")!.split(";")[0];

Deno.test(`${tag} a TOTP code signs in once: replaying it (or the enrolment code) in its window is 401`, async () => {
  const user = await createUser(t.db, "purchase_team");
  const { key } = await enrol(await signIn(t, user));
  // The code that confirmed enrolment is used up.
  await expectError(await codeStep(await pendingCookie(user), totp(key)), 401, "auth.invalidCode");
  const code = nextCode(key);
  await expectJson(await codeStep(await pendingCookie(user), code), 200);
  const replay = await codeStep(await pendingCookie(user), code);
  await expectError(replay, 401, "auth.invalidCode");
  assert.equal(cookieOf(replay, SESSION_COOKIE), undefined);
});

Deno.test(`${tag} one TOTP code sent twice in parallel signs in once`, async () => {
  const user = await createUser(t.db, "procurement_manager");
  const { key } = await enrol(await signIn(t, user));
  const [a, b] = [await pendingCookie(user), await pendingCookie(user)];
  const code = nextCode(key);
  const answers = await Promise.all([codeStep(a, code), codeStep(b, code)]);
  const statuses = answers.map((r) => r.status).sort();
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assert.deepEqual(statuses, [200, 401]);
});

Deno.test(`${tag} POST /api/auth/login/2fa: 100 parallel wrong codes evaluate at most 5, then the right code is refused (429)`, async () => {
  const user = await createUser(t.db, "cost_finance_controller");
  const { key } = await enrol(await signIn(t, user));
  const pending = await pendingCookie(user);
  const answers = await Promise.all(Array.from({ length: 100 }, () => codeStep(pending, wrongCode(key))));
  const statuses = answers.map((r) => r.status);
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assert.equal(statuses.filter((s) => s === 401).length, 5, statuses.join(","));
  assert.equal(statuses.filter((s) => s === 429).length, 95);
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from audit_logs where action = 'LOGIN_FAILED' and user_id = $1",
    [user.id],
  );
  assert.equal(n, 5, "five codes checked and audited");
  await expectError(await codeStep(pending, nextCode(key)), 429, "auth.tooManyAttempts");
});

Deno.test(`${tag} POST /api/auth/2fa/disable: 100 parallel wrong passwords evaluate at most 5, then even the right one is 429`, async () => {
  const user = await createUser(t.db, "purchase_team");
  const s = await signIn(t, user);
  await enrol(s);
  const answers = await Promise.all(
    Array.from(
      { length: 100 },
      (_, i) => s.request("/api/auth/2fa/disable", { method: "POST", json: { password: `wrong-${i}` } }),
    ),
  );
  const statuses = answers.map((r) => r.status);
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assert.equal(statuses.filter((x) => x === 400).length, 5, statuses.join(","));
  assert.equal(statuses.filter((x) => x === 429).length, 95);
  await expectError(
    await s.request("/api/auth/2fa/disable", { method: "POST", json: { password: TEST_PASSWORD } }),
    429,
    "auth.tooManyPasswordAttempts",
  );
  assert.deepEqual(await expectJson(await s.request("/api/auth/2fa"), 200), { enabled: true, recoveryCodesLeft: 10 });
});

Deno.test(`${tag} PUT /api/users/:id/change-password: 100 parallel wrong current passwords evaluate at most 5`, async () => {
  const s = await signIn(t, await createUser(t.db, "purchase_team"));
  const answers = await Promise.all(
    Array.from({ length: 100 }, (_, i) =>
      s.request(`/api/users/${s.user.id}/change-password`, {
        method: "PUT",
        json: { currentPassword: `wrong-${i}`, newPassword: "new-pass-123", confirmPassword: "new-pass-123" },
      })),
  );
  const statuses = answers.map((r) => r.status);
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assert.equal(statuses.filter((x) => x === 400).length, 5, statuses.join(","));
  assert.equal(statuses.filter((x) => x === 429).length, 95);
  const right = await s.request(`/api/users/${s.user.id}/change-password`, {
    method: "PUT",
    json: { currentPassword: TEST_PASSWORD, newPassword: "new-pass-123", confirmPassword: "new-pass-123" },
  });
  await expectError(right, 429, "auth.tooManyPasswordAttempts");
});

Deno.test(`${tag} the TOTP secret is sealed with its own derived key, not the sealed-bid key; old secrets still work and are resealed`, async () => {
  const user = await createUser(t.db, "purchase_team");
  const s = await signIn(t, user);
  const { key } = await enrol(s);
  const [row] = await db.query<{ totp_secret: string }>("select totp_secret from users where id = $1", [user.id]);
  const context = `totp:${user.id}`;
  const master = testMasterKey();
  const opens = (k: Uint8Array) => decryptText(k, row.totp_secret, context).then(() => true, () => false);
  assert.equal(await opens(deriveKey(master, "totp-secrets")), true, "the two-factor key opens it");
  assert.equal(await opens(deriveKey(master, "sealed-bids")), false, "the sealed-bid key does not");
  assert.equal(await opens(master), false, "the master key itself does not");

  // A secret sealed before keys were derived (with the master key, as sealed bids were) still
  // signs in, and is then resealed with the two-factor key.
  const legacy = await encryptText(master, btoa(String.fromCharCode(...key)), context);
  await db.query("update users set totp_secret = $2 where id = $1", [user.id, legacy]);
  await expectJson(await codeStep(await pendingCookie(user), nextCode(key)), 200);
  const [after] = await db.query<{ totp_secret: string }>("select totp_secret from users where id = $1", [user.id]);
  assert.notEqual(after.totp_secret, legacy);
  await decryptText(deriveKey(master, "totp-secrets"), after.totp_secret, context);
});

/**
 * Limits on the unauthenticated writes: per-address request budgets with
 * 429 + Retry-After, throttled token guesses on set-password (checked before any password hash),
 * one audit row per throttling window, and small body caps.
 */
import assert from "node:assert/strict";
import { hashingStats } from "../../src/auth/password.ts";
import { sha256Hex } from "../../src/lib/crypto.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { createUser, TEST_PASSWORD } from "../helpers/users.ts";

const tag = `[public-limits/${testBackend()}]`;
const t = await testApp({ env: { TRUST_PROXY: "true" } });
const { db } = t;
Deno.test.afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.77.${++ipCounter >> 8}.${ipCounter & 255}`;

function post(target: typeof t, path: string, body: unknown, ip = freshIp()) {
  return target.app.request(path, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": ip },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** An approved vendor with a valid set-password token. */
async function vendorWithToken() {
  const vendor = await createUser(db, "vendor");
  await db.query("update users set password_hash = null where id = $1", [vendor.id]);
  const token = crypto.randomUUID() + crypto.randomUUID();
  await db.query(
    `insert into user_tokens (user_id, purpose, token_hash, expires_at)
     values ($1, 'set_password', $2, now() + interval '1 hour')`,
    [vendor.id, await sha256Hex(token)],
  );
  return { vendor, token };
}

const throttledRows = async (where = "true", params: unknown[] = []) =>
  (await db.query<{ n: number }>(
    `select count(*)::int as n from audit_logs where action = 'LOGIN_THROTTLED' and ${where}`,
    params,
  ))[0].n;

Deno.test(`${tag} POST /api/auth/set-password: 100 parallel unknown tokens from one address evaluate at most 10; other addresses unaffected`, async () => {
  const ip = freshIp();
  const answers = await Promise.all(
    Array.from(
      { length: 100 },
      (_, i) =>
        post(t, "/api/auth/set-password", { token: `guess-${i}-${"g".repeat(30)}`, password: "new-pass-1" }, ip),
    ),
  );
  const statuses = answers.map((r) => r.status);
  await Promise.all(answers.map((r) => r.body?.cancel()));
  assert.equal(statuses.filter((s) => s === 400).length, 10, statuses.join(","));
  assert.equal(statuses.filter((s) => s === 429).length, 90);
  const { vendor, token } = await vendorWithToken();
  await expectError(await post(t, "/api/auth/set-password", { token, password: "new-pass-1" }, ip), 429);
  await expectJson(await post(t, "/api/auth/set-password", { token, password: "new-pass-1" }), 200);
  const [row] = await db.query<{ password_hash: string | null }>("select password_hash from users where id = $1", [
    vendor.id,
  ]);
  assert.ok(row.password_hash);
});

Deno.test(`${tag} POST /api/auth/set-password looks the token up before hashing: unknown tokens compute no hash`, async () => {
  const ip = freshIp();
  // Warm the dummy hash used for unknown accounts elsewhere, so only this test's work is counted.
  await (await post(t, "/api/auth/set-password", { token: "w".repeat(40), password: "new-pass-1" }, freshIp())).text();
  const before = hashingStats.hashes;
  for (let i = 0; i < 8; i++) {
    const res = await post(t, "/api/auth/set-password", { token: `${"u".repeat(40)}${i}`, password: "new-pass-1" }, ip);
    await expectError(res, 400);
  }
  assert.equal(hashingStats.hashes - before, 0, "no password was hashed for an unknown token");
  // Positive control: a real token does hash its new password.
  const { token } = await vendorWithToken();
  await expectJson(await post(t, "/api/auth/set-password", { token, password: "new-pass-1" }, freshIp()), 200);
  assert.equal(hashingStats.hashes - before, 1);
});

Deno.test(`${tag} per-address request limits on sign-in and set-password: 429 with Retry-After, one audit row per window`, async () => {
  const limited = await testApp({
    db,
    env: { TRUST_PROXY: "true", RATE_LIMIT_SIGN_INS_PER_MINUTE: "3", RATE_LIMIT_SET_PASSWORD_PER_MINUTE: "2" },
  });
  const user = await createUser(db, "purchase_team");
  const ip = freshIp();
  const before = await throttledRows("metadata->>'scope' = 'sign-in'");
  for (let i = 0; i < 3; i++) {
    await expectJson(await post(limited, "/api/auth/login", { email: user.email, password: TEST_PASSWORD }, ip), 200);
  }
  for (let i = 0; i < 10; i++) {
    const res = await post(limited, "/api/auth/login", { email: user.email, password: TEST_PASSWORD }, ip);
    await expectError(res, 429, "auth.rateLimited");
    const retry = Number(res.headers.get("retry-after"));
    assert.ok(retry > 0 && retry <= 60, `Retry-After ${retry}`);
  }
  await expectError(await post(limited, "/api/admin/login", { username: "whoever", password: "x" }, ip), 429);
  assert.equal(await throttledRows("metadata->>'scope' = 'sign-in'") - before, 1, "one row for the window");
  await expectJson(await post(limited, "/api/auth/login", { email: user.email, password: TEST_PASSWORD }), 200);

  const { token } = await vendorWithToken();
  const sp = freshIp();
  for (let i = 0; i < 2; i++) {
    await expectError(
      await post(limited, "/api/auth/set-password", { token: "z".repeat(40), password: "abcdef" }, sp),
      400,
    );
  }
  const refused = await post(limited, "/api/auth/set-password", { token, password: "abcdef1" }, sp);
  await expectError(refused, 429, "auth.rateLimited");
  assert.ok(Number(refused.headers.get("retry-after")) > 0);
});

Deno.test(`${tag} repeated throttled sign-ins write one LOGIN_THROTTLED row per lock, not one per request`, async () => {
  const user = await createUser(db, "procurement_manager");
  const ip = freshIp();
  for (let i = 0; i < 5; i++) {
    await expectError(await post(t, "/api/auth/login", { email: user.email, password: `wrong-${i}` }, ip), 401);
  }
  for (let i = 0; i < 25; i++) {
    await expectError(await post(t, "/api/auth/login", { email: user.email, password: `wrong-${i}` }, ip), 429);
  }
  assert.equal(await throttledRows("user_id = $1", [user.id]), 1);
});

Deno.test(`${tag} public JSON bodies over 16 KB are refused with 413 before anything else`, async () => {
  const big = "x".repeat(20 * 1024);
  const cases: [string, unknown][] = [
    ["/api/auth/login", { email: "a@b.example", password: big }],
    ["/api/admin/login", { username: "admin", password: big }],
    ["/api/auth/login/2fa", { code: big }],
    ["/api/auth/set-password", { token: big, password: big }],
    ["/api/auth/logout", { pad: big }],
  ];
  for (const [path, body] of cases) {
    await expectError(await post(t, path, body), 413, "generic.payloadTooLarge");
  }
  // A 5 MB sign-in body, as an attacker would send.
  await expectError(
    await post(t, "/api/auth/login", `{"email":"a@b.example","password":"${"y".repeat(5_000_000)}"}`),
    413,
  );
});

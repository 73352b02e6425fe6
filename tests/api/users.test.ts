/** User management by administrators: Last Login, admin stats, forced password change. */
import assert from "node:assert/strict";
import { ACCESS, type Access } from "../../src/auth/guard.ts";
import { verifyPassword } from "../../src/auth/password.ts";
import { SESSION_COOKIE } from "../../src/auth/session.ts";
import { expectJson, testApp, withoutCode } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createUser, type Session, sessionRequest, signIn, TEST_PASSWORD } from "../helpers/users.ts";
import type { RoleName } from "../../src/shared/roles.ts";
import type { Db } from "../../src/db/types.ts";

const tag = `[users/${testBackend()}]`;
const t = await testApp();
const { app, db } = t;
Deno.test.afterAll(() => t.close());

const admin = await as(t, "admin");
const NON_ADMINS: RoleName[] = ["purchase_team", "procurement_manager", "cost_finance_controller", "vendor"];
const others = Object.fromEntries(await Promise.all(NON_ADMINS.map(async (r) => [r, await as(t, r)]))) as Record<
  RoleName,
  Session
>;
/** Every password this file sends, checked against the audit trail at the end. */
const passwordsUsed = new Set<string>([TEST_PASSWORD]);

interface UserBody {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  isActive: boolean;
  mustChangePassword: boolean;
  lastLoginAt: string | null;
  role: { id: number; name: string; displayName: string };
}

async function row(id: number) {
  const [r] = await db.query<
    {
      first_name: string;
      last_name: string;
      email: string;
      password_hash: string;
      must_change_password: boolean;
      token_version: number;
      is_active: boolean;
      role_id: number;
    }
  >("select * from users where id = $1", [id]);
  return r;
}

const count = async (sql: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0].n;

async function lastAudit(action: string, entityId: number) {
  const rows = await db.query<{ user_id: number; metadata: Record<string, unknown>; entity_type: string }>(
    "select user_id, metadata, entity_type from audit_logs where action = $1 and entity_id = $2 order by id",
    [action, String(entityId)],
  );
  return rows;
}

async function login(email: string, password: string) {
  return await app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
}

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    firstName: "Nora",
    lastName: "Nilsen",
    email: `nora.${crypto.randomUUID().slice(0, 8)}@test.example`,
    password: "initial-pass-1",
    roleId: 2,
    ...overrides,
  };
}

// Every endpoint of the feature, with a body that would be valid for an admin.
const ENDPOINTS: { method: string; path: (id: number) => string; json?: unknown; permission: string }[] = [
  { method: "GET", path: () => "/api/admin/users", permission: "users.view" },
  { method: "GET", path: () => "/api/roles", permission: "users.view" },
  { method: "GET", path: () => "/api/admin/stats", permission: "users.view" },
  { method: "POST", path: () => "/api/admin/users", json: newUser(), permission: "users.create" },
  {
    method: "PUT",
    path: (id) => `/api/admin/users/${id}`,
    json: { firstName: "X", lastName: "Y", email: "x.y@test.example" },
    permission: "users.edit",
  },
  { method: "PUT", path: (id) => `/api/admin/users/${id}/role`, json: { roleId: 3 }, permission: "users.edit" },
  { method: "PUT", path: (id) => `/api/admin/users/${id}/status`, json: { isActive: false }, permission: "users.edit" },
  { method: "POST", path: (id) => `/api/admin/users/${id}/reset-password`, permission: "users.reset_password" },
];

// ---------------------------------------------------------------------------------------------

Deno.test(`${tag} every user-management endpoint answers 401 signed out and 403 {requiredPermission} to each non-admin role, changing nothing`, async () => {
  const target = await createUser(db, "purchase_team");
  const before = await row(target.id);
  const usersBefore = await count("users");
  const auditBefore = await count("audit_logs");
  for (const e of ENDPOINTS) {
    const init = { method: e.method, json: e.json };
    const anon = await sessionRequest(t, "")(e.path(target.id), init);
    assert.deepEqual(
      withoutCode(await expectJson(anon, 401)),
      { message: "Unauthorized" },
      `${e.method} ${e.path(0)} signed out`,
    );
    for (const role of NON_ADMINS) {
      const res = await others[role].request(e.path(target.id), init);
      const body = await expectJson(res, 403);
      assert.equal(body.requiredPermission, e.permission, `${e.method} ${e.path(0)} as ${role}`);
      assert.equal(typeof body.message, "string");
    }
  }
  assert.deepEqual(await row(target.id), before);
  assert.equal(await count("users"), usersBefore);
  assert.equal(await count("audit_logs"), auditBefore, "a refused request writes nothing");
});

Deno.test(`${tag} GET /api/admin/users lists users with role, Last Login and X-Total-Count; filters by q and roleId`, async () => {
  const u = await createUser(db, "cost_finance_controller", {
    email: `findme.${crypto.randomUUID().slice(0, 6)}@test.example`,
  });
  let res = await admin.request("/api/admin/users");
  let list = await expectJson<UserBody[]>(res, 200);
  assert.equal(Number(res.headers.get("x-total-count")), await count("users"));
  assert.equal(list.length, await count("users"));
  let mine = list.find((x) => x.id === u.id)!;
  assert.equal(mine.lastLoginAt, null, "never signed in");
  assert.deepEqual(mine.role, { id: 4, name: "cost_finance_controller", displayName: "Cost/Finance Controller" });
  for (const item of list) {
    const text = JSON.stringify(item);
    assert.ok(!/argon2|passwordHash|password_hash|totpSecret|totp_secret/.test(text), `no secrets: ${text}`);
  }

  await signIn(t, u);
  list = await expectJson<UserBody[]>(await admin.request("/api/admin/users"), 200);
  mine = list.find((x) => x.id === u.id)!;
  assert.ok(mine.lastLoginAt, "Last Login set after sign-in");
  assert.ok(Math.abs(new Date(mine.lastLoginAt).getTime() - Date.now()) < 60_000, mine.lastLoginAt);

  res = await admin.request(`/api/admin/users?q=${encodeURIComponent(u.email.slice(0, 12))}`);
  list = await expectJson<UserBody[]>(res, 200);
  assert.deepEqual(list.map((x) => x.id), [u.id]);
  assert.equal(res.headers.get("x-total-count"), "1");

  res = await admin.request("/api/admin/users?roleId=4&limit=1");
  list = await expectJson<UserBody[]>(res, 200);
  assert.equal(list.length, 1);
  assert.equal(list[0].role.id, 4);
  assert.equal(Number(res.headers.get("x-total-count")), await count("users where role_id = 4"));
});

Deno.test(`${tag} GET /api/roles lists the five roles`, async () => {
  assert.deepEqual(await expectJson(await admin.request("/api/roles"), 200), [
    { id: 1, name: "admin", displayName: "Administrator" },
    { id: 2, name: "purchase_team", displayName: "Purchase Team" },
    { id: 3, name: "procurement_manager", displayName: "Procurement Manager" },
    { id: 4, name: "cost_finance_controller", displayName: "Cost/Finance Controller" },
    { id: 5, name: "vendor", displayName: "Vendor" },
  ]);
});

Deno.test(`${tag} GET /api/admin/stats counts total users, active users and pending vendors from live data`, async () => {
  const stats = async () => await expectJson(await admin.request("/api/admin/stats"), 200);
  const s0 = await stats();
  assert.deepEqual(s0, {
    totalUsers: await count("users"),
    activeUsers: await count("users where is_active"),
    pendingVendors: await count("vendor_profiles where status = 'pending'"),
  });
  await createUser(db, "vendor", { vendorStatus: "pending" });
  await createUser(db, "purchase_team", { active: false });
  await createUser(db, "vendor", { vendorStatus: "rejected" });
  const s1 = await stats();
  assert.deepEqual(s1, {
    totalUsers: (s0.totalUsers as number) + 3,
    activeUsers: (s0.activeUsers as number) + 2,
    pendingVendors: (s0.pendingVendors as number) + 1,
  });
});

Deno.test(`${tag} POST /api/admin/users creates a staff user who must change the password at first sign-in; CREATE audited`, async () => {
  const input = newUser({ email: `  Mixed.Case.${crypto.randomUUID().slice(0, 6)}@Test.Example `, roleId: 3 });
  passwordsUsed.add(input.password as string);
  const res = await admin.request("/api/admin/users", { method: "POST", json: input });
  const body = await expectJson<UserBody>(res, 201);
  const email = (input.email as string).trim().toLowerCase();
  assert.equal(body.email, email);
  assert.equal(body.firstName, "Nora");
  assert.equal(body.lastName, "Nilsen");
  assert.equal(body.isActive, true);
  assert.equal(body.mustChangePassword, true);
  assert.equal(body.lastLoginAt, null);
  assert.deepEqual(body.role, { id: 3, name: "procurement_manager", displayName: "Procurement Manager" });
  assert.ok(!JSON.stringify(body).includes(input.password as string));

  const r = await row(body.id);
  assert.equal(r.role_id, 3);
  assert.ok(await verifyPassword(r.password_hash, input.password as string), "argon2 hash of the given password");
  assert.match(r.password_hash, /^\$argon2id\$/);

  const [a] = await lastAudit("CREATE", body.id);
  assert.equal(a.user_id, admin.user.id);
  assert.equal(a.entity_type, "user");
  assert.deepEqual(a.metadata, { firstName: "Nora", lastName: "Nilsen", email, roleId: 3 });

  const signedIn = await expectJson(await login(email, input.password as string), 200);
  assert.equal(signedIn.mustChangePassword, true);
});

Deno.test(`${tag} POST /api/admin/users validation messages, vendor role refused, nothing inserted`, async () => {
  const before = await count("users");
  const cases: [Record<string, unknown>, string][] = [
    [{ firstName: undefined }, "First name is required"],
    [{ firstName: "   " }, "First name is required"],
    [{ lastName: "" }, "Last name is required"],
    [{ email: "not-an-email" }, "Valid email is required"],
    [{ email: undefined }, "Valid email is required"],
    [{ password: "12345" }, "Password must be at least 6 characters"],
    [{ password: undefined }, "Password must be at least 6 characters"],
    [{ roleId: undefined }, "Role is required"],
    [{ roleId: 0 }, "Role is required"],
    [{ roleId: 6 }, "Role is required"],
    [{ roleId: "abc" }, "Role is required"],
  ];
  for (const [override, message] of cases) {
    const res = await admin.request("/api/admin/users", { method: "POST", json: newUser(override) });
    const body = await expectJson(res, 400);
    assert.equal(body.message, message, JSON.stringify(override));
  }
  const vendor = await expectJson(
    await admin.request("/api/admin/users", { method: "POST", json: newUser({ roleId: 5 }) }),
    400,
  );
  assert.equal(vendor.message, "Vendor accounts are created through vendor registration");
  assert.equal(await count("users"), before);
});

Deno.test(`${tag} POST /api/admin/users with a taken email (any case) answers 409 and inserts nothing`, async () => {
  const existing = await createUser(db, "purchase_team");
  const before = await count("users");
  const auditBefore = await count("audit_logs");
  const res = await admin.request("/api/admin/users", {
    method: "POST",
    json: newUser({ email: existing.email.toUpperCase() }),
  });
  assert.deepEqual(withoutCode(await expectJson(res, 409)), { message: "A user with this email already exists" });
  assert.equal(await count("users"), before);
  assert.equal(await count("audit_logs"), auditBefore);
});

Deno.test(`${tag} PUT /api/admin/users/:id edits name and email; blank newPassword keeps the hash; UPDATE audited with before/after`, async () => {
  const u = await createUser(db, "purchase_team");
  const before = await row(u.id);
  const email = `renamed.${u.id}@test.example`;
  const res = await admin.request(`/api/admin/users/${u.id}`, {
    method: "PUT",
    json: { firstName: "Renamed", lastName: "Person", email: email.toUpperCase(), newPassword: "" },
  });
  const body = await expectJson<UserBody>(res, 200);
  assert.equal(body.firstName, "Renamed");
  assert.equal(body.email, email);
  const after = await row(u.id);
  assert.equal(after.password_hash, before.password_hash, "blank newPassword leaves the hash");
  assert.equal(after.must_change_password, false);
  assert.equal(after.token_version, before.token_version, "sessions stay");
  assert.deepEqual([after.first_name, after.last_name, after.email], ["Renamed", "Person", email]);

  const [a] = await lastAudit("UPDATE", u.id);
  assert.equal(a.user_id, admin.user.id);
  const changes = a.metadata.changes as Record<string, { from: unknown; to: unknown }>;
  assert.deepEqual(changes.firstName, { from: "Test", to: "Renamed" });
  assert.deepEqual(changes.lastName, { from: "purchase_team", to: "Person" });
  assert.deepEqual(changes.email, { from: u.email, to: email });

  // Omitted newPassword: same.
  await expectJson(
    await admin.request(`/api/admin/users/${u.id}`, {
      method: "PUT",
      json: { firstName: "Again", lastName: "Person", email },
    }),
    200,
  );
  assert.equal((await row(u.id)).password_hash, before.password_hash);
});

Deno.test(`${tag} PUT /api/admin/users/:id with newPassword changes the hash, forces a change and ends the user's sessions`, async () => {
  const u = await createUser(db, "procurement_manager");
  const session = await signIn(t, u);
  const before = await row(u.id);
  passwordsUsed.add("admin-chosen-1");
  await expectJson(
    await admin.request(`/api/admin/users/${u.id}`, {
      method: "PUT",
      json: { firstName: "Test", lastName: "procurement_manager", email: u.email, newPassword: "admin-chosen-1" },
    }),
    200,
  );
  const after = await row(u.id);
  assert.notEqual(after.password_hash, before.password_hash);
  assert.ok(await verifyPassword(after.password_hash, "admin-chosen-1"));
  assert.equal(after.must_change_password, true);
  assert.equal(after.token_version, before.token_version + 1);
  await expectJson(await session.request("/api/auth/user"), 401);
  await expectJson(await login(u.email, TEST_PASSWORD), 401);
  assert.equal((await expectJson(await login(u.email, "admin-chosen-1"), 200)).mustChangePassword, true);
  const [a] = await lastAudit("UPDATE", u.id);
  assert.ok(!JSON.stringify(a.metadata).includes("admin-chosen-1"));
});

Deno.test(`${tag} PUT /api/admin/users/:id validation messages, 409 on a taken email, 404 for an unknown id; nothing changed`, async () => {
  const u = await createUser(db, "purchase_team");
  const other = await createUser(db, "purchase_team");
  const before = await row(u.id);
  const valid = { firstName: "A", lastName: "B", email: `ok.${u.id}@test.example` };
  const cases: [Record<string, unknown>, string][] = [
    [{ firstName: "" }, "First name is required"],
    [{ lastName: " " }, "Last name is required"],
    [{ email: "nope" }, "Valid email is required"],
    [{ newPassword: "short" }, "Password must be at least 6 characters"],
  ];
  for (const [override, message] of cases) {
    const res = await admin.request(`/api/admin/users/${u.id}`, { method: "PUT", json: { ...valid, ...override } });
    assert.equal((await expectJson(res, 400)).message, message, JSON.stringify(override));
  }
  const dup = await admin.request(`/api/admin/users/${u.id}`, {
    method: "PUT",
    json: { ...valid, email: other.email.toUpperCase() },
  });
  assert.deepEqual(withoutCode(await expectJson(dup, 409)), { message: "A user with this email already exists" });
  assert.deepEqual(await row(u.id), before);
  assert.equal((await lastAudit("UPDATE", u.id)).length, 0);

  // Keeping one's own email is not a conflict.
  await expectJson(
    await admin.request(`/api/admin/users/${u.id}`, { method: "PUT", json: { ...valid, email: u.email } }),
    200,
  );

  for (const e of ENDPOINTS.filter((e) => e.path(1).includes("/1"))) {
    const res = await admin.request(e.path(999999), { method: e.method, json: e.json });
    assert.deepEqual(
      withoutCode(await expectJson(res, 404)),
      { message: "User not found" },
      `${e.method} ${e.path(0)}`,
    );
  }
});

Deno.test(`${tag} PUT /api/admin/users/:id/role changes the role, ends sessions, ROLE_CHANGE audited; vendor and validation refused`, async () => {
  const u = await createUser(db, "purchase_team");
  const session = await signIn(t, u);
  const before = await row(u.id);
  const body = await expectJson<UserBody>(
    await admin.request(`/api/admin/users/${u.id}/role`, { method: "PUT", json: { roleId: 4 } }),
    200,
  );
  assert.deepEqual(body.role, { id: 4, name: "cost_finance_controller", displayName: "Cost/Finance Controller" });
  const after = await row(u.id);
  assert.equal(after.role_id, 4);
  assert.equal(after.token_version, before.token_version + 1);
  await expectJson(await session.request("/api/auth/user"), 401);
  const [a] = await lastAudit("ROLE_CHANGE", u.id);
  assert.deepEqual(a.metadata, { changes: { roleId: { from: 2, to: 4 } } });
  assert.equal(a.user_id, admin.user.id);

  // Same role: no change, no audit, sessions kept.
  const again = await signIn(t, u);
  await expectJson(await admin.request(`/api/admin/users/${u.id}/role`, { method: "PUT", json: { roleId: 4 } }), 200);
  assert.equal((await lastAudit("ROLE_CHANGE", u.id)).length, 1);
  await expectJson(await again.request("/api/auth/user"), 200);

  for (const json of [{}, { roleId: 0 }, { roleId: 9 }, { roleId: "x" }]) {
    const res = await admin.request(`/api/admin/users/${u.id}/role`, { method: "PUT", json });
    assert.equal((await expectJson(res, 400)).message, "Role is required", JSON.stringify(json));
  }
  const toVendor = await admin.request(`/api/admin/users/${u.id}/role`, { method: "PUT", json: { roleId: 5 } });
  assert.equal((await expectJson(toVendor, 409)).message, "Vendor accounts cannot change to or from a staff role");
  const v = await createUser(db, "vendor");
  const fromVendor = await admin.request(`/api/admin/users/${v.id}/role`, { method: "PUT", json: { roleId: 2 } });
  assert.equal((await expectJson(fromVendor, 409)).message, "Vendor accounts cannot change to or from a staff role");
  assert.equal((await row(u.id)).role_id, 4);
  assert.equal((await row(v.id)).role_id, 5);
});

Deno.test(`${tag} PUT /api/admin/users/:id/status deactivates (ending sessions) and reactivates; STATUS_CHANGE audited`, async () => {
  const u = await createUser(db, "procurement_manager");
  const session = await signIn(t, u);
  const v0 = (await row(u.id)).token_version;
  const off = await expectJson<UserBody>(
    await admin.request(`/api/admin/users/${u.id}/status`, { method: "PUT", json: { isActive: false } }),
    200,
  );
  assert.equal(off.isActive, false);
  assert.equal((await row(u.id)).is_active, false);
  assert.equal((await row(u.id)).token_version, v0 + 1);
  await expectJson(await session.request("/api/auth/user"), 401);
  // The right password of a deactivated account is told so; no session either way.
  assert.equal((await expectJson(await login(u.email, TEST_PASSWORD), 403)).code, "auth.accountDeactivated");

  const on = await expectJson<UserBody>(
    await admin.request(`/api/admin/users/${u.id}/status`, { method: "PUT", json: { isActive: true } }),
    200,
  );
  assert.equal(on.isActive, true);
  assert.equal((await row(u.id)).token_version, v0 + 1, "activation does not bump the version");
  await expectJson(await login(u.email, TEST_PASSWORD), 200);

  const audits = await lastAudit("STATUS_CHANGE", u.id);
  assert.deepEqual(audits.map((a) => a.metadata), [
    { changes: { isActive: { from: true, to: false } } },
    { changes: { isActive: { from: false, to: true } } },
  ]);

  // Same status: nothing happens.
  await expectJson(
    await admin.request(`/api/admin/users/${u.id}/status`, { method: "PUT", json: { isActive: true } }),
    200,
  );
  assert.equal((await lastAudit("STATUS_CHANGE", u.id)).length, 2);

  for (const json of [{}, { isActive: "false" }, { isActive: 0 }]) {
    const res = await admin.request(`/api/admin/users/${u.id}/status`, { method: "PUT", json });
    assert.equal((await expectJson(res, 400)).message, "isActive must be true or false", JSON.stringify(json));
  }
});

Deno.test(`${tag} an admin cannot deactivate or demote themself (409); with two admins one can deactivate the other`, async () => {
  const me = await as(t, "admin");
  const before = await row(me.user.id);
  const deact = await me.request(`/api/admin/users/${me.user.id}/status`, { method: "PUT", json: { isActive: false } });
  assert.deepEqual(withoutCode(await expectJson(deact, 409)), { message: "You cannot deactivate your own account" });
  const demote = await me.request(`/api/admin/users/${me.user.id}/role`, { method: "PUT", json: { roleId: 2 } });
  assert.deepEqual(withoutCode(await expectJson(demote, 409)), {
    message: "You cannot change your own administrator role",
  });
  assert.deepEqual(await row(me.user.id), before);
  await expectJson(await me.request("/api/auth/user"), 200);

  const second = await as(t, "admin");
  await expectJson(
    await me.request(`/api/admin/users/${second.user.id}/status`, { method: "PUT", json: { isActive: false } }),
    200,
  );
  await expectJson(await second.request("/api/auth/user"), 401);
  await expectJson(
    await me.request(`/api/admin/users/${second.user.id}/status`, { method: "PUT", json: { isActive: true } }),
    200,
  );
  const third = await signIn(t, second.user);
  await expectJson(
    await me.request(`/api/admin/users/${second.user.id}/role`, { method: "PUT", json: { roleId: 2 } }),
    200,
  );
  await expectJson(await third.request("/api/auth/user"), 401);
  assert.equal((await row(second.user.id)).role_id, 2);
});

Deno.test(`${tag} an admin who stopped being one meanwhile is refused (403) and nothing changes`, async () => {
  // Two admins acting on each other at the same moment: make the moment certain. Just before the
  // handler locks the active admins, the caller stops being one (as if the other admin's request had
  // committed first), inside the same transaction. The handler re-checks the caller under the lock,
  // so the last active admin is never removed and a just-demoted admin can no longer act.
  for (
    const [path, json, message, leave] of [
      ["status", { isActive: false }, "You are no longer an active administrator", "is_active = false"],
      ["role", { roleId: 2 }, "You are no longer an active administrator", "role_id = 2"],
    ] as const
  ) {
    const a = await as(t, "admin");
    const b = await createUser(db, "admin");
    const onlyB = `update users set ${leave} where role_id = 1 and is_active and id <> ${b.id}`;
    const hooked: Db = {
      ...db,
      tx: (fn) =>
        db.tx((tx) =>
          fn({
            ...tx,
            query: async (text, params) => {
              if (/from users where role_id = 1 and is_active .*for update/s.test(text)) await tx.query(onlyB);
              return await tx.query(text, params);
            },
          })
        ),
    };
    const racing = await testApp({ db: hooked });
    const before = await row(b.id);
    const res = await sessionRequest(racing, a.cookie)(`/api/admin/users/${b.id}/${path}`, { method: "PUT", json });
    assert.deepEqual(withoutCode(await expectJson(res, 403)), { message }, path);
    assert.deepEqual(await row(b.id), before, "the last admin is untouched");
    assert.equal((await lastAudit(path === "status" ? "STATUS_CHANGE" : "ROLE_CHANGE", b.id)).length, 0);
    assert.ok(await count("users where role_id = 1 and is_active") >= 2, "the whole transaction rolled back");
  }
});

Deno.test(`${tag} two admins removing each other at the same time leave exactly one active admin`, async () => {
  for (const [path, json] of [["status", { isActive: false }], ["role", { roleId: 2 }]] as const) {
    const a = await as(t, "admin");
    const b = await as(t, "admin");
    // Only these two admins are active for the race.
    await db.query("update users set is_active = false where role_id = 1 and id not in ($1, $2)", [
      a.user.id,
      b.user.id,
    ]);
    const [ra, rb] = await Promise.all([
      a.request(`/api/admin/users/${b.user.id}/${path}`, { method: "PUT", json }),
      b.request(`/api/admin/users/${a.user.id}/${path}`, { method: "PUT", json }),
    ]);
    const statuses = [ra.status, rb.status].sort();
    await ra.body?.cancel();
    await rb.body?.cancel();
    // The loser was either already signed out by the winner (401) or is no longer an admin (403).
    assert.equal(statuses[0], 200, String(statuses));
    assert.ok(statuses[1] === 401 || statuses[1] === 403, String(statuses));
    assert.equal(await count("users where role_id = 1 and is_active"), 1);
  }
  // Give the file's admin back for the tests that follow.
  await db.query("update users set is_active = true where id = $1", [admin.user.id]);
  await expectJson(await admin.request("/api/auth/user"), 200);
});

Deno.test(`${tag} POST /api/admin/users/:id/reset-password gives a random 12-character temporary password, shown once`, async () => {
  const u = await createUser(db, "purchase_team");
  const session = await signIn(t, u);
  const r1 = await admin.request(`/api/admin/users/${u.id}/reset-password`, { method: "POST" });
  const { temporaryPassword: p1 } = await expectJson<{ temporaryPassword: string }>(r1, 200);
  assert.equal(r1.headers.get("cache-control"), "no-store");
  const r2 = await admin.request(`/api/admin/users/${u.id}/reset-password`, { method: "POST" });
  const { temporaryPassword: p2 } = await expectJson<{ temporaryPassword: string }>(r2, 200);
  passwordsUsed.add(p1).add(p2);
  for (const p of [p1, p2]) assert.match(p, /^[A-Za-z0-9]{12}$/);
  assert.notEqual(p1, p2);
  const r = await row(u.id);
  assert.equal(r.must_change_password, true);
  assert.ok(await verifyPassword(r.password_hash, p2));
  await expectJson(await session.request("/api/auth/user"), 401);
  await expectJson(await login(u.email, TEST_PASSWORD), 401);
  await expectJson(await login(u.email, p1), 401);
  const body = await expectJson(await login(u.email, p2), 200);
  assert.equal(body.mustChangePassword, true);
  const audits = await lastAudit("PASSWORD_RESET", u.id);
  assert.equal(audits.length, 2);
  assert.equal(audits[0].user_id, admin.user.id);
  for (const a of audits) {
    assert.ok(!JSON.stringify(a.metadata).includes(p1) && !JSON.stringify(a.metadata).includes(p2));
  }
});

Deno.test(`${tag} with a temporary password every guarded route answers 403 passwordChangeRequired until the password is changed`, async () => {
  // An administrator, so every permission route would otherwise be allowed.
  const u = await createUser(db, "admin");
  const { temporaryPassword } = await expectJson<{ temporaryPassword: string }>(
    await admin.request(`/api/admin/users/${u.id}/reset-password`, { method: "POST" }),
    200,
  );
  passwordsUsed.add(temporaryPassword);
  const res = await login(u.email, temporaryPassword);
  await expectJson(res, 200);
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0];
  const req = sessionRequest(t, cookie);

  const guarded = app.routes.filter((r) => {
    const access = (r.handler as unknown as Record<symbol, Access | undefined>)[ACCESS];
    return r.path.startsWith("/api/") && (access?.kind === "permission" || access?.kind === "role");
  });
  assert.ok(guarded.length > 20, `found ${guarded.length} guarded routes`);
  const auditBefore = await count("audit_logs");
  for (const r of guarded) {
    const path = r.path.replace(/:\w+(\{[^}]*\})?/g, "999999");
    const res = await req(path, { method: r.method, json: r.method === "GET" ? undefined : {} });
    const body = await expectJson(res, 403);
    assert.deepEqual(
      withoutCode(body),
      { message: "You must change your password before continuing", passwordChangeRequired: true },
      `${r.method} ${r.path}`,
    );
  }
  assert.equal(await count("audit_logs"), auditBefore);

  // Still reachable: the current user, the profile, changing the password, signing out.
  assert.equal((await expectJson(await req("/api/auth/user"), 200)).mustChangePassword, true);
  assert.equal((await expectJson(await req("/api/profile"), 200)).id, u.id);
  const changed = await req(`/api/users/${u.id}/change-password`, {
    method: "PUT",
    json: { currentPassword: temporaryPassword, newPassword: "my-own-pass-9", confirmPassword: "my-own-pass-9" },
  });
  passwordsUsed.add("my-own-pass-9");
  await expectJson(changed, 200);
  const fresh = changed.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!.split(";")[0];
  const after = sessionRequest(t, fresh);
  assert.equal((await expectJson(await after("/api/auth/user"), 200)).mustChangePassword, false);
  await expectJson(await after("/api/admin/users"), 200);
  assert.equal((await row(u.id)).must_change_password, false);
  // Signing out is reachable too (with the temporary session it would have been as well).
  await expectJson(await after("/api/auth/logout", { method: "POST" }), 200);
});

Deno.test(`${tag} no password or password hash appears anywhere in the audit trail`, async () => {
  assert.ok(passwordsUsed.size >= 5);
  for (const p of passwordsUsed) {
    assert.deepEqual([...await db.query("select id from audit_logs a where a::text like $1", [`%${p}%`])], [], p);
  }
  assert.deepEqual([...await db.query("select id from audit_logs a where a::text ~* 'argon2|password_?hash'")], []);
  // UPDATE rows name whether a password was set but never carry it.
  const updates = await db.query<{ metadata: Record<string, unknown> }>(
    "select metadata from audit_logs where action in ('CREATE', 'UPDATE', 'ROLE_CHANGE', 'STATUS_CHANGE', 'PASSWORD_RESET')",
  );
  assert.ok(updates.length >= 8);
  for (const u of updates) {
    assert.ok(!("password" in u.metadata) && !("newPassword" in u.metadata), JSON.stringify(u.metadata));
  }
});

/** The signed-in user's own profile and password. */
import assert from "node:assert/strict";
import { verifyPassword } from "../../src/auth/password.ts";
import { expectJson, testApp, withoutCode } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createUser, sessionRequest, signIn, TEST_PASSWORD } from "../helpers/users.ts";

const tag = `[profile/${testBackend()}]`;
const t = await testApp();
const { db } = t;
Deno.test.afterAll(() => t.close());

const anon = sessionRequest(t, "");

async function userRow(id: number) {
  const [r] = await db.query<Record<string, unknown>>(
    "select first_name, last_name, email, phone, password_hash, token_version, must_change_password from users where id = $1",
    [id],
  );
  return r;
}

async function vendorRow(id: number) {
  const [r] = await db.query<Record<string, unknown>>(
    "select company_name, contact_person, phone from vendor_profiles where user_id = $1",
    [id],
  );
  return r;
}

const audits = (action: string, id: number) =>
  db.query<{ user_id: number; metadata: Record<string, unknown> }>(
    "select user_id, metadata from audit_logs where action = $1 and entity_id = $2 order by id",
    [action, String(id)],
  );

const profile = (first = "Pat", last = "Doe", email?: string, extra: Record<string, unknown> = {}) => ({
  firstName: first,
  lastName: last,
  email: email ?? `pat.${crypto.randomUUID().slice(0, 8)}@test.example`,
  ...extra,
});

// ---------------------------------------------------------------------------------------------

Deno.test(`${tag} GET /api/profile answers your own record with role, last login and two-factor state; 401 signed out`, async () => {
  assert.deepEqual(withoutCode(await expectJson(await anon("/api/profile"), 401)), { message: "Unauthorized" });
  const s = await as(t, "procurement_manager");
  const body = await expectJson(await s.request("/api/profile"), 200);
  assert.equal(body.id, s.user.id);
  assert.equal(body.email, s.user.email);
  assert.equal(body.isActive, true);
  assert.equal(body.totpEnabled, false);
  assert.ok(body.lastLoginAt, "the sign-in that made this session");
  assert.deepEqual(body.role, { id: 3, name: "procurement_manager", displayName: "Procurement Manager" });
  assert.ok(!/argon2|passwordHash|totpSecret/.test(JSON.stringify(body)));
});

Deno.test(`${tag} PUT /api/users/:id/profile updates your own name, email and phone; UPDATE audited with before/after`, async () => {
  const s = await as(t, "purchase_team");
  const email = `me.${s.user.id}@test.example`;
  const res = await s.request(`/api/users/${s.user.id}/profile`, {
    method: "PUT",
    json: profile("Pat", "Doe", email.toUpperCase(), { phone: "+960 777 1234" }),
  });
  const body = await expectJson(res, 200);
  assert.equal(body.firstName, "Pat");
  assert.equal(body.email, email);
  assert.equal(body.phone, "+960 777 1234");
  const r = await userRow(s.user.id);
  assert.deepEqual([r.first_name, r.last_name, r.email, r.phone], ["Pat", "Doe", email, "+960 777 1234"]);
  const [a] = await audits("UPDATE", s.user.id);
  assert.equal(a.user_id, s.user.id);
  assert.deepEqual(a.metadata.changes, {
    firstName: { from: "Test", to: "Pat" },
    lastName: { from: "purchase_team", to: "Doe" },
    email: { from: s.user.email, to: email },
    phone: { from: null, to: "+960 777 1234" },
  });
  // The session survives a profile edit.
  await expectJson(await s.request("/api/auth/user"), 200);
});

Deno.test(`${tag} PUT /api/users/:id/profile on another user answers 403 for non-admins and changes nothing; an admin may`, async () => {
  const target = await createUser(db, "purchase_team");
  const before = await userRow(target.id);
  for (const role of ["purchase_team", "procurement_manager", "cost_finance_controller", "vendor"] as const) {
    const s = await as(t, role);
    const res = await s.request(`/api/users/${target.id}/profile`, { method: "PUT", json: profile("Hijack") });
    assert.deepEqual(
      withoutCode(await expectJson(res, 403)),
      { message: "You can only change your own profile" },
      role,
    );
  }
  assert.deepEqual(await userRow(target.id), before);
  assert.equal((await audits("UPDATE", target.id)).length, 0);

  const admin = await as(t, "admin");
  const email = `by.admin.${target.id}@test.example`;
  const body = await expectJson(
    await admin.request(`/api/users/${target.id}/profile`, {
      method: "PUT",
      json: profile("Changed", "ByAdmin", email),
    }),
    200,
  );
  assert.equal(body.firstName, "Changed");
  assert.equal((await userRow(target.id)).email, email);
  const [a] = await audits("UPDATE", target.id);
  assert.equal(a.user_id, admin.user.id);

  const missing = await admin.request("/api/users/999999/profile", { method: "PUT", json: profile() });
  assert.deepEqual(withoutCode(await expectJson(missing, 404)), { message: "User not found" });
  assert.deepEqual(
    withoutCode(
      await expectJson(await anon(`/api/users/${target.id}/profile`, { method: "PUT", json: profile() }), 401),
    ),
    { message: "Unauthorized" },
  );
});

Deno.test(`${tag} PUT /api/users/:id/profile by a vendor updates the vendor profile's company, contact and phone`, async () => {
  const s = await as(t, "vendor");
  const res = await s.request(`/api/users/${s.user.id}/profile`, {
    method: "PUT",
    json: profile("Vic", "Vendor", s.user.email, {
      companyName: "New Co Ltd",
      contactPerson: "Vic Vendor",
      phone: "+1 555 0199",
    }),
  });
  const body = await expectJson(res, 200);
  assert.equal(body.companyName, "New Co Ltd");
  assert.equal(body.contactPerson, "Vic Vendor");
  assert.deepEqual(await vendorRow(s.user.id), {
    company_name: "New Co Ltd",
    contact_person: "Vic Vendor",
    phone: "+1 555 0199",
  });
  assert.equal((await userRow(s.user.id)).phone, "+1 555 0199");
  const [a] = await audits("UPDATE", s.user.id);
  const changes = a.metadata.changes as Record<string, { from: unknown; to: unknown }>;
  assert.deepEqual(changes.companyName, { from: `Vendor Co ${s.user.id}`, to: "New Co Ltd" });
  assert.deepEqual(changes.contactPerson, { from: "Contact Person", to: "Vic Vendor" });

  // Blank vendor fields leave the stored ones.
  await expectJson(
    await s.request(`/api/users/${s.user.id}/profile`, {
      method: "PUT",
      json: profile("Vic", "Vendor", s.user.email, { companyName: "", contactPerson: "  " }),
    }),
    200,
  );
  assert.deepEqual(await vendorRow(s.user.id), {
    company_name: "New Co Ltd",
    contact_person: "Vic Vendor",
    phone: "+1 555 0199",
  });
});

Deno.test(`${tag} PUT /api/users/:id/profile: validation messages and a taken email (409) change nothing`, async () => {
  const s = await as(t, "cost_finance_controller");
  const other = await createUser(db, "purchase_team");
  const before = await userRow(s.user.id);
  const cases: [Record<string, unknown>, string][] = [
    [{ firstName: "" }, "First name is required"],
    [{ firstName: undefined }, "First name is required"],
    [{ lastName: "  " }, "Last name is required"],
    [{ email: "no-at-sign" }, "Valid email is required"],
    [{ email: undefined }, "Valid email is required"],
  ];
  for (const [override, message] of cases) {
    const res = await s.request(`/api/users/${s.user.id}/profile`, {
      method: "PUT",
      json: { ...profile(), ...override },
    });
    assert.equal((await expectJson(res, 400)).message, message, JSON.stringify(override));
  }
  const dup = await s.request(`/api/users/${s.user.id}/profile`, {
    method: "PUT",
    json: profile("A", "B", other.email.toUpperCase()),
  });
  assert.deepEqual(withoutCode(await expectJson(dup, 409)), { message: "A user with this email already exists" });
  assert.deepEqual(await userRow(s.user.id), before);
  assert.equal((await audits("UPDATE", s.user.id)).length, 0);
});

Deno.test(`${tag} PUT /api/users/:id/change-password: wrong current, mismatch, too short, same password (400); nothing changed`, async () => {
  const s = await as(t, "purchase_team");
  const before = await userRow(s.user.id);
  const cases: [Record<string, unknown>, string][] = [
    [
      { currentPassword: "not-my-password", newPassword: "another-1", confirmPassword: "another-1" },
      "Current password is incorrect",
    ],
    [
      { currentPassword: TEST_PASSWORD, newPassword: "another-1", confirmPassword: "another-2" },
      "Passwords do not match",
    ],
    [
      { currentPassword: TEST_PASSWORD, newPassword: "12345", confirmPassword: "12345" },
      "Password must be at least 6 characters",
    ],
    [{ currentPassword: TEST_PASSWORD }, "Password must be at least 6 characters"],
    [{ newPassword: "another-1" }, "Current password is required"],
    [
      { currentPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD },
      "Choose a password different from the current one",
    ],
  ];
  for (const [json, message] of cases) {
    const res = await s.request(`/api/users/${s.user.id}/change-password`, { method: "PUT", json });
    const body = await expectJson(res, 400);
    assert.equal(body.message, message, JSON.stringify(json));
  }
  assert.deepEqual(await userRow(s.user.id), before);
  assert.equal((await audits("PASSWORD_CHANGE", s.user.id)).length, 0);
  await expectJson(await s.request("/api/auth/user"), 200);
});

Deno.test(`${tag} PUT /api/users/:id/change-password for another user answers 403, even for an admin; 401 signed out`, async () => {
  const target = await createUser(db, "purchase_team");
  const before = await userRow(target.id);
  for (const role of ["admin", "vendor", "procurement_manager"] as const) {
    const s = await as(t, role);
    const res = await s.request(`/api/users/${target.id}/change-password`, {
      method: "PUT",
      json: { currentPassword: TEST_PASSWORD, newPassword: "taken-over-1", confirmPassword: "taken-over-1" },
    });
    assert.deepEqual(
      withoutCode(await expectJson(res, 403)),
      { message: "You can only change your own password" },
      role,
    );
  }
  const res = await anon(`/api/users/${target.id}/change-password`, {
    method: "PUT",
    json: { currentPassword: TEST_PASSWORD, newPassword: "taken-over-1" },
  });
  assert.deepEqual(withoutCode(await expectJson(res, 401)), { message: "Unauthorized" });
  assert.deepEqual(await userRow(target.id), before);
});

Deno.test(`${tag} PUT /api/users/:id/change-password changes the hash, clears the forced change and is audited without the password`, async () => {
  const u = await createUser(db, "vendor");
  await db.query("update users set must_change_password = true where id = $1", [u.id]);
  const signed = await signIn(t, u);
  const before = await userRow(u.id);
  const res = await signed.request(`/api/users/${u.id}/change-password`, {
    method: "PUT",
    json: { currentPassword: TEST_PASSWORD, newPassword: "fresh-secret-77", confirmPassword: "fresh-secret-77" },
  });
  assert.deepEqual(await expectJson(res, 200), { message: "Password changed" });
  const after = await userRow(u.id);
  assert.ok(await verifyPassword(after.password_hash as string, "fresh-secret-77"));
  assert.equal(after.must_change_password, false);
  assert.equal(after.token_version, (before.token_version as number) + 1);
  const [a] = await audits("PASSWORD_CHANGE", u.id);
  assert.equal(a.user_id, u.id);
  assert.deepEqual(
    [
      ...await db.query(
        "select id from audit_logs a where a::text like '%fresh-secret-77%' or a::text like '%argon2%'",
      ),
    ],
    [],
  );
});

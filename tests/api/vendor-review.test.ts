import assert from "node:assert/strict";
import { sha256Hex } from "../../src/lib/crypto.ts";
import { deliverDue } from "../../src/notify/worker.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { startFakeProviders } from "../helpers/fake-providers.ts";
import { as, createCategory, createUser, type Session } from "../helpers/users.ts";
import { fileOf, pdfBytes } from "../fixtures/files.ts";

const tag = `[vendors/${testBackend()}]`;
const PUBLIC_URL = "https://procure.example";
const fake = startFakeProviders();
const t = await testApp({ env: { PUBLIC_URL, ...fake.env } });
Deno.test.afterAll(async () => {
  await t.close();
  await fake.close();
});
const { app, db } = t;

const admin = await as(t, "admin");
const purchaser = await as(t, "purchase_team");
const manager = await as(t, "procurement_manager");
const finance = await as(t, "cost_finance_controller");
const vendor = await as(t, "vendor");
const catB = await createCategory(db, "Review Beta");
const catA = await createCategory(db, "Review Alpha");

const INVALID_LINK = "This link is invalid or has expired";

interface Application {
  id: number;
  companyName: string;
  contactPerson: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  status: string;
  reviewedAt: string | null;
  rejectionReason: string | null;
  categories: { id: number; name: string }[];
  businessLicenseUrl: string | null;
  businessLicenseFileId: number | null;
  businessLicenseName: string | null;
}

/** Registers through the real multipart endpoint; returns the new vendor's id and email. */
async function registerVendor(opts: { company?: string; license?: boolean } = {}) {
  const email = `applicant.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const fd = new FormData();
  const fields = {
    firstName: "Grace",
    lastName: "Hopper",
    email,
    companyName: opts.company ?? `Compilers ${crypto.randomUUID().slice(0, 4)} Inc`,
    contactPerson: "Grace Hopper",
    phone: "+1 555 0199",
  };
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  fd.append("categoryIds", String(catB));
  fd.append("categoryIds", String(catA));
  if (opts.license !== false) fd.append("businessLicense", fileOf(pdfBytes(email), "license.pdf"));
  await expectJson(await app.request("/api/vendor/register", { method: "POST", body: fd }), 201);
  // The answer does not name the account (it is the same for a known email): find it by email.
  const [{ id }] = await db.query<{ id: number }>("select id from users where email = $1", [email]);
  return { id, email, companyName: fields.companyName };
}

const patchStatus = (s: Session, id: number, json: unknown) =>
  s.request(`/api/admin/vendors/${id}/status`, { method: "PATCH", json });

async function vendorState(id: number) {
  const [profile] = await db.query(
    "select status, reviewed_by, reviewed_at, rejection_reason from vendor_profiles where user_id = $1",
    [id],
  );
  const [counts] = await db.query(
    `select (select count(*)::int from user_tokens where user_id = $1) as tokens,
            (select count(*)::int from notification_outbox where recipient = (select email from users where id = $1)) as emails,
            (select count(*)::int from audit_logs where entity_type = 'vendor' and entity_id = $1::text and action in ('APPROVE', 'REJECT')) as audits,
            (select password_hash from users where id = $1) as password_hash`,
    [id],
  );
  return { ...profile, ...counts };
}

async function outboxFor(email: string) {
  // A plain array: postgres.js returns its own Array subclass, which deepEqual tells apart.
  return [
    ...await db.query<{ id: number; subject: string; body: string; status: string }>(
      "select id, subject, body, status from notification_outbox where recipient = $1 order by id",
      [email],
    ),
  ];
}

/** The approval email's link as an administrator reveals it (the outbox keeps the token hidden). */
async function revealedToken(email: string): Promise<string> {
  const [mail] = await outboxFor(email);
  const revealed = await expectJson<{ body: string }>(
    await admin.request(`/api/admin/outbox/${mail.id}/reveal`, { method: "POST" }),
    200,
  );
  return tokenFrom(revealed.body);
}

function tokenFrom(body: string): string {
  const m = body.match(/\/set-password\?token=(\S+)/);
  assert.ok(m, `no set-password link in:\n${body}`);
  return decodeURIComponent(m[1]);
}

const setPassword = (json: unknown) =>
  app.request("/api/auth/set-password", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(json),
  });

async function login(email: string, password: string) {
  const res = await app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  await res.body?.cancel();
  // Failed attempts throttle the shared test address after five; they are not what these tests are about.
  await db.query("delete from auth_throttle");
  return res.status;
}

Deno.test(`${tag} GET /api/admin/vendors/pending lists pending applications only, with categories and the license link`, async () => {
  const applicant = await registerVendor({ company: "Pending Co" });
  const noLicense = await registerVendor({ license: false });
  const approved = await createUser(db, "vendor", { vendorStatus: "approved" });
  const rejected = await createUser(db, "vendor", { vendorStatus: "rejected" });

  const list = await expectJson<Application[]>(await admin.request("/api/admin/vendors/pending"), 200);
  assert.ok(list.every((a) => a.status === "pending"));
  assert.ok(!list.some((a) => a.id === approved.id || a.id === rejected.id));
  const mine = list.find((a) => a.id === applicant.id)!;
  assert.ok(mine, "the new application is listed");
  const [{ business_license_file_id: fileId }] = await db.query<{ business_license_file_id: number }>(
    "select business_license_file_id from vendor_profiles where user_id = $1",
    [applicant.id],
  );
  assert.deepEqual(
    { ...mine, createdAt: undefined },
    {
      id: applicant.id,
      companyName: "Pending Co",
      contactPerson: "Grace Hopper",
      firstName: "Grace",
      lastName: "Hopper",
      email: applicant.email,
      phone: "+1 555 0199",
      status: "pending",
      createdAt: undefined,
      reviewedAt: null,
      rejectionReason: null,
      categories: [{ id: catA, name: "Review Alpha" }, { id: catB, name: "Review Beta" }],
      businessLicenseUrl: `/api/files/${fileId}`,
      businessLicenseFileId: fileId,
      businessLicenseName: "license.pdf",
    },
  );
  assert.equal(list.find((a) => a.id === noLicense.id)?.businessLicenseUrl, null);

  const approvedList = await expectJson<Application[]>(
    await admin.request("/api/admin/vendors/pending?status=approved"),
    200,
  );
  assert.ok(approvedList.some((a) => a.id === approved.id));
  assert.ok(approvedList.every((a) => a.status === "approved"));
});

Deno.test(`${tag} GET /api/admin/vendors/pending and vendor-stats: staff may read, vendors 403, signed out 401`, async () => {
  for (const s of [purchaser, manager, finance]) {
    await expectJson(await s.request("/api/admin/vendors/pending"), 200);
    await expectJson(await s.request("/api/admin/vendor-stats"), 200);
  }
  await expectJson(await vendor.request("/api/admin/vendors/pending"), 403);
  await expectJson(await vendor.request("/api/admin/vendor-stats"), 403);
  await expectJson(await app.request("/api/admin/vendors/pending"), 401);
  await expectJson(await app.request("/api/admin/vendor-stats"), 401);
});

Deno.test(`${tag} GET /api/admin/vendor-stats counts pending, approved and rejected vendors`, async () => {
  type Stats = { pendingVendors: number; approvedVendors: number; rejectedVendors: number };
  const stats = async () => await expectJson<Stats>(await admin.request("/api/admin/vendor-stats"), 200);
  const [counts] = await db.query<Stats>(
    `select count(*) filter (where status = 'pending')::int as "pendingVendors",
            count(*) filter (where status = 'approved')::int as "approvedVendors",
            count(*) filter (where status = 'rejected')::int as "rejectedVendors" from vendor_profiles`,
  );
  const before = await stats();
  assert.deepEqual(before, counts);
  const a = await registerVendor();
  const b = await registerVendor();
  await registerVendor();
  assert.deepEqual(await stats(), { ...before, pendingVendors: before.pendingVendors + 3 });
  await expectJson(await patchStatus(admin, a.id, { status: "approved" }), 200);
  await expectJson(await patchStatus(admin, b.id, { status: "rejected", reason: "Incomplete" }), 200);
  assert.deepEqual(await stats(), {
    pendingVendors: before.pendingVendors + 1,
    approvedVendors: before.approvedVendors + 1,
    rejectedVendors: before.rejectedVendors + 1,
  });
});

Deno.test(`${tag} PATCH /api/admin/vendors/:id/status approves: a hashed 72-hour token, the set-password email, an audit row`, async () => {
  const v = await registerVendor({ company: "Approved Co" });
  const body = await expectJson<Application>(await patchStatus(admin, v.id, { status: "approved" }), 200);
  assert.equal(body.id, v.id);
  assert.equal(body.status, "approved");
  assert.ok(body.reviewedAt);
  const state = await vendorState(v.id);
  assert.equal(state.status, "approved");
  assert.equal(state.reviewed_by, admin.user.id);
  assert.equal(state.rejection_reason, null);
  assert.equal(state.password_hash, null, "still no password until the link is used");

  const tokens = await db.query<{ purpose: string; token_hash: string; used_at: Date | null; hours: number }>(
    `select purpose, token_hash, used_at, extract(epoch from (expires_at - now())) / 3600 as hours
       from user_tokens where user_id = $1`,
    [v.id],
  );
  assert.equal(tokens.length, 1);
  assert.equal(tokens[0].purpose, "set_password");
  assert.equal(tokens[0].used_at, null);
  assert.match(tokens[0].token_hash, /^[0-9a-f]{64}$/);
  assert.ok(Math.abs(Number(tokens[0].hours) - 72) < 0.05, `expires in 72 h, got ${tokens[0].hours}`);

  const emails = await outboxFor(v.email);
  assert.equal(emails.length, 1);
  assert.equal(emails[0].subject, "Your vendor application was approved");
  assert.equal(emails[0].status, "pending");
  assert.match(emails[0].body, /^Dear Grace Hopper, your vendor application for Approved Co has been approved\./);
  // The outbox keeps a mark where the token goes, nothing that opens the account.
  assert.ok(emails[0].body.includes(`${PUBLIC_URL}/set-password?token=••••••••`), emails[0].body);
  const listed = await expectJson<{ recipient: string; body: string; hasHiddenValues: boolean }[]>(
    await admin.request("/api/admin/outbox?limit=500"),
    200,
  );
  const mine = listed.find((m) => m.recipient === v.email)!;
  assert.deepEqual([mine.body, mine.hasHiddenValues], [emails[0].body, true]);
  const reveals = async () =>
    (await db.query<{ n: number }>("select count(*)::int as n from audit_logs where action = 'REVEAL'"))[0].n;
  const before = await reveals();
  const token = await revealedToken(v.email);
  assert.equal(await reveals(), before + 1, "revealing the link is audited");
  assert.ok(token.length >= 20);
  assert.equal(emails[0].body.includes(token), false);
  const [row] = await db.query<{ stored: string }>(
    "select to_jsonb(o)::text as stored from notification_outbox o where recipient = $1",
    [v.email],
  );
  assert.equal(row.stored.includes(token), false, "not in any column of the row");
  // Only an administrator reveals it.
  assert.equal((await manager.request(`/api/admin/outbox/${emails[0].id}/reveal`, { method: "POST" })).status, 403);
  assert.equal(tokens[0].token_hash, await sha256Hex(token), "only the hash of the emailed token is stored");
  assert.equal((await db.query("select 1 from user_tokens where token_hash = $1", [token])).length, 0);

  const audits = await db.query<{ user_id: number; metadata: Record<string, unknown> }>(
    "select user_id, metadata from audit_logs where entity_type = 'vendor' and entity_id = $1 and action = 'APPROVE'",
    [String(v.id)],
  );
  assert.equal(audits.length, 1);
  assert.equal(audits[0].user_id, admin.user.id);
  assert.deepEqual(audits[0].metadata, { changes: { status: { from: "pending", to: "approved" } }, reason: null });
  assert.ok(!JSON.stringify(audits[0].metadata).includes(token));
});

Deno.test(`${tag} POST /api/auth/set-password with the emailed token sets the password once; the vendor then signs in`, async () => {
  const v = await registerVendor();
  await expectJson(await patchStatus(admin, v.id, { status: "approved" }), 200);
  const token = await revealedToken(v.email);
  assert.equal(await login(v.email, "vendor-pass-1"), 401, "no password yet");

  // A too-short password is refused and does not use the token up.
  const short = await expectJson(await setPassword({ token, password: "12345" }), 400);
  assert.equal(short.message, "Password must be at least 6 characters");
  assert.equal((await db.query("select 1 from user_tokens where user_id = $1 and used_at is null", [v.id])).length, 1);

  const ok = await expectJson(await setPassword({ token, password: "vendor-pass-1" }), 200);
  assert.deepEqual(ok, { message: "Password set. You can now sign in." });
  assert.equal(
    (await db.query("select 1 from user_tokens where user_id = $1 and used_at is not null", [v.id])).length,
    1,
  );
  const [audit] = await db.query<{ user_id: number; metadata: Record<string, unknown> }>(
    "select user_id, metadata from audit_logs where entity_type = 'user' and entity_id = $1 and action = 'PASSWORD_CHANGE'",
    [String(v.id)],
  );
  assert.deepEqual(audit, { user_id: v.id, metadata: { via: "set_password_link" } });
  assert.equal(await login(v.email, "vendor-pass-1"), 200);

  // Single use: the same link again is refused and the password stays.
  const again = await expectJson(await setPassword({ token, password: "attacker-pass" }), 400);
  assert.equal(again.message, INVALID_LINK);
  assert.equal(await login(v.email, "attacker-pass"), 401);
  assert.equal(await login(v.email, "vendor-pass-1"), 200);
});

Deno.test(`${tag} POST /api/auth/set-password refuses an expired, unknown or malformed token (400) and sets nothing`, async () => {
  const v = await registerVendor();
  await expectJson(await patchStatus(admin, v.id, { status: "approved" }), 200);
  const token = await revealedToken(v.email);
  await db.query("update user_tokens set expires_at = now() - interval '1 second' where user_id = $1", [v.id]);
  for (
    const json of [{ token, password: "vendor-pass-1" }, { token: `${token}x`, password: "vendor-pass-1" }, {
      token: "short",
      password: "vendor-pass-1",
    }]
  ) {
    const body = await expectJson(await setPassword(json), 400);
    assert.equal(body.message, INVALID_LINK, JSON.stringify(json.token));
  }
  const [row] = await db.query("select used_at from user_tokens where user_id = $1", [v.id]);
  assert.equal(row.used_at, null);
  assert.equal((await vendorState(v.id)).password_hash, null);
});

Deno.test(`${tag} the approval email reaches the provider (fake SMTP2GO) and its link works`, async () => {
  await db.query("delete from notification_outbox");
  await db.query(
    `update settings set value = case key when 'email_provider' then 'smtp2go' when 'smtp2go_api_key' then 'api-key-review'
       else 'noreply@procure.example' end where key in ('email_provider', 'smtp2go_api_key', 'smtp2go_sender_email')`,
  );
  fake.reset();
  try {
    const v = await registerVendor();
    await expectJson(await patchStatus(manager, v.id, { status: "approved" }), 200);
    assert.equal(
      await deliverDue(db, { config: t.deps.config, logger: createLogger("silent"), secrets: t.deps.secrets }),
      1,
    );
    const [sent] = fake.delivered();
    assert.deepEqual(sent.to, [v.email]);
    // The provider gets the token; the sent row keeps the mark and drops the hidden value.
    const token = tokenFrom((sent.body as { text_body: string }).text_body);
    await expectJson(await setPassword({ token, password: "from-the-email" }), 200);
    assert.equal(await login(v.email, "from-the-email"), 200);
    const [row] = await outboxFor(v.email);
    assert.equal(row.status, "sent");
    assert.match(row.body, /set-password\?token=••••••••/);
    const [kept] = await db.query<{ hidden: string | null }>(
      "select hidden_values as hidden from notification_outbox where id = $1",
      [row.id],
    );
    assert.equal(kept.hidden, null);
  } finally {
    await db.query("update settings set value = '' where key in ('smtp2go_api_key', 'smtp2go_sender_email')");
  }
});

Deno.test(`${tag} PATCH /api/admin/vendors/:id/status rejects with the reason, and emails it when notifications are on`, async () => {
  const v = await registerVendor({ company: "Rejected Co" });
  const body = await expectJson<Application>(
    await patchStatus(admin, v.id, { status: "rejected", reason: "  License has expired  " }),
    200,
  );
  assert.equal(body.status, "rejected");
  assert.equal(body.rejectionReason, "License has expired");
  const state = await vendorState(v.id);
  assert.equal(state.status, "rejected");
  assert.equal(state.reviewed_by, admin.user.id);
  assert.equal(state.rejection_reason, "License has expired");
  assert.equal(state.tokens, 0, "no set-password link for a rejected vendor");
  const emails = await outboxFor(v.email);
  assert.equal(emails.length, 1);
  assert.equal(emails[0].subject, "Your vendor application was not approved");
  assert.match(emails[0].body, /^Dear Grace Hopper, your vendor application for Rejected Co has been rejected\./);
  assert.ok(emails[0].body.includes("Reason: License has expired"), emails[0].body);
  const [audit] = await db.query<{ user_id: number; metadata: Record<string, unknown> }>(
    "select user_id, metadata from audit_logs where entity_type = 'vendor' and entity_id = $1 and action = 'REJECT'",
    [String(v.id)],
  );
  assert.deepEqual(audit, {
    user_id: admin.user.id,
    metadata: { changes: { status: { from: "pending", to: "rejected" } }, reason: "License has expired" },
  });
  assert.equal(await login(v.email, "whatever-1"), 401);
});

Deno.test(`${tag} with vendor_approval_notifications_enabled off, rejection sends no email but approval still sends the link`, async () => {
  await db.query("update settings set value = 'false' where key = 'vendor_approval_notifications_enabled'");
  try {
    const r = await registerVendor();
    await expectJson(await patchStatus(admin, r.id, { status: "rejected", reason: "No" }), 200);
    assert.equal((await vendorState(r.id)).status, "rejected");
    assert.deepEqual(await outboxFor(r.email), []);

    const a = await registerVendor();
    await expectJson(await patchStatus(admin, a.id, { status: "approved" }), 200);
    assert.equal((await outboxFor(a.email)).length, 1, "the set-password link is the only way in");
  } finally {
    await db.query("update settings set value = 'true' where key = 'vendor_approval_notifications_enabled'");
  }
});

Deno.test(`${tag} PATCH /api/admin/vendors/:id/status on an application already decided answers 409 and changes nothing`, async () => {
  const a = await registerVendor();
  await expectJson(await patchStatus(admin, a.id, { status: "approved" }), 200);
  const r = await registerVendor();
  await expectJson(await patchStatus(admin, r.id, { status: "rejected", reason: "First reason" }), 200);
  for (const [id, was] of [[a.id, "approved"], [r.id, "rejected"]] as const) {
    const before = await vendorState(id);
    for (const json of [{ status: "approved" }, { status: "rejected", reason: "Second reason" }]) {
      const body = await expectJson(await patchStatus(admin, id, json), 409);
      assert.equal(body.message, `This application was already ${was}`);
    }
    assert.deepEqual(await vendorState(id), before);
  }
});

Deno.test(`${tag} PATCH /api/admin/vendors/:id/status: purchase_team, finance and vendors 403, signed out 401, nothing changed`, async () => {
  const v = await registerVendor();
  const before = await vendorState(v.id);
  for (const s of [purchaser, finance, vendor]) {
    for (const json of [{ status: "approved" }, { status: "rejected", reason: "x" }]) {
      const body = await expectJson(await patchStatus(s, v.id, json), 403);
      assert.match(String(body.message), /vendors\.approve/, s.user.role);
    }
  }
  const anonymous = await app.request(`/api/admin/vendors/${v.id}/status`, {
    method: "PATCH",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status: "approved" }),
  });
  await expectJson(anonymous, 401);
  assert.deepEqual(await vendorState(v.id), before);
  assert.equal(before.status, "pending");
});

Deno.test(`${tag} PATCH /api/admin/vendors/:id/status is allowed to procurement_manager (approve and reject)`, async () => {
  const a = await registerVendor();
  const r = await registerVendor();
  assert.equal(
    (await expectJson<Application>(await patchStatus(manager, a.id, { status: "approved" }), 200)).status,
    "approved",
  );
  assert.equal(
    (await expectJson<Application>(
      await patchStatus(manager, r.id, { status: "rejected", reason: "Out of scope" }),
      200,
    )).status,
    "rejected",
  );
  assert.equal((await vendorState(a.id)).reviewed_by, manager.user.id);
  assert.equal((await vendorState(r.id)).reviewed_by, manager.user.id);
  const audits = await db.query<{ action: string; user_id: number }>(
    "select action, user_id from audit_logs where entity_type = 'vendor' and entity_id in ($1, $2) and action in ('APPROVE', 'REJECT') order by id",
    [String(a.id), String(r.id)],
  );
  assert.deepEqual([...audits], [{ action: "APPROVE", user_id: manager.user.id }, {
    action: "REJECT",
    user_id: manager.user.id,
  }]);
});

Deno.test(`${tag} PATCH /api/admin/vendors/:id/status validates the status (400) and the vendor (404)`, async () => {
  const v = await registerVendor();
  for (const json of [{}, { status: "pending" }, { status: "APPROVED" }]) {
    const body = await expectJson(await patchStatus(admin, v.id, json), 400);
    assert.equal(body.message, "status must be approved or rejected", JSON.stringify(json));
  }
  assert.equal((await vendorState(v.id)).status, "pending");
  assert.equal(
    (await expectJson(await patchStatus(admin, 999999, { status: "approved" }), 404)).message,
    "Vendor not found",
  );
  // A staff account is not a vendor application.
  assert.equal(
    (await expectJson(await patchStatus(admin, purchaser.user.id, { status: "approved" }), 404)).message,
    "Vendor not found",
  );
});

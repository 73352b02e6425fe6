/**
 * Upload quotas and retention (src/files/quotas.ts, src/jobs/file-retention.ts, docs/decisions/022):
 * an administrator sets them in System Settings; an upload past the account's quota, the total, or
 * the daily cap of pending applications' licences answers 507 with the limit's code and stores
 * nothing; a rejected application's licence is deleted once the retention has passed, audited.
 */
import assert from "node:assert/strict";
import { purgeRejectedLicences } from "../../src/jobs/file-retention.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";
import { bidRequestBody, pdfOf, registrationForm } from "../helpers/registration.ts";

const tag = `[storage-quotas/${testBackend()}]`;
const t = await testApp();
Deno.test.afterAll(t.close);
const { db } = t;
const KB = 1024;
const category = await createCategory(db, "Quota furniture");
const admin = await as(t, "admin");
const manager = await as(t, "procurement_manager");
const vendor = await as(t, "vendor", { categoryIds: [category] });

const pdf = pdfOf;
const fileCount = async () => (await db.query<{ n: number }>("select count(*)::int as n from files"))[0].n;
const limits = (json: Record<string, number>) => admin.request("/api/admin/storage-limits", { method: "PUT", json });
const DEFAULTS = { accountQuotaMb: 500, totalQuotaMb: 20480, registrationDailyMb: 200, rejectedRetentionDays: 30 };

const bid = await expectJson<{ id: number; items: { id: number }[] }>(
  await manager.request("/api/bid-requests", {
    method: "POST",
    json: bidRequestBody("Quota chairs", category, "open"),
  }),
  201,
);

function quote(files: Uint8Array[]) {
  const form = new FormData();
  form.append(
    "quotation",
    JSON.stringify({ bidRequestId: bid.id, items: [{ itemId: bid.items[0].id, unitPrice: "80.00" }] }),
  );
  files.forEach((f, i) =>
    form.append("attachments", new File([f as BlobPart], `offer-${i}.pdf`, { type: "application/pdf" }))
  );
  return vendor.request("/api/vendor/quotations", { method: "POST", body: form });
}

function register(n: number, bytes: number) {
  const fd = registrationForm("Quota", n, category, pdf(bytes));
  return t.app.request("/api/vendor/register", {
    method: "POST",
    body: fd,
    headers: { "x-forwarded-for": `198.51.100.${n}` },
  });
}

Deno.test(`${tag} the limits are read and saved by an administrator, checked, audited; others are refused`, async () => {
  const read = await expectJson<Record<string, unknown>>(await admin.request("/api/admin/storage-limits"), 200);
  assert.deepEqual({ ...read, usage: undefined }, { ...DEFAULTS, usage: undefined });
  const bad = await expectError(await limits({ ...DEFAULTS, accountQuotaMb: 0 }), 400);
  assert.equal((bad.issues as { path: string }[])[0].path, "accountQuotaMb");
  assert.equal((await vendor.request("/api/admin/storage-limits")).status, 403);
  assert.equal((await manager.request("/api/admin/storage-limits", { method: "PUT", json: DEFAULTS })).status, 403);
  await expectJson(await limits({ ...DEFAULTS, rejectedRetentionDays: 7 }), 200);
  const [entry] = await db.query<{ metadata: { changes: Record<string, unknown> } }>(
    "select metadata from audit_logs where entity_type = 'storage_limits' order by id desc limit 1",
  );
  assert.deepEqual(entry.metadata.changes, { rejectedRetentionDays: { from: 30, to: 7 } });
  await expectJson(await limits(DEFAULTS), 200);
});

Deno.test(`${tag} past the account's quota or the total an upload answers 507 and nothing is stored`, async () => {
  await expectJson(await limits({ ...DEFAULTS, accountQuotaMb: 1 }), 200);
  try {
    await expectJson(await quote([pdf(600 * KB)]), 201);
    const before = await fileCount();
    const refused = await expectError(await quote([pdf(600 * KB)]), 507, "storage.accountQuota");
    assert.equal(refused.message, "This account has used its 1 MB of stored files; nothing was saved");
    assert.equal(await fileCount(), before, "nothing stored, the quotation not revised");

    const [{ total }] = await db.query<{ total: string }>(
      "select coalesce(sum(size_bytes), 0)::bigint as total from files",
    );
    const totalMb = Math.ceil(Number(total) / (1024 * KB));
    await expectJson(await limits({ ...DEFAULTS, totalQuotaMb: totalMb }), 200);
    const other = await as(t, "vendor", { categoryIds: [category] });
    const form = new FormData();
    form.append(
      "quotation",
      JSON.stringify({ bidRequestId: bid.id, items: [{ itemId: bid.items[0].id, unitPrice: "85.00" }] }),
    );
    form.append("attachments", new File([pdf(1100 * KB) as BlobPart], "big.pdf", { type: "application/pdf" }));
    await expectError(
      await other.request("/api/vendor/quotations", { method: "POST", body: form }),
      507,
      "storage.totalQuota",
    );
    assert.equal(await fileCount(), before);
  } finally {
    await expectJson(await limits(DEFAULTS), 200);
  }
});

Deno.test(`${tag} pending applications' licences share a daily cap, whichever address sends them`, async () => {
  await expectJson(await limits({ ...DEFAULTS, registrationDailyMb: 1 }), 200);
  try {
    await db.query("update vendor_profiles set status = 'rejected' where status = 'pending'");
    await expectJson(await register(1, 600 * KB), 201);
    const before = await fileCount();
    const users = async () => (await db.query<{ n: number }>("select count(*)::int as n from users"))[0].n;
    const people = await users();
    await expectError(await register(2, 600 * KB), 507, "storage.registrationCap");
    assert.equal(await fileCount(), before);
    assert.equal(await users(), people, "no account either");
  } finally {
    await expectJson(await limits(DEFAULTS), 200);
  }
});

Deno.test(`${tag} a rejected application's licence is deleted after the retention, audited; a recent one stays`, async () => {
  const old = await expectJson<{ status: string }>(await register(11, 10 * KB), 201);
  assert.equal(old.status, "pending");
  await expectJson(await register(12, 10 * KB), 201);
  const rows = await db.query<{ id: number; file: number }>(
    `select vp.user_id as id, vp.business_license_file_id as file from vendor_profiles vp
       join users u on u.id = vp.user_id where u.email like 'quota-1_-%' order by vp.user_id`,
  );
  assert.equal(rows.length, 2);
  await db.query(
    "update vendor_profiles set status = 'rejected', reviewed_at = now() - interval '31 days' where user_id = $1",
    [rows[0].id],
  );
  await db.query(
    "update vendor_profiles set status = 'rejected', reviewed_at = now() - interval '5 days' where user_id = $1",
    [rows[1].id],
  );
  assert.ok(await purgeRejectedLicences(db, createLogger("silent")) >= 1);
  const left = await db.query<{ id: number }>("select id from files where id = any($1)", [[
    rows[0].file,
    rows[1].file,
  ]]);
  assert.deepEqual(left.map((r) => r.id), [rows[1].file]);
  const [profile] = await db.query<{ file: number | null }>(
    "select business_license_file_id as file from vendor_profiles where user_id = $1",
    [rows[0].id],
  );
  assert.equal(profile.file, null);
  const audits = await db.query(
    "select 1 from audit_logs where action = 'DELETE' and entity_type = 'file' and entity_id = $1",
    [
      String(rows[0].file),
    ],
  );
  assert.equal(audits.length, 1);
});

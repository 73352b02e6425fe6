import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { as, createCategory, createUser } from "../helpers/users.ts";
import type { RoleName } from "../../src/shared/roles.ts";
import { backupText, TEST_BACKUP_PASSPHRASE } from "../helpers/backup.ts";

const tag = "[system-settings]";
const t = await testApp();
const admin = await as(t, "admin");
Deno.test.afterAll(() => t.close());
const valid = { defaultDeadline: 10, autoReminder: 12, enableVendorMatching: false, approvalThreshold: "2500.5" };

const settingValue = async (key: string) =>
  (await t.db.query<{ value: string }>("select value from settings where key = $1", [key]))[0].value;
const auditCount = async (entityType: string) =>
  (await t.db.query<{ n: number }>("select count(*)::int as n from audit_logs where entity_type = $1", [entityType]))[0]
    .n;

Deno.test(`${tag} GET /api/admin/system-settings returns the defaults and the database configuration`, async () => {
  const body = await expectJson(await admin.request("/api/admin/system-settings"), 200);
  assert.deepEqual(body, {
    defaultDeadline: 7,
    autoReminder: 24,
    enableVendorMatching: true,
    approvalThreshold: "10000.00",
    timeZone: "UTC",
    database: { kind: t.db.kind === "postgres" ? "postgresql" : "pglite", poolMax: t.deps.config.poolMax },
  });
});

Deno.test(`${tag} POST /api/admin/save-system-settings validates the ranges at their boundaries`, async () => {
  const cases: [Record<string, unknown>, number, string?][] = [
    [{ defaultDeadline: 0 }, 400, "Default deadline must be between 1 and 30 days"],
    [{ defaultDeadline: 31 }, 400, "Default deadline must be between 1 and 30 days"],
    [{ autoReminder: 0 }, 400, "Auto reminder must be between 1 and 72 hours"],
    [{ autoReminder: 73 }, 400, "Auto reminder must be between 1 and 72 hours"],
    [{ approvalThreshold: "-1" }, 400, "Approval threshold must be an amount of 0 or more"],
    [{ timeZone: "Mars/Olympus" }, 400, "Unknown time zone"],
  ];
  const before = await settingValue("default_deadline_days");
  for (const [patch, status, message] of cases) {
    const body = await expectJson(
      await admin.request("/api/admin/save-system-settings", { method: "POST", json: { ...valid, ...patch } }),
      status,
    );
    assert.equal(body.message, message, JSON.stringify(patch));
  }
  assert.equal(await settingValue("default_deadline_days"), before, "nothing saved after refusals");
  for (const patch of [{ defaultDeadline: 1, autoReminder: 1 }, { defaultDeadline: 30, autoReminder: 72 }]) {
    const body = await expectJson(
      await admin.request("/api/admin/save-system-settings", { method: "POST", json: { ...valid, ...patch } }),
      200,
    );
    assert.equal(body.defaultDeadline, patch.defaultDeadline);
    assert.equal(await settingValue("default_deadline_days"), String(patch.defaultDeadline));
    assert.equal(await settingValue("auto_reminder_hours"), String(patch.autoReminder));
  }
});

Deno.test(`${tag} POST /api/admin/save-system-settings writes every setting and an UPDATE audit row`, async () => {
  const audits = await auditCount("system_settings");
  const body = await expectJson(
    await admin.request("/api/admin/save-system-settings", {
      method: "POST",
      json: { defaultDeadline: 14, autoReminder: 48, enableVendorMatching: false, approvalThreshold: "2500.5" },
    }),
    200,
  );
  assert.deepEqual(body, {
    defaultDeadline: 14,
    autoReminder: 48,
    enableVendorMatching: false,
    approvalThreshold: "2500.50",
    timeZone: "UTC",
  });
  assert.equal(await settingValue("enable_vendor_matching"), "false");
  assert.equal(await settingValue("approval_threshold"), "2500.50");
  const [row] = await t.db.query<
    { action: string; metadata: { changes: Record<string, { from: unknown; to: unknown }> } }
  >(
    "select action, metadata from audit_logs where entity_type = 'system_settings' order by id desc limit 1",
  );
  assert.equal(await auditCount("system_settings"), audits + 1);
  assert.equal(row.action, "UPDATE");
  assert.deepEqual(row.metadata.changes.defaultDeadline.to, 14);
  const read = await expectJson(await admin.request("/api/admin/system-settings"), 200);
  assert.equal(read.defaultDeadline, 14);
  assert.equal(read.approvalThreshold, "2500.50");
});

Deno.test(`${tag} POST /api/admin/test-db-connection measures a select 1`, async () => {
  const body = await expectJson(await admin.request("/api/admin/test-db-connection", { method: "POST" }), 200);
  assert.equal(body.ok, true);
  assert.equal(typeof body.responseTime, "number");
  assert.ok((body.responseTime as number) >= 0);
});

Deno.test(`${tag} GET /api/admin/db-metrics returns real numbers matching the tables`, async () => {
  const first = await expectJson<{ rowCounts: Record<string, number> }>(
    await admin.request("/api/admin/db-metrics"),
    200,
  );
  await createUser(t.db, "vendor");
  await createUser(t.db, "purchase_team");
  await t.db.query(
    `insert into notification_outbox (channel, recipient, subject, body, status)
     values ('email', 'a@test.example', 's', 'b', 'pending'), ('email', 'b@test.example', 's', 'b', 'failed')`,
  );
  const m = await expectJson<
    Record<string, unknown> & { rowCounts: Record<string, number>; outbox: Record<string, number> }
  >(
    await admin.request("/api/admin/db-metrics"),
    200,
  );
  assert.equal(m.rowCounts.users, first.rowCounts.users + 2);
  assert.equal(m.rowCounts.vendor_profiles, first.rowCounts.vendor_profiles + 1);
  for (const table of Object.keys(m.rowCounts)) {
    const [{ n }] = await t.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    if (table !== "audit_logs") assert.equal(m.rowCounts[table], n, table);
  }
  const [ob] = await t.db.query<{ p: number; f: number }>(
    `select count(*) filter (where status = 'pending')::int as p, count(*) filter (where status = 'failed')::int as f
     from notification_outbox`,
  );
  assert.deepEqual(m.outbox, { pending: ob.p, failed: ob.f });
  assert.ok(ob.p >= 1 && ob.f >= 1);
  const [{ n: migrations }] = await t.db.query<{ n: number }>("select count(*)::int as n from schema_migrations");
  assert.equal(m.migrationsApplied, migrations);
  assert.ok(typeof m.databaseSize === "number" && m.databaseSize > 0);
  assert.match(String(m.serverVersion), /^\d+/);
  assert.ok(typeof m.activeConnections === "number" && m.activeConnections >= 1);
});

Deno.test(`${tag} POST /api/admin/run-migrations on an up-to-date database applies nothing`, async () => {
  const audits = await auditCount("database_migrations");
  const body = await expectJson<{ applied: string[]; status: { applied: boolean }[] }>(
    await admin.request("/api/admin/run-migrations", { method: "POST" }),
    200,
  );
  assert.deepEqual(body.applied, []);
  assert.ok(body.status.length > 0 && body.status.every((s) => s.applied));
  assert.equal(await auditCount("database_migrations"), audits + 1);
});

Deno.test(`${tag} POST /api/admin/clear-cache clears the session cache and audits it`, async () => {
  const audits = await auditCount("session_cache");
  const body = await expectJson(await admin.request("/api/admin/clear-cache", { method: "POST" }), 200);
  assert.equal(typeof body.message, "string");
  assert.equal(await auditCount("session_cache"), audits + 1);
});

Deno.test(`${tag} POST /api/admin/backup-database downloads an encrypted archive and audits it`, async () => {
  const category = `Backup Category ${crypto.randomUUID().slice(0, 8)}`;
  await createCategory(t.db, category);
  const secret = `sk-${crypto.randomUUID()}`;
  await t.db.query("update settings set value = $1 where key = 'smtp2go_api_key'", [secret]);
  const audits = await auditCount("database_backup");
  const res = await admin.request("/api/admin/backup-database", {
    method: "POST",
    json: { passphrase: TEST_BACKUP_PASSPHRASE },
  });
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/octet-stream");
  assert.equal(res.headers.get("cache-control"), "no-store");
  assert.match(
    res.headers.get("content-disposition") ?? "",
    /^attachment; filename="procurement-backup-\d{4}-\d{2}-\d{2}\.pbak"$/,
  );
  const archive = new Uint8Array(await res.arrayBuffer());
  assert.equal(new TextDecoder().decode(archive.slice(0, 8)), "PROCBAK1");
  assert.equal(new TextDecoder("latin1").decode(archive).includes(category), false, "nothing in clear");
  const text = await backupText(admin.request);
  assert.ok(text.includes(category), "the created category is in the backup");
  assert.ok(!text.includes(secret), "a secret setting is encrypted again with the server key");
  assert.equal(await auditCount("database_backup"), audits + 2);
  const [row] = await t.db.query<{ action: string }>(
    "select action from audit_logs where entity_type = 'database_backup' order by id desc limit 1",
  );
  assert.equal(row.action, "EXPORT");
  // Without a passphrase: 400, and no backup is taken.
  const none = await admin.request("/api/admin/backup-database", { method: "POST" });
  assert.equal(none.status, 400);
  assert.equal(await auditCount("database_backup"), audits + 2);
});

Deno.test(`${tag} GET /api/admin/export-logs downloads the audit log as text`, async () => {
  await admin.request("/api/admin/clear-cache", { method: "POST" });
  const res = await admin.request("/api/admin/export-logs");
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/plain/);
  assert.match(res.headers.get("content-disposition") ?? "", /^attachment; filename=".+\.txt"$/);
  const lines = (await res.text()).trim().split("\n");
  const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int as n from audit_logs");
  assert.equal(lines.length, n);
  const last = lines.at(-1)!.split("\t");
  assert.equal(last[1], admin.user.email);
  assert.equal(last[2], "DELETE");
  assert.equal(last[3], "session_cache");
});

Deno.test(`${tag} every endpoint refuses non-admin roles with 403`, async () => {
  const endpoints: [string, string][] = [
    ["GET", "/api/admin/system-settings"],
    ["POST", "/api/admin/save-system-settings"],
    ["POST", "/api/admin/test-db-connection"],
    ["GET", "/api/admin/db-metrics"],
    ["POST", "/api/admin/run-migrations"],
    ["POST", "/api/admin/clear-cache"],
    ["POST", "/api/admin/backup-database"],
    ["GET", "/api/admin/export-logs"],
  ];
  const before = await settingValue("default_deadline_days");
  const roles: RoleName[] = ["purchase_team", "procurement_manager", "cost_finance_controller", "vendor"];
  for (const role of roles) {
    const s = await as(t, role);
    for (const [method, path] of endpoints) {
      const res = await s.request(path, {
        method,
        json: method === "POST" ? { ...valid, defaultDeadline: 3 } : undefined,
      });
      assert.equal(res.status, 403, `${role} ${method} ${path}`);
      await res.body?.cancel();
    }
  }
  assert.equal(await settingValue("default_deadline_days"), before);
});

/**
 * Admin notification settings: the list masks secrets, per-key validation, audit without secret
 * values, a test email through the fake SMTP2GO and a test WhatsApp message through a local fake.
 */
import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { startFakeProviders } from "../helpers/fake-providers.ts";
import { as } from "../helpers/users.ts";

const tag = `[notification-settings/${testBackend()}]`;
const fake = startFakeProviders();

// A tiny WhatsApp Cloud API fake: records each request and answers like Graph (or with an error).
const waRequests: { path: string; auth: string | null; body: Record<string, unknown> }[] = [];
let waFail = false;
const wa = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
  waRequests.push({ path: new URL(req.url).pathname, auth: req.headers.get("authorization"), body: await req.json() });
  if (waFail) {
    return Response.json({ error: { message: "Invalid OAuth access token", code: 190 } }, { status: 401 });
  }
  return Response.json({ messaging_product: "whatsapp", messages: [{ id: "wamid.fake" }] });
});

const t = await testApp({ env: { ...fake.env, WHATSAPP_BASE_URL: `http://127.0.0.1:${wa.addr.port}` } });
Deno.test.afterAll(async () => {
  await t.close();
  await fake.close();
  await wa.shutdown();
});
const { db } = t;
const admin = await as(t, "admin");

type Setting = { settingKey: string; settingValue: string; isSecret: boolean; isSet?: boolean };

async function value(key: string) {
  return (await db.query<{ value: string }>("select value from settings where key = $1", [key]))[0]?.value;
}
async function set(key: string, v: string) {
  const res = await admin.request("/api/admin/notification-settings", { method: "POST", json: { key, value: v } });
  return res;
}

Deno.test(`${tag} GET /api/admin/notification-settings lists the keys and masks secrets`, async () => {
  await db.query("update settings set value = 'sekret-key' where key = 'smtp2go_api_key'");
  const list = await expectJson<Setting[]>(await admin.request("/api/admin/notification-settings"), 200);
  const byKey = new Map(list.map((s) => [s.settingKey, s]));
  assert.equal(byKey.get("email_provider")?.settingValue, "smtp2go");
  assert.deepEqual(
    { v: byKey.get("smtp2go_api_key")?.settingValue, set: byKey.get("smtp2go_api_key")?.isSet },
    { v: "", set: true },
  );
  assert.equal(byKey.get("sendgrid_api_key")?.isSet, false);
  assert.equal(byKey.get("whatsapp_access_token")?.isSecret, true);
  assert.ok(!byKey.has("default_deadline_days"), "system settings belong to another screen");
  assert.ok(!JSON.stringify(list).includes("sekret-key"));
  await db.query("update settings set value = '' where key = 'smtp2go_api_key'");
});

Deno.test(`${tag} POST /api/admin/notification-settings validates each key`, async () => {
  const cases: [string, string, string][] = [
    ["default_deadline_days", "9", "Unknown setting"],
    ["nope", "x", "Unknown setting"],
    ["email_provider", "mailgun", "Email provider must be smtp2go or sendgrid"],
    ["smtp2go_sender_email", "not-an-email", "Sender email must be a valid email"],
    ["pr_notifications_enabled", "yes", "Value must be true or false"],
    ["template_pr_created", "x", "Unknown setting"],
    ["sendgrid_api_key", "k".repeat(501), "Value must be at most 500 characters"],
  ];
  for (const [key, v, message] of cases) {
    const before = await value(key);
    const body = await expectJson(await set(key, v), 400);
    assert.equal(body.message, message, key);
    assert.equal(await value(key), before, `${key} unchanged`);
  }
});

Deno.test(`${tag} POST /api/admin/notification-settings saves, audits, and never returns a secret`, async () => {
  assert.equal((await expectJson(await set("pr_notifications_enabled", "false"), 200)).message, "Settings Updated");
  assert.equal(await value("pr_notifications_enabled"), "false");
  await expectJson(await set("smtp2go_sender_email", ""), 200);
  await expectJson(await set("sendgrid_api_key", "SG.super-secret"), 200);
  assert.equal(await value("sendgrid_api_key"), "SG.super-secret");
  const res = await admin.request("/api/admin/notification-settings");
  const text = await res.text();
  assert.ok(!text.includes("SG.super-secret"));
  const sg = (JSON.parse(text) as Setting[]).find((s) => s.settingKey === "sendgrid_api_key")!;
  assert.deepEqual({ v: sg.settingValue, set: sg.isSet }, { v: "", set: true });
  const audits = await db.query<{ metadata: Record<string, unknown> }>(
    "select metadata from audit_logs where action = 'UPDATE' and entity_type = 'setting' and entity_id = $1",
    ["sendgrid_api_key"],
  );
  assert.equal(audits.length, 1);
  assert.deepEqual(audits[0].metadata, { key: "sendgrid_api_key", changed: true });
  assert.ok(!JSON.stringify(await db.query("select metadata from audit_logs")).includes("SG.super-secret"));
  const toggle = await db.query<{ metadata: Record<string, unknown> }>(
    "select metadata from audit_logs where entity_id = 'pr_notifications_enabled'",
  );
  assert.deepEqual(toggle[0].metadata, { key: "pr_notifications_enabled", from: "true", to: "false" });
  await set("sendgrid_api_key", "");
  await set("pr_notifications_enabled", "true");
});

Deno.test(`${tag} non-admins get 403 on every notification settings endpoint`, async () => {
  const manager = await as(t, "procurement_manager");
  const before = await value("email_provider");
  const calls: [string, string, unknown][] = [
    ["GET", "/api/admin/notification-settings", undefined],
    ["POST", "/api/admin/notification-settings", { key: "email_provider", value: "sendgrid" }],
    ["POST", "/api/notification-settings/test", undefined],
    ["POST", "/api/notification-settings/test-whatsapp", { phoneNumber: "+15550100" }],
  ];
  for (const [method, path, json] of calls) {
    const res = await manager.request(path, { method, json });
    await expectJson(res, 403);
  }
  assert.equal(await value("email_provider"), before);
  assert.equal(waRequests.length, 0);
});

Deno.test(`${tag} POST /api/notification-settings/test answers 409 when no provider is configured`, async () => {
  fake.reset();
  const body = await expectJson(await admin.request("/api/notification-settings/test", { method: "POST" }), 409);
  assert.equal(body.message, "Email provider is not configured");
  assert.equal(fake.requests.length, 0);
});

Deno.test(`${tag} POST /api/notification-settings/test sends one email now through SMTP2GO`, async () => {
  fake.reset();
  await expectJson(await set("email_provider", "smtp2go"), 200);
  await expectJson(await set("smtp2go_api_key", "api-test-key"), 200);
  await expectJson(await set("smtp2go_sender_email", "noreply@procure.example"), 200);
  const outboxBefore = await db.query("select id from notification_outbox");
  const body = await expectJson(await admin.request("/api/notification-settings/test", { method: "POST" }), 200);
  assert.equal(body.provider, "smtp2go");
  assert.equal(fake.requests.length, 1);
  const [r] = fake.requests;
  assert.equal(r.provider, "smtp2go");
  assert.equal(r.headers["x-smtp2go-api-key"], "api-test-key");
  assert.deepEqual(r.to, [admin.user.email]);
  assert.equal((r.body as { sender: string }).sender, "noreply@procure.example");
  assert.deepEqual(await db.query("select id from notification_outbox"), outboxBefore, "not via the outbox");

  // The provider refusing is a configuration problem: 409 with its message.
  fake.failNext(401);
  const failed = await expectJson(await admin.request("/api/notification-settings/test", { method: "POST" }), 409);
  assert.match(String(failed.message), /^SMTP2GO 401/);
  await set("smtp2go_api_key", "");
});

Deno.test(`${tag} POST /api/notification-settings/test-whatsapp requires a phone and a configuration`, async () => {
  waRequests.length = 0;
  const missing = await admin.request("/api/notification-settings/test-whatsapp", { method: "POST", json: {} });
  assert.equal((await expectJson(missing, 400)).message, "Phone Number Required");
  const blank = await admin.request("/api/notification-settings/test-whatsapp", {
    method: "POST",
    json: { phoneNumber: "  " },
  });
  assert.equal((await expectJson(blank, 400)).message, "Phone Number Required");
  const disabled = await admin.request("/api/notification-settings/test-whatsapp", {
    method: "POST",
    json: { phoneNumber: "+15550100" },
  });
  assert.equal((await expectJson(disabled, 409)).message, "WhatsApp notifications are not enabled");
  await expectJson(await set("whatsapp_enabled", "true"), 200);
  const noToken = await admin.request("/api/notification-settings/test-whatsapp", {
    method: "POST",
    json: { phoneNumber: "+15550100" },
  });
  assert.equal(
    (await expectJson(noToken, 409)).message,
    "WhatsApp is not configured: access token and phone number ID are required",
  );
  assert.equal(waRequests.length, 0);
  await set("whatsapp_enabled", "false");
});

Deno.test(`${tag} POST /api/notification-settings/test-whatsapp sends through the Cloud API`, async () => {
  waRequests.length = 0;
  await expectJson(await set("whatsapp_enabled", "true"), 200);
  await expectJson(await set("whatsapp_access_token", "EAAG-token"), 200);
  await expectJson(await set("whatsapp_phone_number_id", "1234567890"), 200);
  const res = await admin.request("/api/notification-settings/test-whatsapp", {
    method: "POST",
    json: { phoneNumber: "+9607771234" },
  });
  assert.equal((await expectJson(res, 200)).provider, "whatsapp");
  assert.equal(waRequests.length, 1);
  assert.equal(waRequests[0].path, "/v19.0/1234567890/messages");
  assert.equal(waRequests[0].auth, "Bearer EAAG-token");
  assert.equal(waRequests[0].body.to, "+9607771234");
  assert.equal(waRequests[0].body.messaging_product, "whatsapp");
  assert.equal(waRequests[0].body.type, "text");

  waFail = true;
  const failed = await admin.request("/api/notification-settings/test-whatsapp", {
    method: "POST",
    json: { phoneNumber: "+9607771234" },
  });
  assert.equal((await expectJson(failed, 409)).message, "WhatsApp 401: Invalid OAuth access token");
  waFail = false;
  const list = await (await admin.request("/api/admin/notification-settings")).text();
  assert.ok(!list.includes("EAAG-token"));
});

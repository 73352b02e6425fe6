import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { as } from "../helpers/users.ts";
import { exeBytes, fileOf, jpegBytes, pdfBytes } from "../fixtures/files.ts";
import { realPng } from "../fixtures/images.ts";
import type { OrganisationProfile } from "../../src/shared/schemas/organisation.ts";

const tag = "[organisation]";
const t = await testApp();
const admin = await as(t, "admin");
Deno.test.afterAll(() => t.close());

const valid = {
  legalName: "Maldives Ports Authority Ltd",
  address: "Boduthakurufaanu Magu, Malé 20026",
  taxId: "TIN-1002/33.7",
  deliveryAddress: "Central warehouse, Hulhumalé",
  paymentTerms: "Net 30 days from invoice",
  poTerms: "Goods remain at the vendor's risk until received.",
  currency: "MVR",
  timeZone: "Indian/Maldives",
};

const setting = async (key: string) =>
  (await t.db.query<{ value: string }>("select value from settings where key = $1", [key]))[0]?.value;
const audits = async () =>
  await t.db.query<{ action: string; metadata: Record<string, unknown> }>(
    "select action, metadata from audit_logs where entity_type = 'organisation_profile' order by id",
  );
const logoForm = (file: File) => {
  const fd = new FormData();
  fd.append("logo", file);
  return fd;
};

Deno.test(`${tag} GET /api/organisation starts empty with the default currency and the org time zone`, async () => {
  const body = await expectJson<OrganisationProfile>(await admin.request("/api/organisation"), 200);
  assert.deepEqual(body, {
    legalName: "",
    address: "",
    taxId: "",
    deliveryAddress: "",
    paymentTerms: "",
    poTerms: "",
    currency: "USD",
    timeZone: "UTC",
    logo: null,
  });
});

Deno.test(`${tag} PUT /api/organisation refuses bad input with the field, and saves nothing`, async () => {
  const cases: [Record<string, unknown>, string, string][] = [
    [{ legalName: "  " }, "legalName", "Legal name is required"],
    [{ legalName: "x".repeat(201) }, "legalName", "Must be at most 200 characters"],
    [{ address: "x".repeat(501) }, "address", "Must be at most 500 characters"],
    [{ taxId: "12<script>" }, "taxId", "Tax id may contain only letters, digits, spaces and . / -"],
    [{ currency: "usd" }, "currency", "Currency must be an ISO 4217 code such as USD, EUR or MVR"],
    [{ currency: "XYZ" }, "currency", "Currency must be an ISO 4217 code such as USD, EUR or MVR"],
    [{ currency: 12 }, "currency", "Currency must be an ISO 4217 code such as USD, EUR or MVR"],
    [{ timeZone: "Mars/Olympus" }, "timeZone", "Unknown time zone"],
    [
      { poTerms: "a\u0000b" },
      "poTerms",
      "Text contains a character that is not allowed (null byte or unpaired surrogate)",
    ],
  ];
  for (const [patch, field, message] of cases) {
    const body = await expectError(
      await admin.request("/api/organisation", { method: "PUT", json: { ...valid, ...patch } }),
      400,
    );
    assert.equal(body.message, message, JSON.stringify(patch));
    assert.equal((body.issues as { path: string }[])[0].path, field);
  }
  assert.equal(await setting("organisation_legal_name"), undefined, "nothing was written");
  assert.equal((await audits()).length, 0);
});

Deno.test(`${tag} PUT /api/organisation saves, audits the changes once, and shares the time zone setting`, async () => {
  const body = await expectJson<OrganisationProfile>(
    await admin.request("/api/organisation", { method: "PUT", json: { ...valid, legalName: `  ${valid.legalName} ` } }),
    200,
  );
  assert.deepEqual(body, { ...valid, logo: null });
  assert.equal(await setting("organisation_legal_name"), valid.legalName);
  assert.equal(await setting("organisation_time_zone"), "Indian/Maldives");
  const system = await expectJson<{ timeZone: string }>(await admin.request("/api/admin/system-settings"), 200);
  assert.equal(system.timeZone, "Indian/Maldives", "System Settings shows the same time zone");
  let log = await audits();
  assert.equal(log.length, 1);
  const changes = log[0].metadata.changes as Record<string, { from: unknown; to: unknown }>;
  assert.deepEqual(changes.legalName, { from: "", to: valid.legalName });
  assert.deepEqual(changes.currency, { from: "USD", to: "MVR" });
  // Saving the same values again changes nothing and writes no audit entry.
  await expectJson(await admin.request("/api/organisation", { method: "PUT", json: valid }), 200);
  log = await audits();
  assert.equal(log.length, 1);
  await expectJson(
    await admin.request("/api/organisation", { method: "PUT", json: { ...valid, paymentTerms: "Net 15" } }),
    200,
  );
  log = await audits();
  assert.deepEqual(log[1].metadata.changes, { paymentTerms: { from: valid.paymentTerms, to: "Net 15" } });
  await expectJson(await admin.request("/api/organisation", { method: "PUT", json: valid }), 200);
});

Deno.test(`${tag} only system_settings.edit changes the profile; staff read it; vendors and strangers do not`, async () => {
  for (const role of ["purchase_team", "procurement_manager", "cost_finance_controller"] as const) {
    const s = await as(t, role);
    const read = await expectJson<OrganisationProfile>(await s.request("/api/organisation"), 200);
    assert.equal(read.legalName, valid.legalName, role);
    await expectError(await s.request("/api/organisation", { method: "PUT", json: valid }), 403);
    await expectError(
      await s.request("/api/organisation/logo", { method: "POST", body: logoForm(fileOf(realPng(), "l.png")) }),
      403,
    );
    await expectError(await s.request("/api/organisation/logo", { method: "DELETE" }), 403);
  }
  const vendor = await as(t, "vendor");
  await expectError(await vendor.request("/api/organisation"), 403);
  await expectError(await vendor.request("/api/organisation/logo"), 403);
  await expectError(await t.app.request("/api/organisation"), 401);
  await expectError(
    await t.app.request("/api/organisation", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(valid),
    }),
    401,
  );
});

Deno.test(`${tag} POST /api/organisation/logo checks the content, the size, replaces and deletes, audited`, async () => {
  const before = (await audits()).length;
  // Refused by content, whatever the name says.
  for (const [bytes, name] of [[exeBytes(), "logo.png"], [pdfBytes(), "logo.jpg"]] as const) {
    const body = await expectError(
      await admin.request("/api/organisation/logo", {
        method: "POST",
        body: logoForm(fileOf(bytes, name, "image/png")),
      }),
      415,
      "files.wrongType",
    );
    assert.equal(body.message, "Logo type must be .png, .jpg");
  }
  const big = new Uint8Array(1024 * 1024 + 1);
  big.set(realPng());
  await expectError(
    await admin.request("/api/organisation/logo", { method: "POST", body: logoForm(fileOf(big, "big.png")) }),
    413,
    "files.tooLarge",
  );
  await expectError(
    await admin.request("/api/organisation/logo", { method: "POST", body: new FormData() }),
    400,
    "organisation.logoMissing",
  );
  await expectError(await admin.request("/api/organisation/logo", { method: "DELETE" }), 404, "organisation.noLogo");
  assert.equal((await audits()).length, before, "refusals change nothing");

  const png = realPng();
  const first = await expectJson<OrganisationProfile>(
    await admin.request("/api/organisation/logo", { method: "POST", body: logoForm(fileOf(png, "logo.png")) }),
    201,
  );
  assert.equal(first.logo?.contentType, "image/png");
  assert.equal(first.logo?.sizeBytes, png.byteLength);
  const res = await admin.request("/api/organisation/logo");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "image/png");
  assert.deepEqual(new Uint8Array(await res.arrayBuffer()), png);
  const staff = await as(t, "purchase_team");
  assert.equal((await staff.request("/api/organisation/logo")).status, 200);

  const second = await expectJson<OrganisationProfile>(
    await admin.request("/api/organisation/logo", { method: "POST", body: logoForm(fileOf(jpegBytes(), "logo.jpg")) }),
    201,
  );
  assert.equal(second.logo?.contentType, "image/jpeg");
  const [{ n }] = await t.db.query<{ n: number }>("select count(*)::int as n from files where id = $1", [
    first.logo!.fileId,
  ]);
  assert.equal(n, 0, "the replaced logo's file is gone");

  const removed = await expectJson<OrganisationProfile>(
    await admin.request("/api/organisation/logo", { method: "DELETE" }),
    200,
  );
  assert.equal(removed.logo, null);
  await expectError(await admin.request("/api/organisation/logo"), 404, "organisation.noLogo");
  const log = (await audits()).slice(before);
  assert.deepEqual(log.map((l) => l.action), ["UPDATE", "UPDATE", "DELETE"]);
  assert.deepEqual(log[1].metadata.logo, {
    from: first.logo!.fileId,
    to: second.logo!.fileId,
    contentType: "image/jpeg",
    sizeBytes: jpegBytes().byteLength,
  });
});

import assert from "node:assert/strict";
import { storeFile } from "../../src/files/storage.ts";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser, signIn } from "../helpers/users.ts";
import { fileOf, pdfBytes, pngBytes } from "../fixtures/files.ts";
import { minimalDocx } from "../helpers/zip.ts";

const tag = `[files/${testBackend()}]`;
const t = await testApp();
Deno.test.afterAll(t.close);
const { app, db } = t;

const admin = await as(t, "admin");
const staff = [
  admin,
  await as(t, "purchase_team"),
  await as(t, "procurement_manager"),
  await as(t, "cost_finance_controller"),
];
const owner = await as(t, "vendor");
const otherVendor = await as(t, "vendor");

const license = pdfBytes("the owner's license");
const licenseFile = await storeFile(db, {
  ownerUserId: owner.user.id,
  filename: "My License (2024).pdf",
  bytes: license,
  purpose: "business_license",
  allowed: ["pdf", "jpeg", "png"],
});

async function bytesOf(res: Response) {
  return new Uint8Array(await res.arrayBuffer());
}

Deno.test(`${tag} GET /api/files/:id serves the exact bytes to an admin with type, disposition and nosniff`, async () => {
  const res = await admin.request(`/api/files/${licenseFile.id}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  assert.equal(
    res.headers.get("content-disposition"),
    `inline; filename="My License _2024_.pdf"; filename*=UTF-8''My%20License%20_2024_.pdf`,
  );
  assert.equal(res.headers.get("x-content-type-options"), "nosniff");
  assert.equal(res.headers.get("cache-control"), "private, no-store");
  assert.equal(res.headers.get("content-length"), String(license.byteLength));
  assert.deepEqual(await bytesOf(res), license);
});

Deno.test(`${tag} GET /api/files/:id sends the file's own sandboxing CSP, not the SPA's`, async () => {
  // An uploaded file must never run as a page of our origin, even if a browser renders it.
  const res = await admin.request(`/api/files/${licenseFile.id}`);
  await res.body?.cancel();
  assert.equal(res.headers.get("content-security-policy"), "default-src 'none'; style-src 'unsafe-inline'; sandbox");
});

Deno.test(`${tag} GET /api/files/:id serves every staff role and the owning vendor`, async () => {
  for (const s of [...staff, owner]) {
    const res = await s.request(`/api/files/${licenseFile.id}`);
    assert.equal(res.status, 200, s.user.role);
    assert.deepEqual(await bytesOf(res), license, s.user.role);
  }
});

Deno.test(`${tag} GET /api/files/:id refuses another vendor (403) and signed-out callers (401)`, async () => {
  const res = await otherVendor.request(`/api/files/${licenseFile.id}`);
  const body = await expectJson(res, 403);
  assert.equal(body.message, "You cannot open this file");
  await expectJson(await app.request(`/api/files/${licenseFile.id}`), 401);
});

Deno.test(`${tag} GET /api/files/:id answers 404 for an unknown file and 400 for a malformed id`, async () => {
  assert.equal((await expectJson(await admin.request("/api/files/999999"), 404)).message, "File not found");
  await expectJson(await admin.request("/api/files/abc"), 400);
  // A vendor learns nothing about files it cannot see either way.
  await expectJson(await otherVendor.request("/api/files/999999"), 404);
});

Deno.test(`${tag} GET /api/files/:id refuses an encrypted (sealed bid) file to everyone, owner included (403)`, async () => {
  const sealed = await storeFile(db, {
    ownerUserId: owner.user.id,
    filename: "sealed.pdf",
    bytes: pdfBytes("sealed"),
    encryptedBytes: crypto.getRandomValues(new Uint8Array(64)),
    purpose: "quotation_attachment",
    allowed: ["pdf"],
  });
  for (const s of [admin, owner]) {
    const body = await expectJson(await s.request(`/api/files/${sealed.id}`), 403);
    assert.equal(body.message, "This file belongs to a sealed bid and cannot be opened before unsealing", s.user.role);
  }
});

Deno.test(`${tag} GET /api/files/:id serves images inline and office documents as attachments`, async () => {
  const png = await storeFile(db, {
    ownerUserId: owner.user.id,
    filename: "scan.png",
    bytes: pngBytes(),
    purpose: "other",
    allowed: ["png"],
  });
  const pngRes = await admin.request(`/api/files/${png.id}`);
  assert.equal(pngRes.status, 200);
  assert.equal(pngRes.headers.get("content-type"), "image/png");
  assert.match(pngRes.headers.get("content-disposition") ?? "", /^inline; filename="scan\.png"/);
  assert.deepEqual(await bytesOf(pngRes), pngBytes());

  const docx = minimalDocx();
  const doc = await storeFile(db, {
    ownerUserId: owner.user.id,
    filename: "quote.docx",
    bytes: docx,
    purpose: "other",
    allowed: ["docx"],
  });
  const docRes = await owner.request(`/api/files/${doc.id}`);
  assert.equal(docRes.status, 200);
  assert.equal(
    docRes.headers.get("content-type"),
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  );
  assert.match(docRes.headers.get("content-disposition") ?? "", /^attachment; filename="quote\.docx"/);
  assert.equal(docRes.headers.get("x-content-type-options"), "nosniff");
  await docRes.body?.cancel();
});

Deno.test(`${tag} GET /api/files/:id serves a file named in any script (RFC 5987 filename*)`, async () => {
  const names = [["Lizenz Ünterlagen.pdf", "Lizenz _nterlagen.pdf"], ["营业执照.pdf", "____.pdf"], [
    "ލައިސަންސް.pdf",
    "__________.pdf",
  ]];
  for (const [name, ascii] of names) {
    const f = await storeFile(db, {
      ownerUserId: owner.user.id,
      filename: name,
      bytes: pdfBytes(name),
      purpose: "other",
      allowed: ["pdf"],
    });
    const res = await owner.request(`/api/files/${f.id}`);
    assert.equal(res.status, 200, name);
    const disposition = res.headers.get("content-disposition") ?? "";
    assert.equal(disposition, `inline; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`);
    assert.deepEqual(await bytesOf(res), pdfBytes(name));
  }
});

Deno.test(`${tag} the license link of a registration opens the uploaded file for the admin and, once approved, the vendor`, async () => {
  const category = await createCategory(db);
  const email = `files.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const fd = new FormData();
  for (
    const [k, v] of Object.entries({
      firstName: "F",
      lastName: "L",
      email,
      companyName: "Files Co",
      contactPerson: "F L",
      phone: "1",
    })
  ) {
    fd.append(k, v);
  }
  fd.append("categoryIds", String(category));
  const bytes = pdfBytes("registered license");
  fd.append("businessLicense", fileOf(bytes, "license.pdf"));
  await expectJson(await app.request("/api/vendor/register", { method: "POST", body: fd }), 201);
  // The answer does not name the account (it is the same for a known email): find it by email.
  const [{ id }] = await db.query<{ id: number }>("select id from users where email = $1", [email]);
  const [application] = await expectJson<{ id: number; businessLicenseUrl: string }[]>(
    await admin.request(`/api/admin/vendors/pending?limit=500`),
    200,
  ).then((list) => list.filter((a) => a.id === id));
  assert.match(application.businessLicenseUrl, /^\/api\/files\/\d+$/);

  const res = await admin.request(application.businessLicenseUrl);
  assert.equal(res.status, 200);
  assert.deepEqual(await bytesOf(res), bytes);

  // The vendor, once it may sign in, opens its own license.
  await db.query("update vendor_profiles set status = 'approved' where user_id = $1", [id]);
  const withPassword = await createUser(db, "purchase_team"); // only to borrow a known password hash
  await db.query("update users set password_hash = (select password_hash from users where id = $2) where id = $1", [
    id,
    withPassword.id,
  ]);
  const me = await signIn(t, { id, email, password: withPassword.password, role: "vendor" });
  const mine = await me.request(application.businessLicenseUrl);
  assert.equal(mine.status, 200);
  assert.deepEqual(await bytesOf(mine), bytes);
  await expectJson(await otherVendor.request(application.businessLicenseUrl), 403);
});

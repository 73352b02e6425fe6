import assert from "node:assert/strict";
import { expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser } from "../helpers/users.ts";
import { exeBytes, fileOf, jpegBytes, pdfBytes, pdfOfSize, pngBytes, sha256Hex } from "../fixtures/files.ts";

const tag = `[vendors/${testBackend()}]`;
// TRUST_PROXY so that X-Forwarded-For stands for the client's address (the per-address limits).
const t = await testApp({ env: { TRUST_PROXY: "true" } });
Deno.test.afterAll(t.close);
const { app, db } = t;

const catA = await createCategory(db, "Registration A");
const catB = await createCategory(db, "Registration B");
const catOff = await createCategory(db, "Registration inactive");
await db.query("update categories set is_active = false where id = $1", [catOff]);

const MESSAGES = [
  "First name is required",
  "Last name is required",
  "Valid email is required",
  "Company name is required",
  "Contact person is required",
  "Phone number is required",
  "At least one category must be selected",
];
const MAX = 10 * 1024 * 1024;

let n = 0;
const newEmail = () => `vendor.reg.${++n}.${crypto.randomUUID().slice(0, 6)}@example.com`;

function fields(overrides: Record<string, string | string[] | undefined> = {}) {
  const base: Record<string, string | string[] | undefined> = {
    firstName: "Ada",
    lastName: "Lovelace",
    email: newEmail(),
    companyName: "Analytical Engines Ltd",
    contactPerson: "Ada Lovelace",
    phone: "+44 20 7946 0000",
    categoryIds: [String(catA), String(catB)],
  };
  return { ...base, ...overrides };
}

function form(f: Record<string, string | string[] | undefined>, license?: File) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(f)) {
    if (v === undefined) continue;
    for (const one of Array.isArray(v) ? v : [v]) fd.append(k, one);
  }
  if (license) fd.append("businessLicense", license);
  return fd;
}

const register = (body: FormData | Record<string, unknown>, headers: Record<string, string> = {}) =>
  app.request("/api/vendor/register", {
    method: "POST",
    headers: body instanceof FormData ? headers : { "content-type": "application/json", ...headers },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });

const putCategories = (id: number, categoryIds: number[], headers: Record<string, string> = {}) =>
  app.request(`/api/vendor/${id}/categories`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ categoryIds }),
  });

/**
 * A successful registration's answer, with the new vendor's id (the answer itself does not name the
 * account, as it is the same for an email already registered): the newest vendor user.
 */
async function registered(res: Response, status = 201) {
  const body = await expectJson<{ status: string; message: string; registrationToken: string }>(res, status);
  const [{ id }] = await db.query<{ id: number }>("select max(id)::int as id from users where role_id = 5");
  return { ...body, id };
}

const followUp = (registrationToken: string, categoryIds: number[], headers: Record<string, string> = {}) =>
  app.request("/api/vendor/register/categories", {
    method: "PUT",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify({ registrationToken, categoryIds }),
  });

/** Row counts of everything a registration writes. */
async function snapshot() {
  const [row] = await db.query(
    `select (select count(*)::int from users) as users, (select count(*)::int from vendor_profiles) as profiles,
            (select count(*)::int from vendor_categories) as categories, (select count(*)::int from files) as files,
            (select count(*)::int from audit_logs where entity_type = 'vendor') as audits`,
  );
  return row;
}

const categoriesOf = async (id: number) =>
  (await db.query<{ category_id: number }>(
    "select category_id from vendor_categories where vendor_id = $1 order by category_id",
    [id],
  ))
    .map((r) => r.category_id);

async function login(email: string, password: string) {
  const res = await app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  const status = res.status;
  const body = await res.json();
  // Failed attempts throttle the shared test address after five; they are not what these tests are about.
  await db.query("delete from auth_throttle");
  return { status, body };
}

Deno.test(`${tag} POST /api/vendor/register (multipart) creates a pending vendor, its categories and the stored license`, async () => {
  const f = fields({ email: "Ada.Lovelace@Example.COM", categoryIds: [String(catA), String(catB)] });
  const bytes = pdfBytes("license of Ada");
  // The client's declared type is ignored: the stored type comes from the content.
  const res = await register(form(f, fileOf(bytes, "../../etc/My License (2024)!.pdf", "image/png")), {
    "x-forwarded-for": "203.0.113.7",
  });
  const body = await registered(res, 201);
  assert.deepEqual(body, {
    id: body.id,
    status: "pending",
    message: "Your vendor registration has been submitted for review.",
    registrationToken: body.registrationToken,
  });
  assert.match(body.registrationToken, /^[A-Za-z0-9_-]{40,}$/);

  const [user] = await db.query(
    "select role_id, email, password_hash, first_name, last_name, phone, is_active from users where id = $1",
    [body.id],
  );
  assert.deepEqual(user, {
    role_id: 5,
    email: "ada.lovelace@example.com",
    password_hash: null,
    first_name: "Ada",
    last_name: "Lovelace",
    phone: "+44 20 7946 0000",
    is_active: true,
  });
  const [profile] = await db.query<Record<string, unknown>>(
    "select company_name, contact_person, phone, status, business_license_file_id, reviewed_at from vendor_profiles where user_id = $1",
    [body.id],
  );
  assert.equal(profile.status, "pending");
  assert.equal(profile.company_name, "Analytical Engines Ltd");
  assert.equal(profile.contact_person, "Ada Lovelace");
  assert.equal(profile.phone, "+44 20 7946 0000");
  assert.equal(profile.reviewed_at, null);
  assert.deepEqual(await categoriesOf(body.id), [catA, catB]);

  const [file] = await db.query<Record<string, unknown>>(
    "select id, owner_user_id, filename, content_type, size_bytes, sha256, storage, data, encrypted, purpose from files where id = $1",
    [profile.business_license_file_id],
  );
  assert.ok(file, "the license file row exists");
  assert.equal(file.owner_user_id, body.id);
  assert.equal(file.filename, "My License _2024_.pdf", "no path, no special characters");
  assert.equal(file.content_type, "application/pdf");
  assert.equal(file.size_bytes, bytes.byteLength);
  assert.equal(file.sha256, await sha256Hex(bytes));
  assert.equal(file.storage, "db");
  assert.deepEqual(new Uint8Array(file.data as Uint8Array), bytes);
  assert.equal(file.encrypted, false);
  assert.equal(file.purpose, "business_license");

  const [audit] = await db.query<{ user_id: number | null; ip: string; metadata: Record<string, unknown> }>(
    "select user_id, ip, metadata from audit_logs where entity_type = 'vendor' and entity_id = $1 and action = 'CREATE'",
    [String(body.id)],
  );
  assert.equal(audit.user_id, null);
  assert.equal(audit.ip, "203.0.113.7");
  assert.deepEqual(audit.metadata, {
    companyName: "Analytical Engines Ltd",
    email: "ada.lovelace@example.com",
    categoryIds: [catA, catB],
    licenseFileId: file.id,
  });
});

Deno.test(`${tag} POST /api/vendor/register accepts PNG and JPEG licenses, a single categoryIds and categoryIds[]`, async () => {
  const png = await registered(
    await register(form(fields({ categoryIds: String(catA) }), fileOf(pngBytes(), "license.PNG"))),
    201,
  );
  const jpg = await registered(
    await register(
      form(
        fields({ categoryIds: undefined, "categoryIds[]": [String(catB), String(catA)] }),
        fileOf(jpegBytes(), "scan"),
      ),
    ),
    201,
  );
  const fileOfVendor = async (id: number) =>
    (await db.query<{ filename: string; content_type: string }>(
      "select f.filename, f.content_type from files f join vendor_profiles vp on vp.business_license_file_id = f.id where vp.user_id = $1",
      [id],
    ))[0];
  assert.deepEqual(await fileOfVendor(png.id), { filename: "license.PNG", content_type: "image/png" });
  assert.deepEqual(
    await fileOfVendor(jpg.id),
    { filename: "scan.jpg", content_type: "image/jpeg" },
    "extension from the content",
  );
  assert.deepEqual(await categoriesOf(png.id), [catA]);
  assert.deepEqual(await categoriesOf(jpg.id), [catA, catB]);
});

Deno.test(`${tag} POST /api/vendor/register without a license file registers with no file`, async () => {
  const before = await snapshot();
  const { id } = await registered(await register(form(fields())), 201);
  const [profile] = await db.query("select status, business_license_file_id from vendor_profiles where user_id = $1", [
    id,
  ]);
  assert.deepEqual(profile, { status: "pending", business_license_file_id: null });
  assert.equal((await snapshot()).files, before.files);
});

Deno.test(`${tag} POST /api/vendor/register reports the spec's messages in the spec's order`, async () => {
  const before = await snapshot();
  // Nothing at all: the first message, and every message in order in `issues`.
  const empty = await expectJson<{ message: string; issues: { message: string }[] }>(await register(form({})), 400);
  assert.equal(empty.message, MESSAGES[0]);
  assert.deepEqual(empty.issues.map((i) => i.message), MESSAGES);

  // Filling the fields one by one moves to the next message each time.
  const full = fields();
  const order = ["firstName", "lastName", "email", "companyName", "contactPerson", "phone", "categoryIds"];
  for (let i = 0; i < order.length; i++) {
    const partial = Object.fromEntries(order.slice(0, i).map((k) => [k, full[k]]));
    const body = await expectJson(await register(form(partial, fileOf(pdfBytes(), "l.pdf"))), 400);
    assert.equal(body.message, MESSAGES[i], `with ${order.slice(0, i).join(", ") || "nothing"}`);
  }

  // Blank and malformed values are the same as missing ones.
  const cases: [Record<string, string | string[]>, string][] = [
    [{ firstName: "   " }, MESSAGES[0]],
    [{ lastName: "\t" }, MESSAGES[1]],
    [{ email: "not-an-email" }, MESSAGES[2]],
    [{ email: "  " }, MESSAGES[2]],
    [{ companyName: " " }, MESSAGES[3]],
    [{ contactPerson: "" }, MESSAGES[4]],
    [{ phone: "  " }, MESSAGES[5]],
    [{ categoryIds: "" }, MESSAGES[6]],
    [{ categoryIds: "abc" }, MESSAGES[6]],
    [{ firstName: "x".repeat(201) }, MESSAGES[0]],
  ];
  for (const [override, message] of cases) {
    const body = await expectJson(await register(form(fields(override))), 400);
    assert.equal(body.message, message, JSON.stringify(override));
  }
  assert.deepEqual(await snapshot(), before);
});

Deno.test(`${tag} POST /api/vendor/register (JSON) reports the same messages, categories excepted`, async () => {
  const before = await snapshot();
  const empty = await expectJson<{ message: string; issues: { message: string }[] }>(await register({}), 400);
  assert.equal(empty.message, MESSAGES[0]);
  assert.deepEqual(empty.issues.map((i) => i.message), MESSAGES.slice(0, 6));
  const { categoryIds: _, ...rest } = fields();
  assert.equal((await expectJson(await register({ ...rest, phone: " " }), 400)).message, MESSAGES[5]);
  assert.equal((await expectJson(await register({ ...rest, email: "a@" }), 400)).message, MESSAGES[2]);
  assert.equal((await expectJson(await register({ ...rest, categoryIds: [] }), 400)).message, MESSAGES[6]);
  assert.deepEqual(await snapshot(), before);
});

Deno.test(`${tag} POST /api/vendor/register refuses unknown or inactive categories (400) and writes nothing`, async () => {
  const before = await snapshot();
  for (const ids of [[String(catA), "999999"], [String(catOff)]]) {
    const body = await expectJson(await register(form(fields({ categoryIds: ids }), fileOf(pdfBytes(), "l.pdf"))), 400);
    assert.equal(body.message, "One or more categories do not exist");
  }
  assert.deepEqual(await snapshot(), before);
});

Deno.test(`${tag} POST /api/vendor/register refuses an .exe renamed .pdf (415) and writes nothing`, async () => {
  const before = await snapshot();
  const email = newEmail();
  const body = await expectJson(
    await register(form(fields({ email }), fileOf(exeBytes(), "business-license.pdf", "application/pdf"))),
    415,
  );
  assert.equal(body.message, "File type must be .pdf, .jpg, .png");
  assert.deepEqual(await snapshot(), before, "no user, no profile, no categories, no file, no audit row");
  assert.equal((await db.query("select 1 from users where email = $1", [email])).length, 0);

  // Text pretending to be an image is no better.
  await expectJson(
    await register(form(fields(), fileOf(new TextEncoder().encode("<script>x</script>"), "l.png", "image/png"))),
    415,
  );
  assert.deepEqual(await snapshot(), before);
});

Deno.test(`${tag} POST /api/vendor/register refuses a license over 10 MB (413) and writes nothing`, async () => {
  const before = await snapshot();
  const email = newEmail();
  const body = await expectJson(await register(form(fields({ email }), fileOf(pdfOfSize(MAX + 1), "big.pdf"))), 413);
  assert.equal(body.message, `File is larger than ${MAX} bytes`);
  assert.deepEqual(await snapshot(), before);
  assert.equal((await db.query("select 1 from users where email = $1", [email])).length, 0);
});

// The limit itself does not depend on the backend; PGlite needs about ten seconds to store a 10 MB
// bytea (its parameter encoding), so the boundary is checked on PostgreSQL only.
Deno.test({
  name: `${tag} POST /api/vendor/register accepts a license of exactly 10 MB${
    testBackend() === "pglite" ? " (PostgreSQL only: slow on PGlite)" : ""
  }`,
  ignore: testBackend() === "pglite",
}, async () => {
  const ok = await registered(await register(form(fields(), fileOf(pdfOfSize(MAX), "max.pdf"))), 201);
  const [f] = await db.query<{ size_bytes: number }>(
    "select f.size_bytes from files f join vendor_profiles vp on vp.business_license_file_id = f.id where vp.user_id = $1",
    [ok.id],
  );
  assert.equal(f.size_bytes, MAX);
});

Deno.test(`${tag} POST /api/vendor/register answers an email already registered exactly like a new one, changes nothing and emails the owner`, async () => {
  const email = newEmail();
  const first = await registered(await register(form(fields({ email }), fileOf(pdfBytes(), "l.pdf"))));
  const staff = await createUser(db, "purchase_team");
  const before = await snapshot();
  const outboxBefore =
    (await db.query<{ n: number }>("select coalesce(max(id), 0)::int as n from notification_outbox"))[0].n;
  for (const again of [email, email.toUpperCase(), staff.email]) {
    const res = await register(
      form(fields({ email: again, companyName: "Someone Else" }), fileOf(pdfBytes("other"), "other.pdf")),
    );
    const body = await expectJson<Record<string, string>>(res, 201);
    assert.deepEqual(Object.keys(body).sort(), ["message", "registrationToken", "status"], again);
    assert.equal(body.status, "pending");
    assert.equal(body.message, first.message);
    assert.match(body.registrationToken, /^[A-Za-z0-9_-]{40,}$/);
    assert.notEqual(body.registrationToken, first.registrationToken);
    // Its token behaves like a real one (no oracle there either), and changes nothing.
    const follow = await followUp(body.registrationToken, [catB]);
    assert.deepEqual((await expectJson<{ categoryId: number }[]>(follow, 200)).map((r) => r.categoryId), [catB]);
  }
  assert.deepEqual(await snapshot(), before);
  const [profile] = await db.query("select company_name from vendor_profiles where user_id = $1", [first.id]);
  assert.equal(profile.company_name, "Analytical Engines Ltd");
  assert.deepEqual(await categoriesOf(first.id), [catA, catB]);
  // The owners hear of it by email, through the outbox.
  const mails = await db.query<{ recipient: string; subject: string; body: string }>(
    "select recipient, subject, body from notification_outbox where id > $1 order by id",
    [outboxBefore],
  );
  assert.deepEqual(mails.map((m) => m.recipient), [email, email, staff.email]);
  assert.match(mails[0].subject, /register/i);
  assert.match(mails[0].body, /already exists/);
});

Deno.test(`${tag} POST /api/vendor/register: the same email registered in parallel gives one vendor and the same answer to both`, async () => {
  const email = newEmail();
  const answers = await Promise.all([0, 1, 2].map(() => register(form(fields({ email })))));
  const statuses = answers.map((r) => r.status);
  const bodies = await Promise.all(answers.map((r) => r.json()));
  assert.deepEqual(statuses, [201, 201, 201]);
  for (const b of bodies) assert.deepEqual(Object.keys(b).sort(), ["message", "registrationToken", "status"]);
  const [{ n }] = await db.query<{ n: number }>("select count(*)::int as n from users where email = $1", [email]);
  assert.equal(n, 1);
});

Deno.test(`${tag} POST /api/vendor/register answers 415 for a body that is neither JSON nor multipart, 400 for broken JSON`, async () => {
  const before = await snapshot();
  const text = await app.request("/api/vendor/register", {
    method: "POST",
    headers: { "content-type": "text/plain" },
    body: "hi",
  });
  assert.equal((await expectJson(text, 415)).message, "Send application/json or multipart/form-data");
  const broken = await app.request("/api/vendor/register", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{",
  });
  assert.equal((await expectJson(broken, 400)).message, "Malformed JSON body");
  assert.deepEqual(await snapshot(), before);
});

Deno.test(`${tag} the spec's JSON path: register without categories, then set them with the registration's token`, async () => {
  const { categoryIds: _, ...json } = fields();
  const { id, registrationToken } = await registered(
    await register({ ...json, businessLicenseUrl: "https://files.example/license.pdf" }, {
      "x-forwarded-for": "198.51.100.20",
    }),
  );
  const [profile] = await db.query(
    "select status, business_license_file_id, business_license_url from vendor_profiles where user_id = $1",
    [id],
  );
  assert.deepEqual(profile, {
    status: "pending",
    business_license_file_id: null,
    business_license_url: "https://files.example/license.pdf",
  });
  assert.deepEqual(await categoriesOf(id), []);

  // The token is the credential, whatever the address (a phone switching networks keeps working).
  const body = await expectJson<{ categoryId: number }[]>(
    await followUp(registrationToken, [catB, catA], { "x-forwarded-for": "203.0.113.99" }),
    200,
  );
  assert.deepEqual(body.map((r) => r.categoryId).sort(), [catA, catB].sort());
  assert.deepEqual(await categoriesOf(id), [catA, catB]);
  const audits = await db.query<{ user_id: number | null; metadata: Record<string, unknown> }>(
    "select user_id, metadata from audit_logs where entity_type = 'vendor' and entity_id = $1 and action = 'UPDATE'",
    [String(id)],
  );
  assert.equal(audits.length, 1);
  assert.equal(audits[0].user_id, null);
  assert.deepEqual((audits[0].metadata.categoryIds as number[]).sort(), [catA, catB].sort());

  // The JSON body may carry the categories itself too.
  const withIds = await registered(await register({ ...fields(), categoryIds: [catA] }));
  assert.deepEqual(await categoriesOf(withIds.id), [catA]);
});

Deno.test(`${tag} a new vendor's categories cannot be changed signed out from the registrant's address without the token, nor with it after 30 minutes or approval`, async () => {
  const { categoryIds: _, ...json } = fields();
  const ip = { "x-forwarded-for": "192.0.2.44" };
  const { id, registrationToken } = await registered(await register(json, ip));

  // The address alone is no longer a credential (a shared office or NAT would share it).
  const sameAddress = await expectJson(await putCategories(id, [catA], ip), 403);
  assert.equal(sameAddress.message, "Sign in to change vendor categories");
  await expectJson(await putCategories(id, [catA]), 403);
  await expectJson(await followUp("x".repeat(43), [catA], ip), 403);
  // Another last character (a token ending in "A" once made this the same token: a 1-in-16 flake).
  const altered = registrationToken.slice(0, -1) + (registrationToken.endsWith("A") ? "B" : "A");
  await expectJson(await followUp(altered, [catA], ip), 403);

  await db.query("update registration_tokens set expires_at = now() - interval '1 second' where vendor_id = $1", [id]);
  await expectJson(await followUp(registrationToken, [catA]), 403);
  await db.query("update registration_tokens set expires_at = now() + interval '30 minutes' where vendor_id = $1", [
    id,
  ]);

  await db.query("update vendor_profiles set status = 'approved' where user_id = $1", [id]);
  await expectJson(await followUp(registrationToken, [catA]), 403);
  await db.query("update vendor_profiles set status = 'pending' where user_id = $1", [id]);

  // Another signed-in vendor may not either.
  const stranger = await as(t, "vendor");
  const res = await stranger.request(`/api/vendor/${id}/categories`, {
    method: "PUT",
    json: { categoryIds: [catA] },
    headers: ip,
  });
  assert.equal((await expectJson(res, 403)).message, "You can only change your own categories");

  assert.deepEqual(await categoriesOf(id), []);
  assert.equal(
    (await db.query("select 1 from audit_logs where entity_type = 'vendor' and entity_id = $1 and action = 'UPDATE'", [
      String(id),
    ])).length,
    0,
  );

  // Within the window with the token: allowed (the refusals above were not a broken route).
  await expectJson(await followUp(registrationToken, [catA]), 200);
  assert.deepEqual(await categoriesOf(id), [catA]);
});

Deno.test(`${tag} PUT /api/vendor/:id/categories: the vendor itself and an admin may; unknown vendor 404; bad categories 400`, async () => {
  const me = await as(t, "vendor", { categoryIds: [catA] });
  await expectJson(
    await me.request(`/api/vendor/${me.user.id}/categories`, { method: "PUT", json: { categoryIds: [catB] } }),
    200,
  );
  assert.deepEqual(await categoriesOf(me.user.id), [catB]);
  const admin = await as(t, "admin");
  await expectJson(
    await admin.request(`/api/vendor/${me.user.id}/categories`, { method: "PUT", json: { categoryIds: [catA, catB] } }),
    200,
  );
  assert.deepEqual(await categoriesOf(me.user.id), [catA, catB]);

  assert.equal(
    (await expectJson(
      await admin.request("/api/vendor/999999/categories", { method: "PUT", json: { categoryIds: [catA] } }),
      404,
    )).message,
    "Vendor not found",
  );
  const bad = await expectJson(
    await admin.request(`/api/vendor/${me.user.id}/categories`, { method: "PUT", json: { categoryIds: [catOff] } }),
    400,
  );
  assert.equal(bad.message, "One or more categories do not exist");
  assert.deepEqual(await categoriesOf(me.user.id), [catA, catB]);
});

Deno.test(`${tag} a pending (or rejected) vendor cannot sign in (401), an approved one can`, async () => {
  // Registered through the form: no password at all.
  const email = newEmail();
  await expectJson(await register(form(fields({ email }))), 201);
  const noPassword = await login(email, "anything-at-all");
  assert.deepEqual({ status: noPassword.status, message: noPassword.body.message }, {
    status: 401,
    message: "Invalid credentials",
  });

  // With a password, the status alone keeps it out.
  const pending = await createUser(db, "vendor", { vendorStatus: "pending" });
  const rejected = await createUser(db, "vendor", { vendorStatus: "rejected" });
  for (const v of [pending, rejected]) {
    const r = await login(v.email, v.password);
    assert.deepEqual({ status: r.status, message: r.body.message }, { status: 401, message: "Invalid credentials" });
  }
  await db.query("update vendor_profiles set status = 'approved' where user_id = $1", [pending.id]);
  assert.equal((await login(pending.email, pending.password)).status, 200);
});

// ---------------------------------------------------------------------------------------------
// Per-address limits and body caps on the public writes

Deno.test(`${tag} POST /api/vendor/register: beyond the per-address limit 429 with Retry-After, before the body is read; other addresses unaffected`, async () => {
  const limited = await testApp({ db, env: { TRUST_PROXY: "true", RATE_LIMIT_REGISTRATIONS_PER_HOUR: "2" } });
  const at = (ip: string, body: FormData) =>
    limited.app.request("/api/vendor/register", { method: "POST", headers: { "x-forwarded-for": ip }, body });
  const ip = "198.51.100.201";
  await registered(await at(ip, form(fields())));
  await registered(await at(ip, form(fields())));
  const before = await snapshot();
  const res = await at(ip, form(fields(), fileOf(pdfBytes("third"), "third.pdf")));
  await expectJson(res, 429);
  const retry = Number(res.headers.get("retry-after"));
  assert.ok(retry > 0 && retry <= 3600, `Retry-After ${retry}`);
  // Even a body that would be refused anyway is refused first by the limit (it is not parsed).
  await expectJson(await at(ip, form({})), 429);
  assert.deepEqual(await snapshot(), before, "nothing stored");
  await registered(await at("198.51.100.202", form(fields())));
});

Deno.test(`${tag} POST /api/vendor/register: a JSON body over 16 KB is 413`, async () => {
  const res = await register({ ...fields(), companyName: "x".repeat(20_000) });
  await expectJson(res, 413);
});

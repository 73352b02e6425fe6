/**
 * Input that used to be shifted, accepted or answered 500: impossible and past dates, dates in the
 * organisation's time zone, null bytes and lone
 * surrogates in text and queries (also on the public sign-in and registration), ids above the
 * `integer` range.
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";
import { dateInTimeZone } from "../../src/shared/schemas/common.ts";

const tag = `[input/${testBackend()}]`;
const t = await testApp();
Deno.test.afterAll(t.close);
const categoryId = await createCategory(t.db, "Input checks");
const admin = await as(t, "admin");
const team = await as(t, "purchase_team");

const DAY = 86_400_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();
const dayOf = (ms: number, tz = "UTC") => dateInTimeZone(new Date(Date.now() + ms), tz);

const fullPr = (deadline: string) => ({
  title: "Chairs",
  description: "Office chairs",
  department: "Operations",
  justification: "Worn out",
  deadline,
  items: [{ itemName: "Chair", quantity: 4, estimatedPrice: "100", categoryId }],
});
const bid = (deadline: string, biddingDeadline: string) => ({
  title: "Desks",
  description: "Standing desks",
  department: "Operations",
  deadline,
  biddingDeadline,
  qualificationCriteria: "Registered supplier",
  status: "draft",
  items: [{ itemName: "Desk", quantity: 2, estimatedPrice: "300", categoryId }],
});

async function issuePath(res: Response, status = 400) {
  const body = await expectError(res, status);
  return { body, paths: ((body.issues ?? []) as { path: string }[]).map((i) => i.path) };
}

Deno.test(`${tag} impossible and out-of-range dates are refused with 400 naming the field, never shifted`, async () => {
  for (const deadline of ["2027-02-30", "0001-01-01", "-000001-01-01", "+275760-09-13", "2027-13-01", "tomorrow"]) {
    const before = (await t.db.query("select count(*)::int as n from purchase_requests"))[0];
    const full = await issuePath(
      await team.request("/api/purchase-requests", { method: "POST", json: fullPr(deadline) }),
    );
    assert.deepEqual(full.paths, ["deadline"], deadline);
    const quick = await issuePath(
      await team.request("/api/purchase-requests", {
        method: "POST",
        json: { title: "Quick", deadline, items: [{ name: "Pen", quantity: 1 }] },
      }),
    );
    assert.deepEqual(quick.paths, ["deadline"], deadline);
    const b = await issuePath(
      await team.request("/api/bid-requests", { method: "POST", json: bid(deadline, iso(DAY)) }),
    );
    assert.deepEqual(b.paths, ["deadline"], deadline);
    const b2 = await issuePath(
      await team.request("/api/bid-requests", { method: "POST", json: bid(iso(30 * DAY), deadline) }),
    );
    assert.deepEqual(b2.paths, ["biddingDeadline"], deadline);
    assert.deepEqual((await t.db.query("select count(*)::int as n from purchase_requests"))[0], before);
  }
});

Deno.test(`${tag} deadlines in the past are refused; a real future date is kept as given`, async () => {
  const past = await issuePath(
    await team.request("/api/purchase-requests", { method: "POST", json: fullPr("2020-01-01") }),
  );
  assert.deepEqual(past.paths, ["deadline"]);
  assert.match(past.body.message, /past/);
  const pastBid = await issuePath(
    await team.request("/api/bid-requests", { method: "POST", json: bid("2021-06-01", "2021-05-01T10:00:00Z") }),
  );
  assert.deepEqual(pastBid.paths, ["biddingDeadline"]);
  const pastBiddingOnly = await issuePath(
    await team.request("/api/bid-requests", { method: "POST", json: bid(dayOf(30 * DAY), iso(-DAY)) }),
  );
  assert.deepEqual(pastBiddingOnly.paths, ["biddingDeadline"]);
  // Bidding must close before the project deadline's day.
  const order = await issuePath(
    await team.request("/api/bid-requests", { method: "POST", json: bid(dayOf(10 * DAY), iso(12 * DAY)) }),
  );
  assert.deepEqual(order.paths, ["biddingDeadline"]);
  assert.match(order.body.message, /before project deadline/);

  const leap = "2028-02-29";
  const created = await expectJson<{ id: number }>(
    await team.request("/api/purchase-requests", { method: "POST", json: fullPr(leap) }),
    201,
  );
  const [row] = await t.db.query<{ d: string }>(
    "select to_char(deadline at time zone 'UTC', 'YYYY-MM-DD') as d from purchase_requests where id = $1",
    [created.id],
  );
  assert.equal(row.d, leap);
  await expectJson(
    await team.request("/api/bid-requests", { method: "POST", json: bid(dayOf(30 * DAY), iso(20 * DAY)) }),
    201,
  );
});

Deno.test(`${tag} "today" is taken in the organisation's time zone (system setting, exposed in /api/meta)`, async () => {
  const meta = await expectJson<{ timeZone: string }>(await t.app.request("/api/meta"), 200);
  assert.equal(meta.timeZone, "UTC");
  // A zone whose calendar day differs from UTC's right now: west of UTC before noon, east after.
  const tz = new Date().getUTCHours() < 12 ? "Etc/GMT+12" : "Etc/GMT-14";
  const localToday = dayOf(0, tz);
  const utcToday = dayOf(0);
  assert.notEqual(localToday, utcToday);
  const settings = await expectJson<Record<string, unknown>>(await admin.request("/api/admin/system-settings"), 200);
  assert.equal(settings.timeZone, "UTC");
  const bad = await issuePath(
    await admin.request("/api/admin/save-system-settings", {
      method: "POST",
      json: { defaultDeadline: 7, autoReminder: 24, enableVendorMatching: true, timeZone: "Mars/Olympus" },
    }),
  );
  assert.deepEqual(bad.paths, ["timeZone"]);
  await expectJson(
    await admin.request("/api/admin/save-system-settings", {
      method: "POST",
      json: { defaultDeadline: 7, autoReminder: 24, enableVendorMatching: true, timeZone: tz },
    }),
    200,
  );
  try {
    assert.equal((await expectJson<{ timeZone: string }>(await t.app.request("/api/meta"), 200)).timeZone, tz);
    const earlier = localToday < utcToday ? localToday : utcToday;
    const later = localToday < utcToday ? utcToday : localToday;
    // The earlier of the two days is "today" only west of UTC.
    const res = await team.request("/api/purchase-requests", { method: "POST", json: fullPr(earlier) });
    if (earlier === localToday) await expectJson(res, 201);
    else assert.deepEqual((await issuePath(res)).paths, ["deadline"]);
    await expectJson(await team.request("/api/purchase-requests", { method: "POST", json: fullPr(later) }), 201);
  } finally {
    await admin.request("/api/admin/save-system-settings", {
      method: "POST",
      json: { defaultDeadline: 7, autoReminder: 24, enableVendorMatching: true, timeZone: "UTC" },
    });
  }
});

const BAD_TEXT = ["nul\u0000byte", "lone \uD800 high", "lone \uDC00 low"];

Deno.test(`${tag} null bytes and lone surrogates are refused with 400 in text fields, incl. public ones`, async () => {
  for (const bad of BAD_TEXT) {
    const login = await t.app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: bad, password: bad }),
    });
    await expectError(login, 400);
    const adminLogin = await t.app.request("/api/admin/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: bad, password: "x" }),
    });
    await expectError(adminLogin, 400);
    const form = new FormData();
    for (const [k, v] of Object.entries({ firstName: bad, lastName: "L", email: "x@example.com", companyName: "C" })) {
      form.set(k, v);
    }
    form.set("contactPerson", "P");
    form.set("phone", "1");
    form.append("categoryIds", String(categoryId));
    const reg = await t.app.request("/api/vendor/register", { method: "POST", body: form });
    // A multipart body is UTF-8: a lone surrogate arrives as U+FFFD (normalised), a null byte is refused.
    if (bad.includes("\u0000")) assert.deepEqual((await issuePath(reg)).paths, ["firstName"]);
    else assert.ok(reg.status < 500, `registration → ${reg.status}`);
    const pr = await issuePath(
      await team.request("/api/purchase-requests", { method: "POST", json: { ...fullPr(dayOf(9 * DAY)), title: bad } }),
    );
    assert.deepEqual(pr.paths, ["title"]);
    const cat = await issuePath(await admin.request("/api/categories", { method: "POST", json: { name: bad } }));
    assert.deepEqual(cat.paths, ["name"]);
  }
  for (const [path, field] of [["/api/purchase-requests", "q"], ["/api/admin/users", "q"]]) {
    assert.deepEqual((await issuePath(await admin.request(`${path}?${field}=a%00b`))).paths, [field]);
    // Percent-encoded surrogate halves are not UTF-8: never a 500 (kept as typed or refused).
    const res = await admin.request(`${path}?${field}=%ED%A0%80`);
    assert.ok(res.status < 500, `${path} → ${res.status}`);
    await res.body?.cancel();
  }
  assert.equal(
    (await t.db.query<{ n: number }>(
      "select count(*)::int as n from categories where name like 'nul%' or name like 'lone%'",
    ))[0].n,
    0,
  );
});

Deno.test(`${tag} ids beyond 2147483647 in paths and queries answer 400 or 404, never 500`, async () => {
  for (
    const path of [
      "/api/admin/vendors/2147483648",
      "/api/purchase-requests/2147483648",
      "/api/bid-requests/2147483648",
      "/api/quotations/2147483648",
      "/api/purchase-requests?categoryId=2147483648",
      "/api/admin/audit-logs?userId=2147483648",
      "/api/admin/users?roleId=2147483648",
      "/api/quotations?purchaseRequestId=2147483648",
    ]
  ) {
    const res = await admin.request(path);
    assert.ok(res.status === 400 || res.status === 404, `${path} → ${res.status}`);
    await expectError(res, res.status);
  }
  const put = await admin.request("/api/categories/2147483648", { method: "PUT", json: { name: "Renamed" } });
  assert.ok(put.status === 400 || put.status === 404, `PUT category → ${put.status}`);
  await put.body?.cancel();
  const pr = await issuePath(
    await team.request("/api/purchase-requests", {
      method: "POST",
      json: { ...fullPr(dayOf(9 * DAY)), items: [{ itemName: "Chair", quantity: 1, categoryId: 2147483648 }] },
    }),
  );
  assert.deepEqual(pr.paths, ["items.0.categoryId"]);
});

/**
 * Admin system analytics and one vendor's scorecard: known rows inserted with SQL, then
 * the exact figures (users by role and last sign-in, sign-ins per day in the organisation's time
 * zone, outbox, storage), who may see them, and the scorecard route of vendor management.
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory, createUser, TEST_PASSWORD } from "../helpers/users.ts";

const tag = `[system-analytics/${testBackend()}]`;

const t = await testApp();
Deno.test.afterAll(t.close);
const db = t.db;

const office = await createCategory(db, "Office supplies");
const admin = await as(t, "admin");
const finance = await as(t, "cost_finance_controller");
const team = await as(t, "purchase_team");
const v1 = await as(t, "vendor", { categoryIds: [office] });
const v2 = await createUser(db, "vendor", { categoryIds: [office] });
const pm = await createUser(db, "procurement_manager", { active: false });

// Last sign-ins, one per bucket (the sign-ins above set them to now; these replace them).
await db.query("update users set last_login_at = null where id = $1", [team.user.id]);
for (
  const [id, ago] of [[admin.user.id, "0"], [finance.user.id, "3 days"], [v1.user.id, "10 days"], [pm.id, "40 days"]]
) {
  await db.query("update users set last_login_at = now() - $2::interval where id = $1", [id, ago]);
}

// Sign-in attempts at known moments (the test's own sign-ins are removed first).
await db.query("delete from login_attempts");
for (
  const [at, ok] of [
    ["2025-02-28T23:30:00Z", true], // the day before the range
    ["2025-03-01T08:00:00Z", true],
    ["2025-03-01T09:00:00Z", true],
    ["2025-03-01T10:00:00Z", false],
    ["2025-03-03T12:00:00Z", true],
    ["2025-03-03T23:59:59Z", false],
    ["2025-03-03T23:59:59Z", false],
    ["2025-03-04T00:00:00Z", false], // the day after
  ] as const
) {
  await db.query(
    "insert into login_attempts (identifier, ip, succeeded, created_at) values ('x@test', '10.0.0.1', $1, $2)",
    [
      ok,
      at,
    ],
  );
}

// Outbox: in the range 2 pending, 1 sending, 3 sent, 1 logged, 1 failed; one sent before it.
for (
  const [status, at] of [
    ["pending", "2025-03-01T10:00:00Z"],
    ["pending", "2025-03-02T10:00:00Z"],
    ["sending", "2025-03-02T10:00:00Z"],
    ["sent", "2025-03-01T10:00:00Z"],
    ["sent", "2025-03-02T10:00:00Z"],
    ["sent", "2025-03-03T23:00:00Z"],
    ["logged", "2025-03-03T10:00:00Z"],
    ["failed", "2025-03-03T10:00:00Z"],
    ["sent", "2025-02-27T10:00:00Z"],
  ]
) {
  await db.query(
    "insert into notification_outbox (recipient, subject, body, status, created_at) values ('a@test', 's', 'b', $1, $2)",
    [status, at],
  );
}

// Files: 3000 bytes of licences and 250 of OCR sources in the database, 500 bytes in object storage.
for (
  const [purpose, size, storage] of [
    ["business_license", 1000, "db"],
    ["business_license", 2000, "db"],
    ["quotation_attachment", 500, "s3"],
    ["ocr_source", 250, "db"],
  ] as const
) {
  await db.query(
    `insert into files (filename, content_type, size_bytes, sha256, storage, storage_key, data, purpose)
     values ('f.pdf', 'application/pdf', $1, 'x', $2, $3, $4, $5)`,
    [size, storage, storage === "s3" ? "key" : null, storage === "db" ? new Uint8Array([0]) : null, purpose],
  );
}

const zero = { users: 0, inactive: 0, today: 0, week: 0, month: 0, older: 0, never: 0 };
type Analytics = {
  range: { from: string; to: string; truncated: boolean; timeZone: string };
  users: unknown;
  signIns: { total: unknown; byDay: { day: string; succeeded: number; failed: number; lockouts: number }[] };
  outbox: unknown;
  storage: unknown;
  database: { bytes: number };
};

Deno.test(`${tag} GET /api/reports/system: users by role and last sign-in, sign-ins per day, outbox, storage`, async () => {
  const body = await expectJson<Analytics>(
    await admin.request("/api/reports/system?from=2025-03-01&to=2025-03-03"),
    200,
  );
  assert.deepEqual(body.range, { from: "2025-03-01", to: "2025-03-03", truncated: false, timeZone: "UTC" });
  assert.deepEqual(body.users, {
    total: 6,
    inactive: 1,
    byRole: [
      { ...zero, role: "admin", users: 1, today: 1 },
      { ...zero, role: "purchase_team", users: 1, never: 1 },
      { ...zero, role: "procurement_manager", users: 1, inactive: 1, older: 1 },
      { ...zero, role: "cost_finance_controller", users: 1, week: 1 },
      { ...zero, role: "vendor", users: 2, month: 1, never: 1 },
    ],
    byActivity: [
      { activity: "today", users: 1 },
      { activity: "week", users: 1 },
      { activity: "month", users: 1 },
      { activity: "older", users: 1 },
      { activity: "never", users: 2 },
    ],
  });
  assert.deepEqual(body.signIns, {
    total: { succeeded: 3, failed: 3, lockouts: 0 },
    byDay: [
      { day: "2025-03-01", succeeded: 2, failed: 1, lockouts: 0 },
      { day: "2025-03-02", succeeded: 0, failed: 0, lockouts: 0 },
      { day: "2025-03-03", succeeded: 1, failed: 2, lockouts: 0 },
    ],
  });
  assert.deepEqual(body.outbox, {
    delivered: 3,
    kept: 1,
    pending: 3,
    failed: 1,
    byStatus: [
      { status: "pending", count: 2 },
      { status: "sending", count: 1 },
      { status: "sent", count: 3 },
      { status: "logged", count: 1 },
      { status: "failed", count: 1 },
    ],
  });
  assert.deepEqual(body.storage, {
    files: 4,
    bytes: 3750,
    databaseBytes: 3250,
    objectStorageBytes: 500,
    byPurpose: [
      { purpose: "business_license", files: 2, bytes: 3000 },
      { purpose: "quotation_attachment", files: 1, bytes: 500 },
      { purpose: "ocr_source", files: 1, bytes: 250 },
      { purpose: "backup", files: 0, bytes: 0 },
      { purpose: "other", files: 0, bytes: 0 },
    ],
  });
  const [{ bytes }] = await db.query<{ bytes: number }>("select pg_database_size(current_database())::float8 as bytes");
  assert.ok(Number.isInteger(body.database.bytes) && body.database.bytes > 0);
  assert.ok(Math.abs(body.database.bytes - bytes) < 1024 * 1024, `${body.database.bytes} vs ${bytes}`);
});

Deno.test(`${tag} GET /api/reports/system: the last 30 days without a range, at most 731 days with one`, async () => {
  const today = new Date().toISOString().slice(0, 10);
  const recent = await expectJson<Analytics>(await admin.request("/api/reports/system"), 200);
  assert.equal(recent.range.to, today);
  assert.equal(recent.signIns.byDay.length, 30);
  assert.equal(recent.signIns.byDay.at(-1)!.day, today);
  assert.deepEqual(recent.outbox, {
    delivered: 0,
    kept: 0,
    pending: 0,
    failed: 0,
    byStatus: ["pending", "sending", "sent", "logged", "failed"].map((status) => ({ status, count: 0 })),
  });

  const long = await expectJson<Analytics>(
    await admin.request("/api/reports/system?from=2020-01-01&to=2025-03-03"),
    200,
  );
  const from = new Date(Date.UTC(2025, 2, 3 - 730)).toISOString().slice(0, 10);
  assert.deepEqual(long.range, { from, to: "2025-03-03", truncated: true, timeZone: "UTC" });
  assert.equal(long.signIns.byDay.length, 731);
  assert.deepEqual(long.signIns.total, { succeeded: 4, failed: 3, lockouts: 0 });
});

Deno.test(`${tag} GET /api/reports/system is for administrators only; bad input is 400`, async () => {
  await expectError(await t.app.request("/api/reports/system"), 401);
  for (const s of [finance, team, v1]) {
    await expectError(await s.request("/api/reports/system"), 403, "generic.missingPermission");
    await expectError(await s.request("/api/reports/system/export.csv"), 403, "generic.missingPermission");
  }
  await expectError(await admin.request("/api/reports/system?from=2025-03-05&to=2025-03-01"), 400);
  await expectError(await admin.request("/api/reports/system?from=yesterday"), 400);
});

Deno.test(`${tag} GET /api/reports/system/export.csv: the figures as CSV, the range in the name and first lines`, async () => {
  const res = await admin.request("/api/reports/system/export.csv?from=2025-03-01&to=2025-03-03");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/csv; charset=utf-8");
  assert.equal(
    res.headers.get("content-disposition"),
    'attachment; filename="report-system_2025-03-01_2025-03-03.csv"',
  );
  const lines = (await res.text()).split("\r\n");
  assert.equal(lines[0], "# Report: system");
  assert.equal(lines[1], "# Filters: from=2025-03-01; to=2025-03-03");
  assert.equal(lines[3], "section,key,measure,value");
  for (
    const l of [
      "users,vendor,total,2",
      "users,all,never,2",
      "signIns,2025-03-03,failed,2",
      "outbox,sent,messages,3",
      "storage,business_license,bytes,3000",
      "storage,all,bytes,3750",
    ]
  ) assert.ok(lines.includes(l), l);
  const [entry] = await db.query<{ entity_id: string }>(
    "select entity_id from audit_logs where action = 'EXPORT' and entity_type = 'report' order by id desc limit 1",
  );
  assert.equal(entry.entity_id, "system");
});

Deno.test(`${tag} GET /api/reports/system/export.xlsx: the same figures as a workbook, the range in the name and first rows`, async () => {
  const res = await admin.request("/api/reports/system/export.xlsx?from=2025-03-01&to=2025-03-03");
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
  assert.equal(
    res.headers.get("content-disposition"),
    'attachment; filename="report-system_2025-03-01_2025-03-03.xlsx"',
  );
  const ExcelJS = (await import("exceljs")).default;
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await res.arrayBuffer());
  const sheet = book.getWorksheet("system")!;
  const rows: unknown[][] = [];
  sheet.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  assert.deepEqual(rows.slice(0, 2), [["# Report: system"], ["# Filters: from=2025-03-01; to=2025-03-03"]]);
  assert.match(String(rows[2][0]), /^# Time zone: /);
  assert.deepEqual(rows[3], ["section", "key", "measure", "value"]);
  // Counts and sizes are numbers in the sheet, as in the CSV's rows.
  for (
    const r of [
      ["range", "from", "day", "2025-03-01"],
      ["users", "vendor", "total", 2],
      ["users", "all", "never", 2],
      ["signIns", "2025-03-01", "succeeded", 2],
      ["signIns", "2025-03-03", "failed", 2],
      ["outbox", "sent", "messages", 3],
      ["storage", "business_license", "bytes", 3000],
      ["storage", "all", "bytes", 3750],
    ]
  ) assert.ok(rows.some((row) => JSON.stringify(row) === JSON.stringify(r)), JSON.stringify(r));
  const [entry] = await db.query<{ entity_id: string; metadata: { format: string } }>(
    "select entity_id, metadata from audit_logs where action = 'EXPORT' and entity_type = 'report' order by id desc limit 1",
  );
  assert.deepEqual([entry.entity_id, entry.metadata.format], ["system", "xlsx"]);
  for (const s of [finance, team, v1]) {
    await expectError(await s.request("/api/reports/system/export.xlsx"), 403, "generic.missingPermission");
  }
  await expectError(await t.app.request("/api/reports/system/export.xlsx"), 401);
  await expectError(await admin.request("/api/reports/system/export.xlsx?from=2025-03-05&to=2025-03-01"), 400);
});

Deno.test(`${tag} GET /api/reports/system counts days in the organisation's time zone, failures and throttle locks`, async () => {
  const t2 = await testApp();
  try {
    await t2.db.query(
      "insert into settings (key, value, category) values ('organisation_time_zone', 'Indian/Maldives', 'system')",
    );
    const boss = await as(t2, "admin");
    await t2.db.query("delete from login_attempts");
    // 23:30 UTC on the 28th is 04:30 on 1 March in Malé (UTC+5); 19:30 UTC on 3 March is already the 4th.
    for (const at of ["2025-02-28T23:30:00Z", "2025-03-03T19:30:00Z"]) {
      await t2.db.query(
        "insert into login_attempts (identifier, ip, succeeded, created_at) values ('x', 'y', true, $1)",
        [
          at,
        ],
      );
    }
    const march = await expectJson<Analytics>(
      await boss.request("/api/reports/system?from=2025-03-01&to=2025-03-04"),
      200,
    );
    assert.equal(march.range.timeZone, "Indian/Maldives");
    assert.deepEqual(march.signIns.byDay.map((d) => [d.day, d.succeeded]), [
      ["2025-03-01", 1],
      ["2025-03-02", 0],
      ["2025-03-03", 0],
      ["2025-03-04", 1],
    ]);

    // Five wrong passwords are five failures; the sixth attempt is refused and locks the account.
    const user = await createUser(t2.db, "purchase_team");
    const wrong = () =>
      t2.app.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: user.email, password: `${TEST_PASSWORD}x` }),
      });
    for (let i = 0; i < 5; i++) await expectError(await wrong(), 401);
    await expectError(await wrong(), 429);
    const now = await expectJson<Analytics>(await boss.request("/api/reports/system?range=last30"), 200);
    assert.deepEqual(now.signIns.total, { succeeded: 0, failed: 5, lockouts: 1 });
    assert.deepEqual(now.signIns.byDay.at(-1), { day: now.range.to, succeeded: 0, failed: 5, lockouts: 1 });
  } finally {
    await t2.close();
  }
});

// ---------------------------------------------------------------------------------------------
// one vendor's scorecard (vendor management)

const [{ id: pr }] = await db.query<{ id: number }>(
  `insert into purchase_requests (request_number, title, status, request_type, category_id, department, deadline,
      estimated_budget, created_by, created_at)
   values ('PR-2025-0001', 'Chairs', 'completed', 'vendor_quote', $1, 'Facilities', '2025-06-01', 1000, $2,
      '2025-01-10T00:00:00Z') returning id`,
  [office, team.user.id],
);
await db.query(
  `insert into purchase_request_events (purchase_request_id, actor_id, action, stage, from_status, to_status, created_at)
   values ($1, $2, 'approved', 'manager', 'pending', 'active', '2025-01-12T00:00:00Z')`,
  [pr, admin.user.id],
);
const quote = async (vendorId: number, amount: string, at: string) =>
  (await db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, total_amount, valid_until, submitted_at)
     values ($1, $2, $3::numeric, '2025-12-31', $4) returning id`,
    [vendorId, pr, amount, at],
  ))[0].id;
const q1 = await quote(v1.user.id, "900.00", "2025-01-13T00:00:00Z");
await quote(v2.id, "990.00", "2025-01-14T12:00:00Z");
const [{ id: po }] = await db.query<{ id: number }>(
  `insert into purchase_orders (po_number, quotation_id, vendor_id, purchase_request_id, total_amount, created_by, created_at)
   values ('PO-2025-0001', $1, $2, $3, 900, $4, '2025-01-20T00:00:00Z') returning id`,
  [q1, v1.user.id, pr, admin.user.id],
);
await db.query(
  `insert into awards (purchase_request_id, purchase_order_id, quotation_id, awarded_by, created_at)
   values ($1, $2, $3, $4, '2025-01-20T00:00:00Z')`,
  [pr, po, q1, admin.user.id],
);

Deno.test(`${tag} GET /api/reports/vendors/:id: that vendor's scorecard only, for staff with reports.view`, async () => {
  const one = await expectJson(await finance.request(`/api/reports/vendors/${v1.user.id}`), 200);
  assert.deepEqual(one, {
    vendors: [{
      vendorId: v1.user.id,
      companyName: `Vendor Co ${v1.user.id}`,
      opportunities: 1,
      quotations: 1,
      responseRate: 100,
      wins: 1,
      winRate: 100,
      medianResponseDays: 1,
      averageAboveLowestPercent: 0,
      awardedTotal: "900.00",
      deliveries: 0,
      onTimeRate: null,
      averageDaysLate: null,
    }],
  });
  const other = await expectJson(
    await team.request(`/api/reports/vendors/${v2.id}?from=2025-01-01&to=2025-01-31`),
    200,
  );
  assert.deepEqual(other, {
    vendors: [{
      vendorId: v2.id,
      companyName: `Vendor Co ${v2.id}`,
      opportunities: 1,
      quotations: 1,
      responseRate: 100,
      wins: 0,
      winRate: 0,
      medianResponseDays: 2.5,
      averageAboveLowestPercent: 10,
      awardedTotal: "0.00",
      deliveries: 0,
      onTimeRate: null,
      averageDaysLate: null,
    }],
  });
  // outside the range: no opportunity, no quotation
  const later = await expectJson<{ vendors: { opportunities: number; quotations: number }[] }>(
    await finance.request(`/api/reports/vendors/${v1.user.id}?from=2025-02-01`),
    200,
  );
  assert.deepEqual([later.vendors[0].opportunities, later.vendors[0].quotations], [0, 0]);
});

Deno.test(`${tag} GET /api/reports/vendors/:id refuses vendors, unknown vendors and bad ids`, async () => {
  await expectError(await t.app.request(`/api/reports/vendors/${v1.user.id}`), 401);
  // a vendor never reads another vendor's scorecard, nor its own through this route
  await expectError(await v1.request(`/api/reports/vendors/${v2.id}`), 403, "generic.missingPermission");
  await expectError(await v1.request(`/api/reports/vendors/${v1.user.id}`), 403, "generic.missingPermission");
  await expectError(await finance.request(`/api/reports/vendors/${team.user.id}`), 404, "vendors.notFound");
  await expectError(await finance.request("/api/reports/vendors/999999"), 404, "vendors.notFound");
  await expectError(await finance.request("/api/reports/vendors/abc"), 400);
  // the vendor's own scorecard is still /me
  const me = await expectJson<{ vendors: { vendorId: number }[] }>(await v1.request("/api/reports/vendors/me"), 200);
  assert.deepEqual(me.vendors.map((v) => v.vendorId), [v1.user.id]);
});

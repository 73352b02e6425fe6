/** The audit trail for administrators: filters, paging, CSV export, append-only table. */
import assert from "node:assert/strict";
import { expectJson, testApp, withoutCode } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createUser, sessionRequest, TEST_PASSWORD } from "../helpers/users.ts";
import { backupText } from "../helpers/backup.ts";

const tag = `[audit-logs/${testBackend()}]`;
const t = await testApp();
const { app, db } = t;
Deno.test.afterAll(() => t.close());

const admin = await as(t, "admin");

interface Entry {
  id: number;
  userId: number | null;
  action: string;
  entityType: string;
  entityId: string | null;
  timestamp: string;
  metadata: Record<string, unknown>;
  ip: string | null;
  userAgent: string | null;
  userEmail: string | null;
  userName: string | null;
}

async function list(query: string) {
  const res = await admin.request(`/api/admin/audit-logs${query}`);
  const items = await expectJson<Entry[]>(res, 200);
  return { items, total: Number(res.headers.get("x-total-count")) };
}

const count = async (where: string, params: unknown[] = []) =>
  (await db.query<{ n: number }>(`select count(*)::int as n from audit_logs where ${where}`, params))[0].n;

async function signInWithAgent(email: string, agent: string) {
  const res = await app.request("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", "user-agent": agent },
    body: JSON.stringify({ email, password: TEST_PASSWORD }),
  });
  await expectJson(res, 200);
}

/** RFC 4180 rows (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [], cell = "", quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') cell += '"', i++;
      else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ",") row.push(cell), cell = "";
    else if (ch === "\r" && text[i + 1] === "\n") {
      row.push(cell), rows.push(row), row = [], cell = "";
      i++;
    } else cell += ch;
  }
  if (cell || row.length) row.push(cell), rows.push(row);
  return rows;
}

// A user with entries 10 days, 3 days and a moment old. The chaining trigger stamps created_at with
// the clock, so the old ones are written with it switched off (this file's database only).
const subject = await createUser(db, "purchase_team");
await db.tx(async (tx) => {
  await tx.query("alter table audit_logs disable trigger audit_logs_chain");
  await tx.query(
    `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, created_at) values
       ($1, 'CREATE', 'purchase_request', '1', '{"age":"10d"}', now() - interval '10 days'),
       ($1, 'UPDATE', 'purchase_request', '1', '{"age":"3d"}', now() - interval '3 days')`,
    [subject.id],
  );
  await tx.query("alter table audit_logs enable trigger audit_logs_chain");
});
await signInWithAgent(subject.email, '=HYPERLINK("http://evil.example","x")');
await signInWithAgent(subject.email, "Mozilla/5.0 (audit test)");

// ---------------------------------------------------------------------------------------------

Deno.test(`${tag} GET /api/admin/audit-logs: entries newest first with user, IP and user agent; default range 7 days`, async () => {
  const { items, total } = await list(`?userId=${subject.id}`);
  assert.deepEqual(
    items.map((e) => e.action),
    ["LOGIN", "LOGIN", "UPDATE"],
    "10-day-old entry outside the default 7 days",
  );
  assert.equal(total, 3);
  assert.ok(items[0].id > items[1].id && items[1].id > items[2].id);
  const login = items[0];
  assert.equal(login.userId, subject.id);
  assert.equal(login.userEmail, subject.email);
  assert.equal(login.userName, "Test purchase_team");
  assert.equal(login.entityType, "user");
  assert.equal(login.entityId, String(subject.id));
  assert.equal(login.userAgent, "Mozilla/5.0 (audit test)");
  assert.equal(typeof login.ip, "string");
  assert.deepEqual(login.metadata, { method: "password" });
  assert.ok(Math.abs(new Date(login.timestamp).getTime() - Date.now()) < 60_000);
  const explicit = await list(`?userId=${subject.id}&range=7d`);
  assert.deepEqual(explicit.items.map((e) => e.id), items.map((e) => e.id));
});

Deno.test(`${tag} GET /api/admin/audit-logs range: 24h, 7d, 30d and all include exactly the entries of their window`, async () => {
  const ages = async (range: string) =>
    (await list(`?userId=${subject.id}&range=${range}`)).items.map((e) => (e.metadata.age as string) ?? "now");
  assert.deepEqual(await ages("24h"), ["now", "now"]);
  assert.deepEqual(await ages("7d"), ["now", "now", "3d"]);
  assert.deepEqual(await ages("30d"), ["now", "now", "3d", "10d"]);
  assert.deepEqual(await ages("all"), ["now", "now", "3d", "10d"]);
  // Over the whole table: the wider the range, the more entries; every recent entry is in the last 24 h.
  const totals = await Promise.all(["24h", "7d", "30d", "all"].map(async (r) => (await list(`?range=${r}`)).total));
  assert.ok(totals[0] <= totals[1] && totals[1] <= totals[2] && totals[2] <= totals[3], String(totals));
  assert.equal(totals[3], await count("true"));
  assert.equal(totals[0], await count("created_at > now() - interval '24 hours'"));
  for (const bad of ["?range=1y", "?limit=0", "?limit=501", "?offset=-1", "?userId=abc", "?action=login"]) {
    const res = await admin.request(`/api/admin/audit-logs${bad}`);
    assert.equal(res.status, 400, bad);
    await res.body?.cancel();
  }
  assert.equal(
    (await expectJson(await admin.request("/api/admin/audit-logs?action=login"), 400)).message,
    "Invalid action",
  );
});

Deno.test(`${tag} GET /api/admin/audit-logs filters by userId and action exactly`, async () => {
  const other = await as(t, "procurement_manager");
  await other.request("/api/auth/logout", { method: "POST" }).then((r) => r.body?.cancel());
  const byUser = await list(`?userId=${other.user.id}&range=all`);
  assert.ok(byUser.items.length >= 2);
  assert.ok(byUser.items.every((e) => e.userId === other.user.id));
  assert.equal(byUser.total, await count("user_id = $1", [other.user.id]));

  const logins = await list("?action=LOGIN&range=all&limit=500");
  assert.ok(logins.items.length >= 4);
  assert.ok(logins.items.every((e) => e.action === "LOGIN"));
  assert.equal(logins.total, await count("action = 'LOGIN'"));

  const both = await list(`?action=LOGOUT&userId=${other.user.id}&range=all`);
  assert.deepEqual(both.items.map((e) => [e.action, e.userId]), [["LOGOUT", other.user.id]]);
  assert.equal(both.total, 1);
  assert.deepEqual(await list("?action=NO_SUCH_ACTION&range=all"), { items: [], total: 0 });

  const actions = await expectJson<string[]>(await admin.request("/api/admin/audit-logs/actions"), 200);
  const distinct = (await db.query<{ action: string }>("select distinct action from audit_logs order by action")).map((
    r,
  ) => r.action);
  assert.deepEqual(actions, distinct);
  assert.ok(actions.includes("LOGIN") && actions.includes("LOGOUT"));
});

Deno.test(`${tag} GET /api/admin/audit-logs pages with limit and offset; X-Total-Count is the full count`, async () => {
  const all = await list("?range=all&limit=500");
  const n = await count("true");
  assert.equal(all.total, n);
  assert.equal(all.items.length, n);
  const defaultPage = await list("?range=all");
  assert.equal(defaultPage.items.length, Math.min(10, n), "10 most recent by default");
  const p1 = await list("?range=all&limit=2&offset=0");
  const p2 = await list("?range=all&limit=2&offset=2");
  assert.equal(p1.total, n);
  assert.equal(p2.total, n);
  assert.deepEqual([...p1.items, ...p2.items].map((e) => e.id), all.items.slice(0, 4).map((e) => e.id));
  const beyond = await list(`?range=all&limit=5&offset=${n}`);
  assert.deepEqual(beyond.items, []);
  assert.equal(beyond.total, n);
});

Deno.test(`${tag} GET /api/admin/audit-logs/export streams CSV of all matching rows, neutralises formulas, is audited`, async () => {
  const before = await count("action = 'EXPORT'");
  const res = await admin.request(`/api/admin/audit-logs/export?userId=${subject.id}&range=all`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get("content-type") ?? "", /^text\/csv/);
  assert.match(
    res.headers.get("content-disposition") ?? "",
    /^attachment; filename="audit-logs-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  const rows = parseCsv(await res.text());
  assert.deepEqual(rows[0], [
    "id",
    "timestamp",
    "userId",
    "userEmail",
    "action",
    "entityType",
    "entityId",
    "ip",
    "userAgent",
    "metadata",
  ]);
  const body = rows.slice(1);
  assert.equal(body.length, await count("user_id = $1", [subject.id]));
  assert.deepEqual(body.map((r) => r[4]), ["LOGIN", "LOGIN", "UPDATE", "CREATE"]);
  assert.ok(body.every((r) => r[2] === String(subject.id) && r[3] === subject.email));
  assert.deepEqual(JSON.parse(body[3][9]), { age: "10d" }, "metadata as JSON");
  const formula = body[1][8];
  assert.equal(formula, `'=HYPERLINK("http://evil.example","x")`, "a cell starting with = is prefixed with '");
  assert.ok(body.every((r) => r.every((cell) => !/^[=+\-@]/.test(cell))), "no cell starts a formula");

  assert.equal(await count("action = 'EXPORT'"), before + 1);
  const [row] = await db.query<{ user_id: number; entity_type: string; metadata: Record<string, unknown> }>(
    "select user_id, entity_type, metadata from audit_logs where action = 'EXPORT' order by id desc limit 1",
  );
  assert.equal(row.user_id, admin.user.id);
  assert.equal(row.entity_type, "audit_logs");
  assert.deepEqual(row.metadata, { filter: { range: "all", userId: subject.id } });

  // Unfiltered (default 7 days): every entry of the window, including this export's own entry.
  const whole = parseCsv(await (await admin.request("/api/admin/audit-logs/export")).text());
  assert.equal(whole.length - 1, await count("created_at > now() - interval '7 days'"));
  assert.equal(whole[1][4], "EXPORT");
});

Deno.test(`${tag} the audit-log endpoints answer 401 signed out and 403 {requiredPermission} to every non-admin role`, async () => {
  const exportsBefore = await count("action = 'EXPORT'");
  const endpoints = [
    ["/api/admin/audit-logs", "audit_logs.view"],
    ["/api/admin/audit-logs/actions", "audit_logs.view"],
    ["/api/admin/audit-logs/export", "audit_logs.export"],
  ];
  for (const [path] of endpoints) {
    assert.deepEqual(
      withoutCode(await expectJson(await sessionRequest(t, "")(path), 401)),
      { message: "Unauthorized" },
      path,
    );
  }
  for (const role of ["purchase_team", "procurement_manager", "cost_finance_controller", "vendor"] as const) {
    const s = await as(t, role);
    for (const [path, permission] of endpoints) {
      const body = await expectJson(await s.request(path), 403);
      assert.equal(body.requiredPermission, permission, `${role} ${path}`);
    }
  }
  assert.equal(await count("action = 'EXPORT'"), exportsBefore, "a refused export is not audited as one");
});

Deno.test(`${tag} audit_logs is append-only: UPDATE, DELETE and TRUNCATE raise`, async () => {
  const [{ id, metadata }] = await db.query<{ id: number; metadata: unknown }>(
    "select id, metadata from audit_logs order by id desc limit 1",
  );
  const n = await count("true");
  for (
    const sql of [
      `update audit_logs set metadata = '{"x":1}' where id = ${id}`,
      `update audit_logs set action = 'LOGIN' where id = ${id}`,
      `delete from audit_logs where id = ${id}`,
      "delete from audit_logs",
      "truncate audit_logs",
    ]
  ) {
    await assert.rejects(db.query(sql), /audit_logs is append-only/, sql);
  }
  assert.equal(await count("true"), n);
  const [after] = await db.query<{ metadata: unknown }>("select metadata from audit_logs where id = $1", [id]);
  assert.deepEqual(after.metadata, metadata);
});

Deno.test(`${tag} an entry written before sealed entries existed stays masked while its bid is sealed, shown after`, async () => {
  const manager = await as(t, "procurement_manager");
  const vendor = await as(t, "vendor");
  const day = 86_400_000;
  const bid = await expectJson<{ id: number }>(
    await manager.request("/api/bid-requests", {
      method: "POST",
      json: {
        title: "Legacy sealed",
        description: "d",
        department: "Ops",
        qualificationCriteria: "q",
        biddingMode: "sealed",
        deadline: new Date(Date.now() + 21 * day).toISOString(),
        biddingDeadline: new Date(Date.now() + 14 * day).toISOString(),
        items: [{ itemName: "Desk", quantity: 1 }],
      },
    }),
    201,
  );
  // What quotation submissions wrote before: the vendor, the bid and the quotation in clear.
  await db.query(
    `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, ip, user_agent)
     values ($1, 'CREATE', 'quotation', '999', $2::jsonb, '203.0.113.9', 'LEGACYAGENT')`,
    [vendor.user.id, JSON.stringify({ bidRequestId: bid.id, revision: 1, sealed: true, attachments: 0 })],
  );
  const shows = async () => {
    const { items } = await list("?range=all&limit=500&action=CREATE");
    const txt = await (await admin.request("/api/admin/export-logs")).text();
    const csv = await (await admin.request("/api/admin/audit-logs/export?range=all")).text();
    const backup = await backupText(admin.request);
    return {
      list: items.some((e) => e.userId === vendor.user.id || e.userAgent === "LEGACYAGENT"),
      // (the vendor's own sign-in is listed either way: only the submission must not name it)
      txt: txt.split("\n").some((l) => l.includes(vendor.user.email) && l.includes("\tCREATE\tquotation\t999")),
      csv: csv.includes("LEGACYAGENT") || csv.includes("203.0.113.9"),
      backup: backup.includes("LEGACYAGENT") || backup.includes("203.0.113.9"),
    };
  };
  assert.deepEqual(await shows(), { list: false, txt: false, csv: false, backup: false }, "while sealed");
  await db.query("update bid_requests set status = 'bidding_closed', unsealed_at = now() where id = $1", [bid.id]);
  assert.deepEqual(await shows(), { list: true, txt: true, csv: true, backup: true }, "after unsealing");
});

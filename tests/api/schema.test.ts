/**
 * The database refuses what the application must never write, whichever code path tries. These
 * run on PGlite and on PostgreSQL: the same SQL must behave the same on both.
 */
import assert from "node:assert/strict";
import type { Queryable } from "../../src/db/types.ts";
import { testBackend, testDb } from "../helpers/db.ts";

const tag = `[schema/${testBackend()}]`;
const { db, close } = await testDb();
Deno.test.afterAll(close);

const [creator] = await db.query<{ id: number }>(
  "insert into users (role_id, email, first_name, last_name) values (2, 'creator@example.com', 'Cara', 'Tor') returning id",
);

/** Run sql inside a transaction that is always rolled back, so one test cannot disturb another. */
async function attempt(sql: string, params: unknown[] = []): Promise<unknown> {
  const rollback = new Error("rollback");
  try {
    await db.tx(async (tx: Queryable) => {
      await tx.query(sql, params);
      throw rollback;
    });
  } catch (e) {
    if (e === rollback) return undefined;
    return e;
  }
  return undefined;
}

async function refused(sql: string, params: unknown[], pattern: RegExp) {
  const e = await attempt(sql, params);
  assert.ok(e instanceof Error, `expected the database to refuse: ${sql} ${JSON.stringify(params)}`);
  assert.match(e.message, pattern);
}

async function accepted(sql: string, params: unknown[]) {
  const e = await attempt(sql, params);
  assert.equal(e, undefined, `expected the database to accept: ${sql} ${JSON.stringify(params)}: ${e}`);
}

const INSERT_PR = `insert into purchase_requests (request_number, title, status, deadline, created_by)
  values ($1, 'Laptops', $2, now() + interval '7 days', $3)`;

Deno.test(`${tag} purchase_requests.status accepts the known statuses and refuses 'bogus'`, async () => {
  for (const status of ["draft", "pending", "active", "rejected", "completed", "cancelled"]) {
    await accepted(INSERT_PR, ["PR-2026-0001", status, creator.id]);
  }
  await refused(INSERT_PR, ["PR-2026-0001", "bogus", creator.id], /purchase_requests_status_check/);
  await refused(INSERT_PR, ["PR-26-1", "pending", creator.id], /purchase_requests_request_number_check/);
});

Deno.test(`${tag} purchase request money is numeric: exact, never negative, returned as a string`, async () => {
  const [row] = await db.query<{ id: number; estimated_budget: unknown }>(
    `insert into purchase_requests (request_number, title, deadline, created_by, estimated_budget)
     values ('PR-2026-0100', 'Desks', now() + interval '1 day', $1, '0.10'::numeric + '0.20'::numeric)
     returning id, estimated_budget`,
    [creator.id],
  );
  assert.equal(row.estimated_budget, "0.30");
  await refused(
    `insert into purchase_requests (request_number, title, deadline, created_by, estimated_budget)
     values ('PR-2026-0101', 'Desks', now(), $1, -1)`,
    [creator.id],
    /check constraint/,
  );
});

const INSERT_BID = `insert into bid_requests
  (bid_number, title, description, department, deadline, bidding_deadline, qualification_criteria, created_by)
  values ('BR-2026-0001', 'Servers', 'Rack servers', 'IT', $1::timestamptz, $2::timestamptz, 'ISO 9001', $3)`;

Deno.test(`${tag} bid_requests: the bidding deadline must come before the deadline`, async () => {
  const deadline = "2026-06-30T12:00:00Z";
  await accepted(INSERT_BID, [deadline, "2026-06-29T12:00:00Z", creator.id]);
  await refused(INSERT_BID, [deadline, deadline, creator.id], /bid_requests_check/);
  await refused(INSERT_BID, [deadline, "2026-07-01T00:00:00Z", creator.id], /bid_requests_check/);
  await refused(
    `insert into bid_requests
      (bid_number, title, description, department, deadline, bidding_deadline, qualification_criteria, created_by, status)
      values ('BR-2026-0002', 'x', 'x', 'x', now() + interval '2 days', now() + interval '1 day', 'x', $1, 'bogus')`,
    [creator.id],
    /bid_requests_status_check/,
  );
});

Deno.test(`${tag} users: email is unique whatever its case, and stored lower-case`, async () => {
  await db.query("insert into users (role_id, email) values (5, 'buyer@example.com')");
  await refused("insert into users (role_id, email) values (5, 'buyer@example.com')", [], /users_email_key/);
  await refused("insert into users (role_id, email) values (5, 'Buyer@Example.COM')", [], /users_email_check/);
  await refused("insert into users (role_id, email) values (5, 'not-an-email')", [], /users_email_check/);
  // Admin usernames are unique case-insensitively too.
  await db.query("insert into users (role_id, email, username) values (1, 'root@example.com', 'Root')");
  await refused(
    "insert into users (role_id, email, username) values (1, 'root2@example.com', 'root')",
    [],
    /users_username_key/,
  );
  await refused("insert into users (role_id, email) values (9, 'norole@example.com')", [], /foreign key/);
});

Deno.test(`${tag} vendor profiles and quotations refuse unknown statuses`, async () => {
  const [vendor] = await db.query<{ id: number }>(
    "insert into users (role_id, email) values (5, 'vendor.schema@example.com') returning id",
  );
  await refused(
    "insert into vendor_profiles (user_id, company_name, contact_person, phone, status) values ($1, 'Acme', 'Al', '1', 'bogus')",
    [vendor.id],
    /vendor_profiles_status_check/,
  );
  await db.query(
    "insert into vendor_profiles (user_id, company_name, contact_person, phone) values ($1, 'Acme', 'Al', '1')",
    [vendor.id],
  );
  const [pr] = await db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, deadline, created_by)
     values ('PR-2026-0200', 'Chairs', now() + interval '1 day', $1) returning id`,
    [creator.id],
  );
  const INSERT_Q = `insert into quotations (vendor_id, purchase_request_id, status, total_amount, valid_until)
    values ($1, $2, $3, 10, now() + interval '30 days')`;
  await accepted(INSERT_Q, [vendor.id, pr.id, "submitted"]);
  await refused(INSERT_Q, [vendor.id, pr.id, "bogus"], /quotations_status_check/);
  // A quotation answers exactly one of a purchase request or a bid request.
  await refused(
    "insert into quotations (vendor_id, total_amount, valid_until) values ($1, 10, now())",
    [vendor.id],
    /quotations_check/,
  );
});

type AuditRow = { id: number; prev_hash: string; hash: string; recomputed: string };

Deno.test(`${tag} audit_logs is append-only and each row's hash links to the previous row`, async () => {
  for (const action of ["LOGIN", "CREATE", "UPDATE"]) {
    // A writer cannot choose its own place in the chain.
    await db.query(
      `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, prev_hash, hash)
       values ($1, $2, 'user', '1', $3::jsonb, 'forged', 'forged')`,
      [creator.id, action, JSON.stringify({ note: action })],
    );
  }
  const rows = await db.query<AuditRow>(
    "select id, prev_hash, hash, audit_row_hash(prev_hash, audit_logs) as recomputed from audit_logs order by id",
  );
  assert.ok(rows.length >= 3);
  assert.equal(rows[0].prev_hash, "");
  rows.forEach((row, i) => {
    assert.match(row.hash, /^[0-9a-f]{64}$/);
    assert.equal(row.hash, row.recomputed, `row ${row.id} hash covers its content`);
    if (i) assert.equal(row.prev_hash, rows[i - 1].hash, `row ${row.id} links to row ${rows[i - 1].id}`);
  });

  await refused("update audit_logs set action = 'TAMPERED' where id = $1", [rows[1].id], /append-only/);
  await refused("delete from audit_logs where id = $1", [rows[1].id], /append-only/);
  const e = await attempt("truncate audit_logs");
  assert.ok(e instanceof Error && /append-only/.test(e.message), "truncate refused");
  await refused(
    "insert into audit_logs (action, entity_type) values ('lower case', 'x')",
    [],
    /audit_logs_action_check/,
  );
  const after = await db.query<AuditRow>("select id, prev_hash, hash, '' as recomputed from audit_logs order by id");
  assert.deepEqual(after.map((r) => r.hash), rows.map((r) => r.hash));
});

/** Database errors a client can cause become typed HTTP errors (src/lib/error-handler.ts), never 500. */
import assert from "node:assert/strict";
import { openPglite } from "../db/pglite.ts";
import { DatabaseUnavailable, isDatabaseError, isDatabaseUnavailable } from "../db/errors.ts";
import { databaseHttpError } from "./error-handler.ts";
import { parseConfig } from "../config.ts";

const db = await openPglite();
Deno.test.afterAll(() => db.close());
await db.exec(`create table parent (id integer primary key, name text unique);
  create table child (id serial primary key, parent_id integer references parent (id), n smallint, at date);
  insert into parent values (1, 'one'); insert into child (parent_id) values (1);`);

async function errorOf(sql: string, params: unknown[] = []) {
  try {
    await db.query(sql, params);
  } catch (e) {
    return e;
  }
  throw new Error(`no error from ${sql}`);
}

Deno.test("[input] PGlite errors by SQLSTATE: 23505 → 409, 23503 → 400/409, 22xxx → 400", async () => {
  const cases: [string, unknown[], number, string][] = [
    ["insert into parent values (2, 'one')", [], 409, "input.duplicate"],
    ["insert into child (parent_id) values (99)", [], 400, "input.unknownReference"],
    ["delete from parent where id = 1", [], 409, "input.stillReferenced"],
    ["select $1::int", ["2147483648"], 400, "input.invalidValue"],
    ["select $1::int", ["abc"], 400, "input.invalidValue"],
    ["insert into child (n) values ($1)", [40000], 400, "input.invalidValue"],
    ["select $1::date", ["2026-02-30"], 400, "input.invalidValue"],
    ["select $1::timestamptz", ["294277-01-01"], 400, "input.invalidValue"],
    // The disk under the database is full (a write PostgreSQL could not extend a file for).
    [
      "do $$ begin raise exception 'could not extend file' using errcode = 'disk_full'; end $$",
      [],
      507,
      "storage.full",
    ],
  ];
  for (const [sql, params, status, code] of cases) {
    const e = await errorOf(sql, params);
    assert.ok(isDatabaseError(e), sql);
    const mapped = databaseHttpError(e);
    assert.equal(mapped?.status, status, `${sql}: ${(e as Error).message}`);
    assert.equal(mapped?.code, code, sql);
  }
});

Deno.test("[input] unreachable database errors → 503; other errors are not mapped", () => {
  for (const code of ["ECONNREFUSED", "CONNECTION_CLOSED", "CONNECT_TIMEOUT", "ECONNRESET"]) {
    const e = Object.assign(new Error("down"), { code });
    assert.equal(databaseHttpError(e)?.status, 503, code);
  }
  assert.equal(databaseHttpError(new DatabaseUnavailable())?.status, 503);
  assert.equal(databaseHttpError(Object.assign(new Error("x"), { code: "57P01", severity: "FATAL" }))?.status, 503);
  assert.ok(
    isDatabaseUnavailable(new Error("wrapped", { cause: Object.assign(new Error(), { code: "ECONNREFUSED" }) })),
  );
  assert.equal(databaseHttpError(new Error("plain bug")), undefined);
  assert.equal(databaseHttpError(new TypeError("x")), undefined);
});

Deno.test("[input] database timeouts are configurable, with short defaults", () => {
  const d = parseConfig({});
  assert.equal(d.dbConnectTimeoutMs, 1500);
  assert.equal(d.dbStatementTimeoutMs, 10_000);
  const c = parseConfig({ DATABASE_CONNECT_TIMEOUT_MS: "500", DATABASE_STATEMENT_TIMEOUT_MS: "0" });
  assert.equal(c.dbConnectTimeoutMs, 500);
  assert.equal(c.dbStatementTimeoutMs, 0);
  assert.throws(() => parseConfig({ DATABASE_CONNECT_TIMEOUT_MS: "abc" }), /DATABASE_CONNECT_TIMEOUT_MS/);
});

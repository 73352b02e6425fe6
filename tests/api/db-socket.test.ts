/**
 * postgres.js over Deno.connect (src/db/deno-socket.ts) does what it did over node:net: statements,
 * transactions, cursors on a connection of their own, LISTEN-free pooling under concurrency, a
 * large answer split over many reads, the connect timeout, and TLS / Unix-socket URLs left to the
 * default socket.
 */
import assert from "node:assert/strict";
import { testBackend, testDatabaseUrl } from "../helpers/db.ts";
import { denoSocketFor } from "../../src/db/deno-socket.ts";
import { openPostgres } from "../../src/db/postgres.ts";
import { isDatabaseUnavailable } from "../../src/db/errors.ts";

const backend = testBackend();
const postgresOnly = { ignore: backend !== "postgres", sanitizeOps: false, sanitizeResources: false };

Deno.test("[db-socket] denoSocketFor keeps the default socket for TLS, Unix sockets and several hosts", () => {
  assert.ok(denoSocketFor("postgres://u@127.0.0.1:5432/db"));
  assert.ok(denoSocketFor("postgres://u@db.example:6543/db?sslmode=disable"));
  assert.equal(denoSocketFor("postgres://u@db.example/db?sslmode=require"), undefined);
  assert.equal(denoSocketFor("postgres://u@db.example/db?sslmode=verify-full"), undefined);
  assert.equal(denoSocketFor("postgres://u@db.example/db?ssl=true"), undefined);
  assert.equal(denoSocketFor("postgres://u@/db?host=/var/run/postgresql"), undefined);
  assert.equal(denoSocketFor("postgres://u@%2Fvar%2Frun%2Fpostgresql/db"), undefined);
  assert.equal(denoSocketFor("postgres://u@a:5432,b:5432/db"), undefined);
});

Deno.test({
  name: "[db-socket] the app's client runs statements, transactions and cursors over Deno.connect",
  ...postgresOnly,
  fn: async () => {
    const db = openPostgres(testDatabaseUrl()!, 4, { socket: "deno" });
    try {
      // The pool's connections are Deno sockets: 64 statements at once over 4 connections.
      const many = await Promise.all(
        Array.from({ length: 64 }, (_, i) => db.query<{ n: number }>("select $1::int as n", [i])),
      );
      assert.deepEqual(many.map((r) => r[0].n), Array.from({ length: 64 }, (_, i) => i));
      // An answer far larger than one read (about 2 MB).
      const [{ s }] = await db.query<{ s: string }>("select repeat('x', 2000000) as s");
      assert.equal(s.length, 2_000_000);
      // A transaction rolls back on a throw.
      await db.exec("create temp table if not exists socket_probe (n int)");
      const failed = await db.tx(async (tx) => {
        await tx.query("create table socket_probe_tx (n int)");
        throw new Error("undo");
      }).then(() => undefined, (e) => e);
      assert.equal(failed?.message, "undo");
      const [{ t }] = await db.query<{ t: string | null }>("select to_regclass('socket_probe_tx')::text as t");
      assert.equal(t, null);
      // A cursor (exports) reads in batches.
      let rows = 0, batches = 0;
      for await (const batch of db.cursor!<{ n: number }>("select generate_series(1, 2500) as n", [], 1000)) {
        rows += batch.length;
        batches++;
      }
      assert.equal(rows, 2500);
      assert.equal(batches, 3);
      // A server error leaves the connection usable.
      const bad = await db.query("select 1/0").then(() => undefined, (e) => e);
      assert.equal(bad?.code, "22012");
      assert.deepEqual(await db.query("select 1 as one"), [{ one: 1 }]);
    } finally {
      await db.close();
    }
  },
});

Deno.test({
  name: "[db-socket] the statement timeout holds over Deno.connect",
  ...postgresOnly,
  fn: async () => {
    const slow = openPostgres(testDatabaseUrl()!, 1, { statementTimeoutMs: 300, socket: "deno" });
    try {
      const t0 = performance.now();
      const timeout = await slow.query("select pg_sleep(3)").then(() => undefined, (e) => e);
      assert.ok(isDatabaseUnavailable(timeout), String(timeout));
      assert.ok(performance.now() - t0 < 2000);
      assert.deepEqual(await slow.query("select 1 as one"), [{ one: 1 }]);
    } finally {
      await slow.close();
    }
  },
});

Deno.test("[db-socket] a server that accepts and never answers fails after the connect timeout", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const held: Deno.Conn[] = [];
  const accepting = (async () => {
    for await (const c of listener) held.push(c);
  })();
  const { port } = listener.addr as Deno.NetAddr;
  const db = openPostgres(`postgres://postgres@127.0.0.1:${port}/postgres`, 1, {
    connectTimeoutMs: 300,
    socket: "deno",
  });
  try {
    const t0 = performance.now();
    const e = await db.query("select 1").then(() => undefined, (e) => e);
    assert.ok(isDatabaseUnavailable(e), String(e));
    assert.ok(performance.now() - t0 < 1500);
  } finally {
    await db.close();
    listener.close();
    for (const c of held) c.close();
    await accepting.catch(() => {});
  }
});

Deno.test({
  name: "[db-socket] a refused connection is 'unavailable' quickly",
  ...postgresOnly,
  fn: async () => {
    const { freePort } = await import("../helpers/pg-cluster.ts");
    const closed = openPostgres(`postgres://postgres@127.0.0.1:${freePort()}/postgres`, 1, {
      connectTimeoutMs: 500,
      socket: "deno",
    });
    const t0 = performance.now();
    const error = await closed.query("select 1").then(() => undefined, (e) => e);
    assert.ok(isDatabaseUnavailable(error), String(error));
    assert.ok(performance.now() - t0 < 2000);
    await closed.close();
  },
});

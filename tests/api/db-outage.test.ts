/**
 * With PostgreSQL unreachable, a signed-in request answers 503 with Retry-After
 * within 2 s and keeps the session cookie (a database error is never an authentication failure),
 * and the app recovers on its own when the database is back. The database is reached through a
 * local TCP relay that the test can take down (port closed, connections cut) and bring back.
 */
import assert from "node:assert/strict";
import { expectError, expectJson, testApp } from "../helpers/app.ts";
import { createPostgresDatabase, TEMPLATE_DATABASE, testBackend, testDb } from "../helpers/db.ts";
import { as } from "../helpers/users.ts";
import { openPostgres } from "../../src/db/postgres.ts";

const backend = testBackend();
const tag = `[db-outage/${backend}]`;

/** A TCP relay to the test server on a fixed local port, which can be stopped and started again. */
function relay(target: { hostname: string; port: number }) {
  const probe = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (probe.addr as Deno.NetAddr).port;
  probe.close();
  let listener: Deno.Listener | undefined;
  const open = new Set<Deno.Conn>();
  const pipe = async (from: Deno.Conn, to: Deno.Conn) => {
    try {
      await from.readable.pipeTo(to.writable);
    } catch {
      // the other side closed
    }
    for (const c of [from, to]) {
      try {
        c.close();
      } catch { /* closed */ }
      open.delete(c);
    }
  };
  return {
    port,
    start() {
      listener = Deno.listen({ hostname: "127.0.0.1", port });
      (async () => {
        for await (const client of listener!) {
          try {
            const server = await Deno.connect(target);
            open.add(client).add(server);
            pipe(client, server);
            pipe(server, client);
          } catch {
            client.close();
          }
        }
      })().catch(() => {});
    },
    stop() {
      listener?.close();
      listener = undefined;
      for (const c of open) {
        try {
          c.close();
        } catch { /* closed */ }
      }
      open.clear();
    },
  };
}

Deno.test({
  name: `${tag} database down: 503 + Retry-After within 2 s, session kept, recovers by itself`,
  ignore: backend !== "postgres",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    // The template exists once a test database was made.
    await (await testDb()).close();
    const { url, drop } = await createPostgresDatabase({ template: TEMPLATE_DATABASE });
    const real = new URL(url);
    const r = relay({ hostname: real.hostname, port: Number(real.port) });
    r.start();
    const viaRelay = new URL(url);
    viaRelay.port = String(r.port);
    const db = openPostgres(viaRelay.href, 4);
    const t = await testApp({ db });
    try {
      const admin = await as(t, "admin");
      await expectJson(await admin.request("/api/auth/user"), 200);

      r.stop();
      for (const path of ["/api/auth/user", "/api/purchase-requests", "/api/admin/users"]) {
        const started = performance.now();
        const res = await admin.request(path);
        const elapsed = performance.now() - started;
        await expectError(res, 503);
        assert.ok(Number(res.headers.get("retry-after")) > 0, "Retry-After");
        assert.ok(elapsed < 2000, `${path} answered after ${Math.round(elapsed)} ms`);
        assert.equal(res.headers.get("set-cookie"), null, "the session cookie is kept");
      }
      // A write too, and a sign-in: 503, not 401.
      const write = await admin.request("/api/categories", { method: "POST", json: { name: "During outage" } });
      await expectError(write, 503);
      const signIn = await t.app.request("/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: admin.user.email, password: admin.user.password }),
      });
      await expectError(signIn, 503);

      r.start();
      // The pool reconnects on its own: the same cookie works again.
      await expectJson(await admin.request("/api/auth/user"), 200);
      await expectJson(await admin.request("/api/categories", { method: "POST", json: { name: "After outage" } }), 201);
    } finally {
      r.stop();
      await db.close().catch(() => {});
      await drop();
    }
  },
});

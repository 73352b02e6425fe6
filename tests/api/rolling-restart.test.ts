/**
 * A rolling restart drops nothing (docs/decisions/022, shutdown): two instances on one PostgreSQL
 * behind a proxy that routes to the instances whose /readyz answers (checked every 100 ms), as a
 * load balancer does; clients keep sending requests through it while each instance in turn gets
 * SIGTERM and a new one takes its place. On SIGTERM an instance first drains (not ready, still
 * answering, each answer closing its connection), then stops accepting and finishes what it has:
 * not one of at least 1,000 requests may fail. PostgreSQL only (two processes share the database).
 */
import assert from "node:assert/strict";
import { encodeBase64 } from "@oslojs/encoding";
import { startServer } from "../e2e/helpers.ts";
import { createPostgresDatabase, testBackend } from "../helpers/db.ts";
import { waitUntil } from "../helpers/wait.ts";

const tag = `[rolling-restart/${testBackend()}]`;
const REQUESTS = 1000;
const CLIENTS = 4;

type Upstream = { url: string; ready: boolean };

/** Round-robin over the upstreams that are ready; a failure to reach one is the client's failure (502). */
function startProxy(upstreams: Upstream[]) {
  let next = 0;
  const controller = new AbortController();
  const server = Deno.serve(
    { port: 0, hostname: "127.0.0.1", signal: controller.signal, onListen() {} },
    async (req) => {
      const ready = upstreams.filter((u) => u.ready);
      if (!ready.length) return new Response("no upstream", { status: 503 });
      const target = ready[next++ % ready.length];
      const url = new URL(req.url);
      try {
        const res = await fetch(`${target.url}${url.pathname}${url.search}`, {
          method: req.method,
          headers: req.headers,
          body: req.body,
        });
        return new Response(res.body, { status: res.status, headers: res.headers });
      } catch (e) {
        return new Response(`upstream ${target.url}: ${e}`, { status: 502 });
      }
    },
  );
  let checking = true;
  const checker = (async () => {
    while (checking) {
      await Promise.all(upstreams.map(async (u) => {
        try {
          const res = await fetch(`${u.url}/readyz`, { signal: AbortSignal.timeout(500) });
          await res.body?.cancel();
          u.ready = res.ok;
        } catch {
          u.ready = false;
        }
      }));
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return {
    url: `http://127.0.0.1:${(server.addr as Deno.NetAddr).port}`,
    async stop() {
      checking = false;
      await checker;
      controller.abort();
      await server.finished;
    },
  };
}

Deno.test({
  name: `${tag} a restart of each of two instances behind a proxy: 0 failed of ${REQUESTS}+ requests`,
  ignore: testBackend() !== "postgres",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    // Empty: the first instance migrates it, as a release does.
    const database = await createPostgresDatabase();
    const env = {
      DATABASE_URL: database.url,
      JWT_SECRET: "a session key shared by both instances, long enough",
      SEALED_BID_KEY: encodeBase64(new Uint8Array(32).fill(3)),
      SEED_DEMO: "false",
      OCR_WORKERS: "0",
      SHUTDOWN_DRAIN_MS: "1000",
    };
    const first = await startServer(env);
    const servers = [first, await startServer(env)];
    const upstreams: Upstream[] = servers.map((s) => ({ url: s.url, ready: true }));
    const proxy = startProxy(upstreams);
    const failures: string[] = [];
    let sent = 0;
    let restarting = true;
    const client = async () => {
      while (restarting || sent < REQUESTS) {
        sent++;
        try {
          const res = await fetch(`${proxy.url}/api/categories`);
          const body = await res.text();
          if (res.status !== 200) failures.push(`${res.status} ${body.slice(0, 200)}`);
        } catch (e) {
          failures.push(String(e));
        }
      }
    };
    try {
      const clients = Array.from({ length: CLIENTS }, client);
      for (let i = 0; i < servers.length; i++) {
        const before = sent;
        await waitUntil(() => sent > before + 100, { message: "traffic before the restart" });
        // The new instance first (a rolling restart keeps the capacity), then the old one stops.
        const fresh = await startServer(env);
        upstreams.push({ url: fresh.url, ready: false });
        await waitUntil(() => upstreams.at(-1)!.ready, { message: "the new instance to be routed to" });
        await servers[i].stop();
        assert.deepEqual(servers[i].errors(), [], "the stopped instance logged no error");
        upstreams.splice(upstreams.findIndex((u) => u.url === servers[i].url), 1);
        servers[i] = fresh;
      }
      restarting = false;
      await Promise.all(clients);
      assert.ok(sent >= REQUESTS, `${sent} requests`);
      assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${sent} failed`);
      console.log(`${sent} requests through two rolling restarts, ${failures.length} failed`);
    } finally {
      restarting = false;
      await proxy.stop();
      for (const s of servers) await s.stop();
      await database.drop();
    }
  },
});

/**
 * Graceful shutdown (issue 2, item 7): on SIGTERM the server stops accepting connections, lets
 * in-flight requests finish, closes the database and exits by itself (no SIGKILL needed).
 */
import assert from "node:assert/strict";
import { startServer } from "../e2e/helpers.ts";

Deno.test({
  name: "[server] SIGTERM: in-flight requests finish, the database closes, the process exits on its own",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer({ LOG_LEVEL: "info", SEED_DEMO: "false" });
    // Requests already sent when the signal arrives are answered.
    const inflight = Array.from({ length: 20 }, () => fetch(`${server.url}/readyz`).then((r) => r.status, () => 0));
    const started = performance.now();
    await server.stop();
    const seconds = (performance.now() - started) / 1000;
    const statuses = await Promise.all(inflight);
    assert.ok(statuses.every((s) => s === 200 || s === 0), `in-flight answers: ${statuses}`);
    const messages = server.output.flatMap((line) => {
      try {
        return [JSON.parse(line).msg as string];
      } catch {
        return [];
      }
    });
    assert.ok(messages.includes("shutting down"), "logged the signal");
    assert.ok(messages.includes("stopped"), "reached the end of the graceful path (pool closed)");
    assert.ok(seconds < 15, `exited by itself in ${seconds.toFixed(1)} s, before the SIGKILL fallback`);
    assert.deepEqual(server.errors(), []);
    await assert.rejects(() => fetch(`${server.url}/healthz`), "no longer accepting connections");
  },
});

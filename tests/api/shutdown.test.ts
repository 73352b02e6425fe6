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
    // A request whose body is still arriving when the signal comes is in flight for certain: the
    // server has its headers and is waiting for the rest. It must be answered, not dropped.
    const encoder = new TextEncoder();
    let push!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (push = controller) });
    push.enqueue(encoder.encode('{"email":"nobody@example.com",'));
    const slow = fetch(`${server.url}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url },
      body,
    }).then(async (r) => ({ status: r.status, body: await r.text() }), (e) => ({ status: 0, body: String(e) }));
    await new Promise((r) => setTimeout(r, 300));
    const started = performance.now();
    const stopping = server.stop();
    await new Promise((r) => setTimeout(r, 300));
    push.enqueue(encoder.encode('"password":"not-the-password"}'));
    push.close();
    const answer = await slow;
    await stopping;
    const seconds = (performance.now() - started) / 1000;
    assert.equal(answer.status, 401, `the in-flight sign-in was answered: ${JSON.stringify(answer)}`);
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

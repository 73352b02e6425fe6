/**
 * Graceful shutdown: on SIGTERM the server stops accepting connections, lets
 * in-flight requests finish, closes the database and exits by itself (no SIGKILL needed).
 */
import assert from "node:assert/strict";
import { startServer } from "../e2e/helpers.ts";
import { waitUntil } from "../helpers/wait.ts";

const encoder = new TextEncoder();

async function writeAll(conn: Deno.Conn, text: string) {
  const bytes = encoder.encode(text);
  for (let done = 0; done < bytes.length;) done += await conn.write(bytes.subarray(done));
}

/** The answer on a `connection: close` socket: read to the end, status and body; status 0 if the server dropped it. */
async function readAnswer(conn: Deno.Conn): Promise<{ status: number; body: string }> {
  const chunks: Uint8Array[] = [];
  try {
    for await (const chunk of conn.readable) chunks.push(chunk);
  } catch (e) {
    return { status: 0, body: String(e) };
  }
  const text = new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
  const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0);
  return { status, body: text.slice(text.indexOf("\r\n\r\n") + 4) || text };
}

/**
 * Linux's view of the connection (/proc/net/tcp): every byte we sent was acknowledged by the
 * server's kernel (nothing in our send queue) and the server process has read it (nothing in its
 * receive queue), so the server accepted the connection and has the request's head.
 */
async function serverHasRead(serverPort: number, clientPort: number): Promise<boolean> {
  const hex = (port: number) => `:${port.toString(16).toUpperCase().padStart(4, "0")}`;
  const queues = new Map<string, { state: string; tx: number; rx: number }>();
  for (const line of (await Deno.readTextFile("/proc/net/tcp")).split("\n").slice(1)) {
    const [, local, remote, state, txRx] = line.trim().split(/\s+/);
    if (!txRx) continue;
    const [tx, rx] = txRx.split(":").map((n) => parseInt(n, 16));
    queues.set(`${local.slice(-5)}>${remote.slice(-5)}`, { state, tx, rx });
  }
  const client = queues.get(`${hex(clientPort)}>${hex(serverPort)}`);
  const server = queues.get(`${hex(serverPort)}>${hex(clientPort)}`);
  return client?.tx === 0 && server?.state === "01" && server.rx === 0;
}

Deno.test({
  name: "[server] SIGTERM: in-flight requests finish, the database closes, the process exits on its own",
  // The in-flight check reads the kernel's TCP table.
  ignore: Deno.build.os !== "linux",
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const server = await startServer({ LOG_LEVEL: "info", SEED_DEMO: "false" });
    const messages = () =>
      server.output.flatMap((line) => {
        try {
          return [JSON.parse(line).msg as string];
        } catch {
          return [];
        }
      });
    // A request whose body is still arriving when the signal comes is in flight for certain: the
    // server has its headers and is waiting for the rest. It must be answered, not dropped. Written
    // by hand on a socket of our own, so the test knows when the server has read the first part.
    const port = Number(new URL(server.url).port);
    const [first, rest] = ['{"email":"nobody@example.com",', '"password":"not-the-password"}'];
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    const clientPort = (conn.localAddr as Deno.NetAddr).port;
    await writeAll(
      conn,
      `POST /api/auth/login HTTP/1.1\r\nhost: 127.0.0.1:${port}\r\norigin: ${server.url}\r\n` +
        `content-type: application/json\r\ncontent-length: ${encoder.encode(first + rest).length}\r\n` +
        `connection: close\r\n\r\n${first}`,
    );
    const answer = readAnswer(conn);
    await waitUntil(() => serverHasRead(port, clientPort), { message: "the server to read the request's head" });
    const started = performance.now();
    const stopping = server.stop();
    // The server logs this after it has called server.shutdown() (a buffered line, written later).
    await waitUntil(() => messages().includes("shutting down"), { message: "the server to handle SIGTERM" });
    await writeAll(conn, rest);
    const { status, body } = await answer;
    await stopping;
    const seconds = (performance.now() - started) / 1000;
    assert.equal(status, 401, `the in-flight sign-in was answered: ${JSON.stringify({ status, body })}`);
    assert.ok(messages().includes("shutting down"), "logged the signal");
    assert.ok(messages().includes("stopped"), "reached the end of the graceful path (pool closed)");
    assert.ok(seconds < 15, `exited by itself in ${seconds.toFixed(1)} s, before the SIGKILL fallback`);
    assert.deepEqual(server.errors(), []);
    await assert.rejects(() => fetch(`${server.url}/healthz`), "no longer accepting connections");
  },
});

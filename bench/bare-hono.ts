/** The baseline of bench/throughput.ts: a bare Hono "hello" on Deno, nothing else. */
import { Hono } from "hono";

const port = Number(Deno.args[0] ?? 8100);
const app = new Hono().get("/", (c) => c.json({ ok: true }));
Deno.serve({ port, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);

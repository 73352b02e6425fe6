/**
 * The baseline of bench/throughput.ts: a bare Hono "hello" on Deno, nothing else, at `/`.
 * `/headers` is the same hello carrying the app's response headers for JSON (the short API set of
 * docs/decisions/011 through Hono's secureHeaders, as the app adds them, and X-Request-Id): the ceiling any app sending
 * those headers can reach on this Deno, since each header added to a Response is validated character
 * by character. `/document-headers` carries the full document set (12 headers) and X-Request-Id,
 * as every JSON answer did before decision 011. `/request-id-header` carries X-Request-Id alone: what
 * leaving Deno's fast path (a response with more headers than its content type) costs by itself.
 */
import { Hono } from "hono";
import { apiHeaders, documentHeaders } from "../src/lib/security.ts";

const port = Number(Deno.args[0] ?? 8100);
let id = 0;
const app = new Hono()
  .get("/", (c) => c.json({ ok: true }))
  .use("/headers", apiHeaders, async (c, next) => {
    await next();
    c.res.headers.set("X-Request-Id", `00000000-0000-4000-8000-${String(++id).padStart(12, "0")}`);
  })
  .get("/headers", (c) => c.json({ ok: true }))
  .use("/document-headers", documentHeaders, async (c, next) => {
    await next();
    c.res.headers.set("X-Request-Id", `00000000-0000-4000-8000-${String(++id).padStart(12, "0")}`);
  })
  .get("/document-headers", (c) => c.json({ ok: true }))
  .use("/request-id-header", async (c, next) => {
    await next();
    c.res.headers.set("X-Request-Id", `00000000-0000-4000-8000-${String(++id).padStart(12, "0")}`);
  })
  .get("/request-id-header", (c) => c.json({ ok: true }));
Deno.serve({ port, hostname: "127.0.0.1", onListen: () => {} }, app.fetch);

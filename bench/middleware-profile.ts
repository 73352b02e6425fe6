/**
 * In-process profile of the per-request path: `app.fetch(request)` in a loop (no sockets, no load
 * generator) for `/healthz` and a signed-in `GET /api/auth/user`, on PGlite, with the real JSON
 * logger at info level writing to stdout (send it to /dev/null). Prints microseconds per request.
 *
 *   node_modules/.bin/deno run -A bench/middleware-profile.ts [--n 20000] [--rounds 3] [--only healthz] > /dev/null
 *   node_modules/.bin/deno run -A --cpu-prof --cpu-prof-dir=/tmp/prof bench/middleware-profile.ts > /dev/null
 *
 * The figures go to stderr so that stdout can be thrown away (tests/helpers/setup.ts holds console.error).
 */
import process from "node:process";
import { Hono } from "hono";
import { testApp } from "../tests/helpers/app.ts";
import { createUser, signIn } from "../tests/helpers/users.ts";
import { createLogger } from "../src/lib/logger.ts";
import { applySecurityHeaders } from "../src/lib/security.ts";

const i = Deno.args.indexOf("--n");
const N = i >= 0 ? Number(Deno.args[i + 1]) : 20_000;
const logger = createLogger("info", { buffered: true }); // as src/main.ts
const t = await testApp({ env: { SESSION_CACHE_MS: "2000", LOG_LEVEL: "info" }, logger });
const session = await signIn(t, await createUser(t.db, "purchase_team"));
const headers = { cookie: session.cookie };

const o = Deno.args.indexOf("--only");
const ONLY = o >= 0 ? Deno.args[o + 1] : "";
// bench/bare-hono.ts: the bare hello, and the same with the app's 13 response headers (the ceiling).
let id = 0;
const bare = new Hono()
  .get("/", (c) => c.json({ ok: true }))
  .use("/headers", async (c, next) => {
    await next();
    applySecurityHeaders(c.res.headers);
    c.res.headers.set("X-Request-Id", `00000000-0000-4000-8000-${String(++id).padStart(12, "0")}`);
  })
  .get("/headers", (c) => c.json({ ok: true }));

// `fetch` with a Request, as the server calls it: testApp's `request` also checks every answer
// against the route's contract (tests/helpers/contract.ts), which is no part of the request path.
async function loop(name: string, path: string, init: RequestInit = {}, app: { fetch: Hono["fetch"] } = t.app) {
  if (!name.includes(ONLY)) return;
  const url = `http://localhost${path}`;
  for (let k = 0; k < 2000; k++) await (await app.fetch(new Request(url, init))).arrayBuffer(); // warm up
  const start = performance.now();
  const cpu = process.cpuUsage();
  for (let k = 0; k < N; k++) {
    const res = await app.fetch(new Request(url, init));
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
  }
  const used = process.cpuUsage(cpu);
  const us = ((performance.now() - start) * 1000) / N;
  // CPU time (user + system, the whole process) per request: far less sensitive to a shared,
  // overloaded machine than the wall-clock figure.
  const cpuUs = (used.user + used.system) / N;
  Deno.stderr.writeSync(
    new TextEncoder().encode(
      `${name.padEnd(34)} ${us.toFixed(1).padStart(7)} µs/request  ${cpuUs.toFixed(1).padStart(7)} CPU µs/request  ` +
        `${(1e6 / us).toFixed(0)} req/s\n`,
    ),
  );
}

const r = Deno.args.indexOf("--rounds");
for (let round = 0; round < (r >= 0 ? Number(Deno.args[r + 1]) : 1); round++) {
  await loop("bare Hono c.json({ok:true})", "/", {}, bare);
  await loop("bare Hono + JSON headers + X-Request-Id", "/headers", {}, bare);
  await loop("GET /healthz", "/healthz");
  await loop("GET /api/auth/user (signed in)", "/api/auth/user", { headers });
}
if ("flush" in logger && typeof logger.flush === "function") await logger.flush();
await t.close();

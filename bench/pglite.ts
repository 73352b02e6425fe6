/**
 * The embedded database's limits: the app as `npm start` runs it (PGlite, own
 * temporary DATA_DIR) at demo scale and with N benchmark purchase requests (`deno task seed-scale --scale`),
 * measured from this process on loopback:
 *  - closed loop (concurrency C, as fast as answers come): list, detail, sign-in, create purchase request;
 *  - open loop at fixed rates: the same four at the rates given;
 *  - the p99 of a trivial signed-in call (GET /api/auth/user at 20/s) alone, then while large
 *    exports (audit log CSV and the spend report CSV, back to back) run: PGlite is one connection,
 *    so a long statement would hold every other request until it ends.
 *
 * Run: node_modules/.bin/deno run -A bench/pglite.ts [--scales 0,10000] [--seconds 5]
 *        [--concurrency 8] [--rates 10,50,100] [--seeded DATA_DIR --scales N] [--settle 30]
 * Prints one Markdown table per scale, with the load average; record it in docs/benchmarks.md.
 */
import { closedLoop, type LoadResult, openLoop } from "./load.ts";
import { freePort } from "../tests/helpers/pg-cluster.ts";

const arg = (name: string, fallback: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : fallback;
};
const SCALES = arg("scales", "0,10000").split(",").map(Number);
const SECONDS = Number(arg("seconds", "5"));
const CONCURRENCY = Number(arg("concurrency", "8"));
const RATES = arg("rates", "10,50,100").split(",").map(Number);
/** A DATA_DIR seeded before (e.g. by `deno task seed-scale --scale 10000`), copied instead of seeding again. */
const SEEDED = arg("seeded", "");
/** Seconds to wait after the server is ready (the PGlite upkeep runs 5 s after start). */
const SETTLE = Number(arg("settle", "0"));
const ROOT = new URL("../", import.meta.url).pathname;
const DENO = `${ROOT}node_modules/deno/deno`;
const STAFF = ["purchase@example.com", "manager@example.com", "finance@example.com"];
const loadavg = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");

function env(dataDir: string, port = 0): Record<string, string> {
  return {
    DATA_DIR: dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    JWT_SECRET: "bench-secret-bench-secret-bench-secret-0123",
    SEALED_BID_KEY: btoa(String.fromCharCode(...new Uint8Array(32).fill(7))),
    // Sign-in is measured, not refused: the default 100/min would answer 429, and the per-address
    // throttle (5 attempts in flight per account and address) is spread by a distinct X-Forwarded-For.
    RATE_LIMIT_SIGN_INS_PER_MINUTE: "1000000",
    TRUST_PROXY: "true",
  };
}

async function run(scale: number) {
  const dataDir = await Deno.makeTempDir({ prefix: "pglite-bench-" });
  const rows: [string, LoadResult][] = [];
  let server: Deno.ChildProcess | undefined;
  try {
    const t0 = performance.now();
    const seed = SEEDED
      ? await new Deno.Command("cp", { args: ["-r", `${SEEDED}/.`, dataDir] }).output()
      : await new Deno.Command(DENO, {
        args: [
          "run",
          "-A",
          ...(scale ? [`${ROOT}bench/seed-scale-cli.ts`, "--scale", String(scale)] : [`${ROOT}src/db/seed-cli.ts`]),
        ],
        env: env(dataDir),
        stdout: "null",
        stderr: "inherit",
      }).output();
    if (!seed.success) throw new Error("seed failed");
    const seedSeconds = (performance.now() - t0) / 1000;
    const port = await freePort();
    server = new Deno.Command(DENO, {
      args: ["run", "-A", `${ROOT}src/main.ts`],
      env: env(dataDir, port),
      stdout: "null",
      stderr: "inherit",
    }).spawn();
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; i < 300; i++) {
      try {
        if ((await fetch(`${base}/readyz`)).ok) break;
      } catch { /* starting */ }
      await new Promise((r) => setTimeout(r, 200));
    }
    if (SETTLE) await new Promise((r) => setTimeout(r, SETTLE * 1000));
    const signIn = async (email: string) => {
      const res = await fetch(`${base}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email, password: email.startsWith("admin") ? "admin123" : "demo123" }),
      });
      const text = await res.text();
      const cookie = res.headers.get("set-cookie");
      if (!cookie) throw new Error(`sign-in as ${email}: ${res.status} ${text.slice(0, 200)}`);
      return cookie.split(";")[0];
    };
    const manager = await signIn("manager@example.com");
    const admin = await signIn("admin@example.com");
    const get = (path: string, cookie = manager) => new Request(`${base}${path}`, { headers: { cookie } });
    const ids = await (await fetch(get("/api/purchase-requests?limit=100"))).json() as { id: number }[] | {
      items: { id: number }[];
    };
    const idList = (Array.isArray(ids) ? ids : ids.items).map((r) => r.id);
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];
    let client = 0;
    const origin = { origin: base, "content-type": "application/json" };
    const kinds: Record<string, () => Request> = {
      "list": () =>
        get(
          pick(["/api/purchase-requests", "/api/purchase-requests?status=active", "/api/purchase-requests?q=laptop"]),
        ),
      "detail": () => get(`/api/purchase-requests/${pick(idList)}`),
      "sign-in": () =>
        new Request(`${base}/api/auth/login`, {
          method: "POST",
          headers: { ...origin, "x-forwarded-for": `10.${++client >> 16 & 255}.${client >> 8 & 255}.${client & 255}` },
          body: JSON.stringify({ email: pick(STAFF), password: "demo123" }),
        }),
      "create PR": () =>
        new Request(`${base}/api/purchase-requests`, {
          method: "POST",
          headers: { ...origin, cookie: manager },
          body: JSON.stringify({
            title: "Bench laptops",
            description: "Benchmark write",
            department: "Engineering",
            justification: "Benchmark",
            deadline: new Date(Date.now() + 10 * 86_400_000).toISOString(),
            items: [{ itemName: "Laptop", quantity: 1, unit: "pcs", estimatedPrice: "999.00" }],
          }),
        }),
    };
    const [{ status: createStatus }] = [await fetch(kinds["create PR"]())];
    if (createStatus !== 201) console.error(`create PR answered ${createStatus}`);
    await closedLoop(4, 2, kinds.list); // warm-up
    for (const [name, next] of Object.entries(kinds)) {
      rows.push([`${name}, closed loop c=${CONCURRENCY}`, await closedLoop(CONCURRENCY, SECONDS, next)]);
    }
    for (const [name, next] of Object.entries(kinds)) {
      for (const rate of RATES) rows.push([`${name} @${rate}/s`, await openLoop(rate, SECONDS, next)]);
    }
    const trivial = () => get("/api/auth/user");
    rows.push(["GET /api/auth/user @20/s, idle", await openLoop(20, SECONDS, trivial)]);
    let exporting = true;
    let exports = 0, exportBytes = 0, exportMs = 0;
    const exportLoop = (async () => {
      while (exporting) {
        for (const path of ["/api/admin/audit-logs/export?range=all", "/api/reports/spend/export?range=all"]) {
          const s = performance.now();
          const res = await fetch(get(path, admin));
          exportBytes += (await res.arrayBuffer()).byteLength;
          exportMs += performance.now() - s;
          exports++;
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 300));
    rows.push(["GET /api/auth/user @20/s, during exports", await openLoop(20, SECONDS * 2, trivial)]);
    exporting = false;
    await exportLoop;
    console.log(
      `\n### ${scale ? `demo + ${scale} purchase requests` : "demo data"} (seeded in ${seedSeconds.toFixed(0)} s; ` +
        `exports during the last run: ${exports}, ${(exportBytes / exports / 1024).toFixed(0)} KB and ` +
        `${(exportMs / exports).toFixed(0)} ms each; load average ${loadavg()})\n`,
    );
    console.log("| run | requests | errors | req/s | p50 ms | p95 ms | p99 ms | max ms |");
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const [name, r] of rows) {
      console.log(`| ${name} | ${r.sent} | ${r.errors} | ${r.rps} | ${r.p50} | ${r.p95} | ${r.p99} | ${r.max} |`);
    }
  } finally {
    if (server) {
      server.kill("SIGTERM");
      await server.status;
    }
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}

console.log(
  `PGlite benchmark, commit ${
    new TextDecoder().decode(
      (await new Deno.Command("git", { args: ["rev-parse", "--short", "HEAD"] }).output()).stdout,
    )
      .trim()
  }, ${new Date().toISOString()}, load average ${loadavg()}`,
);
for (const scale of SCALES) await run(scale);

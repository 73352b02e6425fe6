/**
 * Throughput of the app's per-request path against a bare Hono server, measured in one run with a
 * native load generator (wrk; installed with apt when missing), so the generator is never the
 * bottleneck. Ratios are against the bare server of the same run.
 *
 *   node_modules/.bin/deno run -A bench/throughput.ts [--seconds 10] [--connections 32]
 *
 * Starts a throwaway PostgreSQL cluster with the demo data, the app as a separate process (request
 * log on, written to /dev/null) and a bare Hono "hello", then runs wrk against each endpoint.
 */
import { findPostgresBin, freePort, startCluster } from "../tests/helpers/pg-cluster.ts";
import { openPostgres } from "../src/db/postgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemo } from "../src/db/seed.ts";
import { createLogger } from "../src/lib/logger.ts";

const arg = (name: string, fallback: number) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
};
const SECONDS = arg("seconds", 10);
const CONNECTIONS = arg("connections", 32);
const ROOT = new URL("../", import.meta.url).pathname;
const DENO = `${ROOT}node_modules/deno/deno`;

async function ensureWrk() {
  const ok = await new Deno.Command("sh", { args: ["-c", "command -v wrk"] }).output();
  if (ok.success) return;
  console.log("installing wrk (apt-get)...");
  const sudo = Deno.uid() === 0 ? [] : ["sudo"];
  for (const args of [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "wrk"]]) {
    const [cmd, ...rest] = [...sudo, ...args];
    const r = await new Deno.Command(cmd, { args: rest, env: { DEBIAN_FRONTEND: "noninteractive" } }).output();
    if (!r.success) throw new Error(`${args.join(" ")} failed`);
  }
}

async function waitFor(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      const r = await fetch(url);
      await r.body?.cancel();
      if (r.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

interface WrkResult {
  rps: number;
  p50: string;
  p99: string;
  non2xx: number;
}

async function wrk(url: string, headers: Record<string, string> = {}): Promise<WrkResult> {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${SECONDS}s`, "--latency"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  const out = new TextDecoder().decode((await new Deno.Command("wrk", { args: [...args, url] }).output()).stdout);
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const p50 = /50%\s+(\S+)/.exec(out)?.[1] ?? "-";
  const p99 = /99%\s+(\S+)/.exec(out)?.[1] ?? "-";
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50, p99, non2xx };
}

await ensureWrk();
const bin = await findPostgresBin();
if (!bin) throw new Error("PostgreSQL server binaries not found (apt-get install postgresql)");
const cluster = await startCluster(bin);
const children: Deno.ChildProcess[] = [];
try {
  const db = openPostgres(cluster.url, 2, { statementTimeoutMs: 0 });
  await migrate(db);
  await seedDemo(db, createLogger("warn"));
  await db.close();

  const barePort = await freePort();
  children.push(
    new Deno.Command(DENO, { args: ["run", "-A", `${ROOT}bench/bare-hono.ts`, String(barePort)], stdout: "null" })
      .spawn(),
  );
  const appPort = await freePort();
  children.push(
    new Deno.Command(DENO, {
      args: ["run", "-A", `${ROOT}src/main.ts`],
      env: {
        DATABASE_URL: cluster.url,
        PORT: String(appPort),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        SEED_DEMO: "false",
      },
      stdout: "null",
      stderr: "null",
    }).spawn(),
  );
  const bare = `http://127.0.0.1:${barePort}/`;
  const app = `http://127.0.0.1:${appPort}`;
  await waitFor(bare);
  await waitFor(`${app}/healthz`);
  const login = await fetch(`${app}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: app },
    body: JSON.stringify({ email: "purchase@example.com", password: "demo123" }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  await login.body?.cancel();
  if (!cookie) throw new Error(`sign-in failed: ${login.status}`);
  const first = await (await fetch(`${app}/api/purchase-requests?page=1`, { headers: { cookie } })).json();
  const id = first?.items?.[0]?.id ?? first?.[0]?.id ?? 1;

  const runs: [string, string, Record<string, string>][] = [
    ["bare Hono `c.json({ok:true})`", bare, {}],
    ["`/healthz` through the app's middleware", `${app}/healthz`, {}],
    ["`GET /api/auth/user` (signed in)", `${app}/api/auth/user`, { cookie }],
    ["`GET /api/purchase-requests?page=1` (demo data)", `${app}/api/purchase-requests?page=1`, { cookie }],
    [`\`GET /api/purchase-requests/${id}\``, `${app}/api/purchase-requests/${id}`, { cookie }],
  ];
  const results: [string, WrkResult][] = [];
  for (const [name, url, headers] of runs) results.push([name, await wrk(url, headers)]);
  const base = results[0][1].rps;
  const commit = new TextDecoder().decode(
    (await new Deno.Command("git", { args: ["rev-parse", "--short", "HEAD"], cwd: ROOT }).output()).stdout,
  ).trim();
  console.log(`wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, commit ${commit}, ${new Date().toISOString()}\n`);
  console.log("| endpoint | req/s | % of bare | p50 | p99 | non-2xx |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const [name, r] of results) {
    console.log(
      `| ${name} | ${Math.round(r.rps)} | ${Math.round((100 * r.rps) / base)}% | ${r.p50} | ${r.p99} | ${r.non2xx} |`,
    );
  }
} finally {
  for (const c of children) {
    try {
      c.kill("SIGTERM");
      await c.status;
    } catch {
      // gone
    }
  }
  await cluster.stop();
}

/**
 * Throughput of the app's per-request path against a bare Hono server, measured in one run with a
 * native load generator (wrk; installed with apt when missing), so the generator is never the
 * bottleneck. Ratios are against the bare server of the same round; the table gives the median of
 * the rounds (bare, then each endpoint, back to back, so a round sees one machine load).
 *
 *   node_modules/.bin/deno run -A bench/throughput.ts [--seconds 10] [--connections 32] [--rounds 3]
 *     [--only healthz,user] [--profile /tmp/prof] [--compare /path/to/other/checkout]
 *
 * Starts a throwaway PostgreSQL cluster with the demo data, the app as a separate process (request
 * log on at info, buffered as in production, written to /dev/null) and a bare Hono "hello", warms
 * both up, then runs wrk against each endpoint. `--profile DIR` runs the app with `--cpu-prof` and
 * writes its .cpuprofile there when the app stops (summarise it with bench/cpuprofile-summary.ts).
 * `--compare DIR` also starts the app of another checkout (e.g. `git archive <commit> | tar -x -C DIR`
 * and a `node_modules` symlink) on the same database and measures its endpoints in the same rounds:
 * a before/after comparison that one machine load cannot skew.
 */
import { findPostgresBin, freePort, startCluster } from "../tests/helpers/pg-cluster.ts";
import { openPostgres } from "../src/db/postgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemo } from "../src/db/seed.ts";
import { createLogger } from "../src/lib/logger.ts";

const arg = (name: string, fallback: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : fallback;
};
const SECONDS = Number(arg("seconds", "10"));
const CONNECTIONS = Number(arg("connections", "32"));
const ROUNDS = Number(arg("rounds", "3"));
const ONLY = arg("only", "").split(",").filter(Boolean);
const PROFILE = arg("profile", "");
const COMPARE = arg("compare", "");
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
  for (let i = 0; i < 1200; i++) {
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

const loadAverage = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");

interface WrkResult {
  rps: number;
  /** CPU time (user + system) the serving process spent per answered request, in µs. */
  cpuUs: number;
  p50: string;
  p99: string;
  non2xx: number;
}

/** User + system CPU time of a process so far, in clock ticks (1/100 s on Linux). */
function cpuTicks(pid: number): number {
  const stat = Deno.readTextFileSync(`/proc/${pid}/stat`);
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return Number(fields[11]) + Number(fields[12]);
}

async function wrk(url: string, headers: Record<string, string>, pid: number, seconds = SECONDS): Promise<WrkResult> {
  const args = ["-t1", `-c${CONNECTIONS}`, `-d${seconds}s`, "--latency"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  const ticks = cpuTicks(pid);
  const out = new TextDecoder().decode((await new Deno.Command("wrk", { args: [...args, url] }).output()).stdout);
  const used = cpuTicks(pid) - ticks;
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  // The latency distribution's lines ("     50%    1.10ms"), not the "+/- Stdev" column.
  const p50 = /^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? "-";
  const p99 = /^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? "-";
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0);
  return { rps, cpuUs: requests ? (used * 10_000) / requests : 0, p50, p99, non2xx };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

await ensureWrk();
const bin = await findPostgresBin();
if (!bin) throw new Error("PostgreSQL server binaries not found (apt-get install postgresql)");
const cluster = await startCluster(bin);
const children: Deno.ChildProcess[] = [];
let dataDir = "";
try {
  const db = openPostgres(cluster.url, 2, { statementTimeoutMs: 0 });
  await migrate(db);
  await seedDemo(db, createLogger("warn"));
  await db.close();

  const barePort = freePort();
  const bareProcess = new Deno.Command(DENO, {
    args: ["run", "-A", `${ROOT}bench/bare-hono.ts`, String(barePort)],
    stdout: "null",
  }).spawn();
  children.push(bareProcess);
  // Fixed keys and a temporary data directory: the apps share the key (one sign-in serves both)
  // and write nothing into a checkout.
  dataDir = await Deno.makeTempDir({ prefix: "throughput-" });
  const bytes = crypto.getRandomValues(new Uint8Array(80));
  const jwtSecret = btoa(String.fromCharCode(...bytes.subarray(0, 48)));
  const sealedBidKey = btoa(String.fromCharCode(...bytes.subarray(48)));
  const startApp = (root: string, profile: string[]) => {
    const port = freePort();
    const child = new Deno.Command(DENO, {
      args: ["run", "-A", ...profile, `${root}src/main.ts`],
      cwd: root,
      env: {
        DATABASE_URL: cluster.url,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
        SEED_DEMO: "false",
        DATA_DIR: dataDir,
        JWT_SECRET: jwtSecret,
        SEALED_BID_KEY: sealedBidKey,
      },
      stdout: "null",
      stderr: "inherit", // warnings and errors only: the request log is on stdout
    }).spawn();
    children.push(child);
    return { url: `http://127.0.0.1:${port}`, pid: child.pid };
  };
  const { url: app, pid: appPid } = startApp(ROOT, PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE}`] : []);
  const other = COMPARE ? startApp(COMPARE.replace(/\/?$/, "/"), []) : undefined;
  const bare = `http://127.0.0.1:${barePort}/`;
  await waitFor(bare);
  await waitFor(`${app}/healthz`);
  if (other) await waitFor(`${other.url}/healthz`);
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

  const all: [string, string, string, Record<string, string>, number][] = [
    ["bare", "bare Hono `c.json({ok:true})`", bare, {}, bareProcess.pid],
    ["request-id-header", "bare Hono + X-Request-Id only", `${bare}request-id-header`, {}, bareProcess.pid],
    [
      "headers",
      "bare Hono + the app's JSON headers: short set + X-Request-Id (ceiling)",
      `${bare}headers`,
      {},
      bareProcess.pid,
    ],
    [
      "document-headers",
      "bare Hono + the 12 document headers + X-Request-Id (the old ceiling)",
      `${bare}document-headers`,
      {},
      bareProcess.pid,
    ],
    ["healthz", "`/healthz` (the app)", `${app}/healthz`, {}, appPid],
    ["user", "`GET /api/auth/user` (signed in)", `${app}/api/auth/user`, { cookie }, appPid],
    [
      "list",
      "`GET /api/purchase-requests?page=1` (demo data)",
      `${app}/api/purchase-requests?page=1`,
      { cookie },
      appPid,
    ],
    ["detail", `\`GET /api/purchase-requests/${id}\``, `${app}/api/purchase-requests/${id}`, { cookie }, appPid],
  ];
  if (other) {
    // The same session works on the other checkout: same database, same signing key.
    all.push(
      ["healthz", `\`/healthz\`, ${COMPARE}`, `${other.url}/healthz`, {}, other.pid],
      ["user", `\`GET /api/auth/user\`, ${COMPARE}`, `${other.url}/api/auth/user`, { cookie }, other.pid],
      ["list", `list page 1, ${COMPARE}`, `${other.url}/api/purchase-requests?page=1`, { cookie }, other.pid],
      ["detail", `detail, ${COMPARE}`, `${other.url}/api/purchase-requests/${id}`, { cookie }, other.pid],
    );
  }
  const runs = all.filter(([key]) => key === "bare" || key.includes("header") || !ONLY.length || ONLY.includes(key));

  // Warm-up: the JIT compiles the hot path before anything is counted.
  for (const [, , url, headers, pid] of runs) await wrk(url, headers, pid, 2);

  const loadBefore = loadAverage();
  const rounds: WrkResult[][] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round: WrkResult[] = [];
    for (const [, , url, headers, pid] of runs) round.push(await wrk(url, headers, pid));
    rounds.push(round);
    console.error(
      `round ${r + 1}: ` +
        runs.map(([key], i) => `${key} ${Math.round(round[i].rps)}/s ${round[i].cpuUs.toFixed(1)}µs`).join(", ") +
        `  (load ${loadAverage()})`,
    );
  }
  const loadAfter = loadAverage();
  const commit = new TextDecoder().decode(
    (await new Deno.Command("git", { args: ["rev-parse", "--short", "HEAD"], cwd: ROOT }).output()).stdout,
  ).trim();
  console.log(
    `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, ${ROUNDS} rounds (medians), commit ${commit}, ` +
      `${new Date().toISOString()}, load average ${loadBefore} before, ${loadAfter} after\n`,
  );
  console.log(
    "| endpoint | req/s | % of bare (per round) | median % | CPU µs/request | % of bare by CPU | p50 | p99 | non-2xx |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  runs.forEach(([, name], i) => {
    const ratios = rounds.map((round) => (100 * round[i].rps) / round[0].rps);
    const mid = rounds.map((round) => round[i]).sort((a, b) => a.rps - b.rps)[Math.floor((ROUNDS - 1) / 2)];
    const non2xx = rounds.reduce((n, round) => n + round[i].non2xx, 0);
    const cpu = median(rounds.map((round) => round[i].cpuUs));
    const cpuRatio = median(rounds.map((round) => (100 * round[0].cpuUs) / round[i].cpuUs));
    console.log(
      `| ${name} | ${Math.round(median(rounds.map((round) => round[i].rps)))} | ` +
        `${ratios.map((x) => `${Math.round(x)}%`).join(" ")} | ${Math.round(median(ratios))}% | ` +
        `${cpu.toFixed(1)} | ${Math.round(cpuRatio)}% | ${mid.p50} | ${mid.p99} | ${non2xx} |`,
    );
  });
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
  if (dataDir) await Deno.remove(dataDir, { recursive: true });
}

/**
 * Throughput of the app's per-request path against a bare Hono server, measured in one run with a
 * native load generator (wrk; installed with apt when missing), so the generator is never the
 * bottleneck. Every endpoint's window is paired with a window of the bare server run just before
 * it: the ratio of each pair, then the median (and quartiles) over the rounds, so a drift of the
 * machine between windows (this VM's bare figure moves 49–123k req/s from minute to minute) skews
 * no ratio. On two cores or more the servers run on core 0 and wrk on core 1 (bench/wrk.ts;
 * `BENCH_PIN=off` to let the scheduler place them): unpinned, the server's runtime threads and wrk
 * take each other's core by turns, which made single rounds read 46% or 99% for the same build.
 *
 *   node_modules/.bin/deno run -A bench/throughput.ts [--seconds 3] [--connections 32] [--rounds 9]
 *     [--only healthz,user] [--profile /tmp/prof] [--compare /path/to/other/checkout]
 *     [--deno /path/to/deno]
 *
 * Starts a throwaway PostgreSQL cluster with the demo data, the app as a separate process (request
 * log on at info, buffered as in production, written to /dev/null) and a bare Hono "hello", warms
 * both up, then runs wrk against each endpoint. `--profile DIR` runs the app with `--cpu-prof` and
 * writes its .cpuprofile there when the app stops (summarise it with bench/cpuprofile-summary.ts).
 * `--compare DIR` also starts the app of another checkout (e.g. `git archive <commit> | tar -x -C DIR`
 * and a `node_modules` symlink) on the same database and measures its endpoints in the same rounds:
 * a before/after comparison that one machine load cannot skew. `--deno PATH` runs the servers
 * on another Deno binary (to compare runtimes: both servers use it, the ratio stays like for like).
 */
import { findPostgresBin, freePort, startCluster } from "../tests/helpers/pg-cluster.ts";
import { openPostgres } from "../src/db/postgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemo } from "../src/db/seed.ts";
import { createLogger } from "../src/lib/logger.ts";
import {
  ensureWrk,
  loadAverage,
  median,
  onCore,
  PIN,
  quantile,
  waitFor,
  wrk as runWrk,
  type WrkResult,
} from "./wrk.ts";

const arg = (name: string, fallback: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : fallback;
};
const SECONDS = Number(arg("seconds", "3"));
const CONNECTIONS = Number(arg("connections", "32"));
const ROUNDS = Number(arg("rounds", "9"));
const ONLY = arg("only", "").split(",").filter(Boolean);
const PROFILE = arg("profile", "");
const COMPARE = arg("compare", "");
const ROOT = new URL("../", import.meta.url).pathname;
const DENO = arg("deno", `${ROOT}node_modules/deno/deno`);

/** wrk against one endpoint of this benchmark, counting the CPU of the process that serves it. */
const wrk = (url: string, headers: Record<string, string>, pid: number, seconds = SECONDS): Promise<WrkResult> =>
  runWrk({ url, headers, pid, seconds, connections: CONNECTIONS });

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
  const [bareCmd, bareArgs] = onCore(0, DENO, ["run", "-A", `${ROOT}bench/bare-hono.ts`, String(barePort)]);
  const bareProcess = new Deno.Command(bareCmd, { args: bareArgs, stdout: "null" }).spawn();
  children.push(bareProcess);
  // Fixed keys and a temporary data directory: the apps share the key (one sign-in serves both)
  // and write nothing into a checkout.
  dataDir = await Deno.makeTempDir({ prefix: "throughput-" });
  const bytes = crypto.getRandomValues(new Uint8Array(80));
  const jwtSecret = btoa(String.fromCharCode(...bytes.subarray(0, 48)));
  const sealedBidKey = btoa(String.fromCharCode(...bytes.subarray(48)));
  const startApp = (root: string, profile: string[]) => {
    const port = freePort();
    const [appCmd, appArgs] = onCore(0, DENO, ["run", "-A", ...profile, `${root}src/main.ts`]);
    const child = new Deno.Command(appCmd, {
      args: appArgs,
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
  // rounds[r][i]: endpoint i's window in round r; bares[r][i]: the bare window just before it
  // (for i = 0, the bare server itself, the same window).
  const rounds: WrkResult[][] = [];
  const bares: WrkResult[][] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const round: WrkResult[] = [];
    const bare: WrkResult[] = [];
    for (const [key, , url, headers, pid] of runs) {
      const before = await wrk(runs[0][2], runs[0][3], runs[0][4]);
      bare.push(before);
      round.push(key === "bare" ? before : await wrk(url, headers, pid));
    }
    rounds.push(round);
    bares.push(bare);
    console.error(
      `round ${r + 1}: ` +
        runs.map(([key], i) =>
          `${key} ${Math.round(round[i].rps)}/s ${round[i].cpuUs.toFixed(1)}µs (${
            Math.round((100 * round[i].rps) / bare[i].rps)
          }%)`
        ).join(", ") + `  (load ${loadAverage()})`,
    );
  }
  const loadAfter = loadAverage();
  const commit = new TextDecoder().decode(
    (await new Deno.Command("git", { args: ["rev-parse", "--short", "HEAD"], cwd: ROOT }).output()).stdout,
  ).trim();
  const version = new TextDecoder().decode((await new Deno.Command(DENO, { args: ["--version"] }).output()).stdout)
    .split("\n")[0];
  console.log(
    `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s, ${ROUNDS} rounds of paired windows (each endpoint right after ` +
      `a bare window), ${PIN ? "servers on core 0 and wrk on core 1" : "not pinned"}, ${version}, ` +
      `commit ${commit}, ${new Date().toISOString()}, load average ${loadBefore} before, ${loadAfter} after\n`,
  );
  console.log(
    "| endpoint | req/s (median) | % of bare: median of pairs | quartiles | CPU µs/request | % of bare by CPU (median of pairs) | p50 | p99 | non-2xx |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  runs.forEach(([, name], i) => {
    const ratios = rounds.map((round, r) => (100 * round[i].rps) / bares[r][i].rps);
    const cpuRatios = rounds.map((round, r) => (100 * bares[r][i].cpuUs) / round[i].cpuUs);
    const mid = rounds.map((round) => round[i]).sort((a, b) => a.rps - b.rps)[Math.floor((ROUNDS - 1) / 2)];
    const non2xx = rounds.reduce((n, round) => n + round[i].non2xx, 0);
    const cpu = median(rounds.map((round) => round[i].cpuUs));
    console.log(
      `| ${name} | ${Math.round(median(rounds.map((round) => round[i].rps)))} | ${Math.round(median(ratios))}% | ` +
        `${Math.round(quantile(ratios, 0.25))}–${Math.round(quantile(ratios, 0.75))}% | ` +
        `${cpu.toFixed(1)} | ${Math.round(median(cpuRatios))}% | ${mid.p50} | ${mid.p99} | ${non2xx} |`,
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

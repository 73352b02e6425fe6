/**
 * A real page's API calls, closed loop, with wrk: the requests the SPA sends for a signed-in
 * procurement manager's dashboard, the purchase request list and one purchase request, each page
 * as a wrk Lua rotation over its paths with the session cookie, on PostgreSQL with the demo data.
 * `--compare DIR` runs another checkout's app on the same database in the same rounds, page by page,
 * the two builds' windows alternating (which goes first swaps every round), so one machine load
 * skews neither: the table gives each page's median req/s and CPU µs per request of both builds and
 * the ratio after/before (this checkout / DIR) per round with its quartiles.
 *
 *   node_modules/.bin/deno run -A bench/pages.ts [--compare /tmp/before] [--seconds 5] [--rounds 5]
 *     [--connections 16] [--only dashboard,list,detail]
 *
 * The pages (what the SPA asks for, read from web/src and checked in Chromium):
 * - dashboard: the overview section of a procurement manager (web/src/features/analytics
 *   role-dashboard.tsx: `useReport("approvals")` and `useReport("pipeline", this year)`;
 *   web/src/features/overview: `usePurchaseRequestStats`). The user comes with the page itself
 *   (docs/decisions/026-boot-in-the-page.md): no /api/auth/session call.
 * - list: the purchase requests section opened from the dashboard (web/src/features/requests:
 *   `useCategories` in request-filters.tsx, `usePurchaseRequests` page 1 of 10 in request-list.tsx,
 *   and `/api/meta`; the stats are still cached from the dashboard, staleTime Infinity).
 * - detail: a purchase request's dialog (`usePurchaseRequest`, refetched on every open).
 *
 * CPU per request is the serving app's (user + system, /proc) and its PostgreSQL backends'; both
 * apps' backends carry application_name procurement, and the idle app's cost next to nothing. The
 * other checkout must know every migration the database has (see bench/README.md, throughput.ts).
 * Servers run on core 0 and wrk on core 1 (bench/wrk.ts). Prints one markdown table on stdout,
 * progress on stderr.
 */
import { findPostgresBin, freePort, startCluster } from "../tests/helpers/pg-cluster.ts";
import { openPostgres } from "../src/db/postgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemo } from "../src/db/seed.ts";
import { createLogger } from "../src/lib/logger.ts";
import { backendTicks } from "./proc-cpu.ts";
import {
  type BackendWrkResult as Window,
  ensureWrk,
  loadAverage,
  median,
  onCore,
  PIN,
  quantile,
  rotatingScript,
  waitFor,
  wrkWithBackends,
} from "./wrk.ts";

const arg = (name: string, fallback: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : fallback;
};
const SECONDS = Number(arg("seconds", "5"));
const ROUNDS = Number(arg("rounds", "5"));
const CONNECTIONS = Number(arg("connections", "16"));
const ONLY = arg("only", "").split(",").filter(Boolean);
const COMPARE = arg("compare", "");
const USER = arg("user", "manager@example.com");
const ROOT = new URL("../", import.meta.url).pathname;
const DENO = `${ROOT}node_modules/deno/deno`;

const text = async (cmd: string, args: string[], cwd = ROOT) =>
  new TextDecoder().decode((await new Deno.Command(cmd, { args, cwd }).output()).stdout).trim();

interface Build {
  name: string;
  url: string;
  pid: number;
}

await ensureWrk();
const bin = await findPostgresBin();
if (!bin) throw new Error("PostgreSQL server binaries not found (apt-get install postgresql)");
const cluster = await startCluster(bin);
const children: Deno.ChildProcess[] = [];
const scripts: string[] = [];
let dataDir = "";
try {
  const db = openPostgres(cluster.url, 2, { statementTimeoutMs: 0 });
  await migrate(db);
  await seedDemo(db, createLogger("warn"));

  // Fixed keys and one data directory: a session signed by one build is valid on the other.
  dataDir = await Deno.makeTempDir({ prefix: "pages-" });
  const bytes = crypto.getRandomValues(new Uint8Array(80));
  const keys = {
    JWT_SECRET: btoa(String.fromCharCode(...bytes.subarray(0, 48))),
    SEALED_BID_KEY: btoa(String.fromCharCode(...bytes.subarray(48))),
  };
  const startApp = async (root: string, label: string): Promise<Build> => {
    const port = freePort();
    const [cmd, args] = onCore(0, DENO, ["run", "-A", `${root}src/main.ts`]);
    const child = new Deno.Command(cmd, {
      args,
      cwd: root,
      env: {
        DATABASE_URL: cluster.url,
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info", // the request log on, buffered, as in production
        SEED_DEMO: "false",
        DATA_DIR: dataDir,
        ...keys,
      },
      stdout: "null",
      stderr: "inherit",
    }).spawn();
    children.push(child);
    const commit = await text("git", ["rev-parse", "--short", "HEAD"], root);
    return { name: `${label} (${commit || root})`, url: `http://127.0.0.1:${port}`, pid: child.pid };
  };
  const after = await startApp(ROOT, "this checkout");
  const before = COMPARE ? await startApp(COMPARE.replace(/\/?$/, "/"), COMPARE) : undefined;
  const builds = before ? [before, after] : [after];
  for (const b of builds) await waitFor(`${b.url}/healthz`);

  const login = await fetch(`${after.url}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: after.url },
    body: JSON.stringify({ email: USER, password: "demo123" }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  await login.body?.cancel();
  if (!cookie) throw new Error(`sign-in as ${USER} failed: ${login.status}`);
  const firstPage = await (await fetch(`${after.url}/api/purchase-requests?limit=10&offset=0`, { headers: { cookie } }))
    .json() as { id: number }[];
  const id = firstPage[0]?.id;
  if (!id) throw new Error("no purchase request in the demo data");
  // The dashboard's range "this year" (web/src/lib/report-filter.ts resolveFilter), as dates.
  const today = new Date().toISOString().slice(0, 10);
  const pages: [string, string[]][] = ([
    ["dashboard", [
      "/api/purchase-requests/stats",
      "/api/reports/approvals",
      `/api/reports/pipeline?from=${today.slice(0, 4)}-01-01&to=${today}`,
    ]],
    ["list", ["/api/meta", "/api/categories", "/api/purchase-requests?limit=10&offset=0"]],
    ["detail", [`/api/purchase-requests/${id}`]],
  ] as [string, string[]][]).filter(([name]) => !ONLY.length || ONLY.includes(name));

  // Every path answers 200 on every build before anything is measured.
  for (const b of builds) {
    for (const [, paths] of pages) {
      for (const path of paths) {
        const res = await fetch(`${b.url}${path}`, { headers: { cookie } });
        await res.body?.cancel();
        if (res.status !== 200) throw new Error(`${b.name}: GET ${path} answered ${res.status}`);
      }
    }
  }

  const scriptOf = new Map<string, string>();
  for (const [name, paths] of pages) {
    const script = await rotatingScript(paths);
    scripts.push(script);
    scriptOf.set(name, script);
  }
  // Every app's pool connections are open after the warm-up below, so each window lists the backends
  // just before it (wrkWithBackends) and skips a warm-up of its own.
  const measure = (b: Build, page: string, seconds = SECONDS): Promise<Window> =>
    wrkWithBackends(
      { url: b.url, seconds, connections: CONNECTIONS, headers: { cookie }, script: scriptOf.get(page), pid: b.pid },
      () => backendTicks(db),
      { warmUp: false },
    );

  // Warm-up: the JIT compiles the paths and each app's pool opens its connections (so every backend
  // is listed before a measured window).
  for (const [page] of pages) for (const b of builds) await measure(b, page, 3);

  const loadBefore = loadAverage();
  // windows[page][build][round]
  const windows = pages.map(() => builds.map(() => [] as Window[]));
  for (let r = 0; r < ROUNDS; r++) {
    const line: string[] = [];
    for (const [p, [page]] of pages.entries()) {
      const order = builds.map((_, i) => i);
      if (r % 2) order.reverse();
      for (const i of order) windows[p][i].push(await measure(builds[i], page));
      line.push(
        `${page} ` + builds.map((_, i) => {
          const w = windows[p][i][r];
          return `${Math.round(w.rps)}/s ${(w.cpuUs + w.backendUs).toFixed(0)}µs`;
        }).join(" vs "),
      );
    }
    console.error(`round ${r + 1}: ${line.join(", ")}  (load ${loadAverage()})`);
  }
  const loadAfter = loadAverage();
  await db.close();

  const version = (await text(DENO, ["--version"])).split("\n")[0];
  console.log(
    `wrk -t1 -c${CONNECTIONS} -d${SECONDS}s per window, ${ROUNDS} rounds, signed in as ${USER}, ` +
      `${PIN ? "servers on core 0 and wrk on core 1" : "not pinned"}, ${version}, ${new Date().toISOString()}, ` +
      `load average ${loadBefore} before, ${loadAfter} after` +
      (before ? `; before = ${before.name}, after = ${after.name}` : `; ${after.name}`) + "\n",
  );
  const cpu = (w: Window) => w.cpuUs + w.backendUs;
  const fmt = (xs: number[], digits = 0) => median(xs).toFixed(digits);
  const ratio = (xs: number[]) =>
    `${(100 * median(xs)).toFixed(0)}% (${(100 * quantile(xs, 0.25)).toFixed(0)}–${
      (100 * quantile(xs, 0.75)).toFixed(0)
    }%)`;
  if (before) {
    console.log(
      "| page (paths in rotation) | req/s before | req/s after | after/before req/s: median of rounds (quartiles) | " +
        "CPU µs/req before (app + PostgreSQL) | CPU µs/req after (app + PostgreSQL) | after/before CPU µs/req (quartiles) | " +
        "p50 before / after | non-2xx |",
    );
    console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
    for (const [p, [page, paths]] of pages.entries()) {
      const [b, a] = windows[p];
      const rps = a.map((w, r) => w.rps / b[r].rps);
      const cpus = a.map((w, r) => cpu(w) / cpu(b[r]));
      const mid = (ws: Window[]) => [...ws].sort((x, y) => x.rps - y.rps)[Math.floor((ws.length - 1) / 2)];
      console.log(
        `| ${page} (${paths.join(", ")}) | ${fmt(b.map((w) => w.rps))} | ${fmt(a.map((w) => w.rps))} | ${
          ratio(rps)
        } | ` +
          `${fmt(b.map(cpu))} (${fmt(b.map((w) => w.cpuUs))} + ${fmt(b.map((w) => w.backendUs))}) | ` +
          `${fmt(a.map(cpu))} (${fmt(a.map((w) => w.cpuUs))} + ${fmt(a.map((w) => w.backendUs))}) | ${ratio(cpus)} | ` +
          `${mid(b).p50} / ${mid(a).p50} | ${[...a, ...b].reduce((n, w) => n + w.non2xx, 0)} |`,
      );
    }
  } else {
    console.log("| page (paths in rotation) | req/s | CPU µs/req (app + PostgreSQL) | p50 | p99 | non-2xx |");
    console.log("| --- | --- | --- | --- | --- | --- |");
    for (const [p, [page, paths]] of pages.entries()) {
      const [a] = windows[p];
      const mid = [...a].sort((x, y) => x.rps - y.rps)[Math.floor((a.length - 1) / 2)];
      console.log(
        `| ${page} (${paths.join(", ")}) | ${fmt(a.map((w) => w.rps))} | ` +
          `${fmt(a.map(cpu))} (${fmt(a.map((w) => w.cpuUs))} + ${fmt(a.map((w) => w.backendUs))}) | ` +
          `${mid.p50} | ${mid.p99} | ${a.reduce((n, w) => n + w.non2xx, 0)} |`,
      );
    }
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
  for (const s of scripts) await Deno.remove(s).catch(() => {});
  await cluster.stop();
  if (dataDir) await Deno.remove(dataDir, { recursive: true });
}

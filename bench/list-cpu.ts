/**
 * CPU per request of each kind of the staff bid request and quotation lists: at
 * 200 requests/s on two cores a list request must cost well under 5 ms of CPU, app and PostgreSQL
 * together, for p95 to stay near the 25 ms budget. For each kind, `wrk -t1 -c8` (a Lua script
 * rotating over 100 paths of that kind: random depths and cursors) against the app, and the CPU
 * ticks of the app process and of its PostgreSQL backends from /proc/<pid>/stat around the run, as
 * bench/purchase-requests.ts counts them. CPU time depends much less on the machine's load than
 * milliseconds do; it is the figure to compare between runs.
 *
 * Run against an already seeded database (bench/other-lists.ts's data), from the repository root:
 *   node_modules/.bin/deno run -A bench/list-cpu.ts --database-url postgres://... [--seconds 6]
 *     [--connections 8] [--only bid|quotations] [--compare /tmp/before (another checkout, measured
 *     kind by kind alternately with this one)]
 * The PostgreSQL backends must be on this machine (their /proc entries are read).
 */
import { openPostgres } from "../src/db/postgres.ts";
import { encodeKeyset } from "../src/db/keyset.ts";
import { freePort } from "../tests/helpers/pg-cluster.ts";
import { backendTicks } from "./proc-cpu.ts";
import { rotatingScript, wrkWithBackends } from "./wrk.ts";

const argOf = (name: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};
const url = argOf("database-url");
if (!url) {
  console.error("Usage: bench/list-cpu.ts --database-url postgres://... [--only bid|quotations] [--compare DIR]");
  Deno.exit(2);
}
const SECONDS = Number(argOf("seconds") ?? 6);
const CONNECTIONS = Number(argOf("connections") ?? 8);
const ONLY = argOf("only");
const COMPARE = argOf("compare");
const ROOT = new URL("../", import.meta.url).pathname;
const load = () => Deno.loadavg().map((x) => x.toFixed(1)).join(" ");

const db = openPostgres(url, 1, { statementTimeoutMs: 0 });

const cursors = async (sql: string) => (await db.query<{ c: string }>(sql)).map((r) => encodeKeyset(r.c));
const c = (time: string, id: string) =>
  `to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '_' || ${id} as c`;
const bidCursors = await cursors(`select ${c("created_at", "id")} from bid_requests order by random() limit 100`);
const quotationCursors = await cursors(
  `select ${c("submitted_at", "id")} from quotations where is_current and not sealed order by random() limit 100`,
);
const bidIds = (await db.query<{ id: number }>(
  "select bid_request_id as id from quotations where bid_request_id is not null group by 1 order by random() limit 100",
)).map((r) => r.id);
const depths = (max: number, step: number) =>
  Array.from({ length: 100 }, () => Math.floor(Math.random() * (max / step)) * step);

// The kinds of bench/other-lists.ts's two staff lists (the SPA's tab asks 50 rows).
const kinds: [string, string[]][] = [
  ["bids: tab active (50 rows)", ["/api/bid-requests?group=active&limit=50"]],
  ["bids: tab drafts", ["/api/bid-requests?group=drafts&limit=50"]],
  ["bids: tab completed", ["/api/bid-requests?group=completed&limit=50"]],
  ["bids: status=evaluation", ["/api/bid-requests?status=evaluation&limit=50"]],
  ["bids: offset <= 9950", depths(10_000, 50).map((o) => `/api/bid-requests?offset=${o}&limit=50`)],
  ["bids: cursor page", bidCursors.map((a) => `/api/bid-requests?after=${a}&limit=50`)],
  ["quotations: page 1", ["/api/quotations?limit=50"]],
  ["quotations: status=submitted", ["/api/quotations?status=submitted"]],
  ["quotations: status=approved", ["/api/quotations?status=approved"]],
  ["quotations: bidRequestId", bidIds.map((id) => `/api/quotations?bidRequestId=${id}`)],
  ["quotations: offset <= 9,950", depths(10_000, 50).map((o) => `/api/quotations?offset=${o}`)],
  ["quotations: cursor page", quotationCursors.map((a) => `/api/quotations?after=${a}`)],
];

async function startServer(root: string) {
  const port = await freePort();
  const child = new Deno.Command(`${ROOT}node_modules/deno/deno`, {
    args: ["run", "-A", `${root}src/main.ts`],
    cwd: root,
    env: { DATABASE_URL: url!, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", SEED_DEMO: "false" },
    stdout: "null",
    stderr: "inherit",
  }).spawn();
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) break;
    } catch { /* starting */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  const res = await fetch(`${base}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "manager@example.com", password: "demo123" }),
  });
  await res.arrayBuffer();
  return { child, base, cookie: res.headers.get("set-cookie")!.split(";")[0] };
}

async function wrk(server: Awaited<ReturnType<typeof startServer>>, paths: string[]) {
  const script = await rotatingScript(paths);
  try {
    const r = await wrkWithBackends(
      {
        url: server.base,
        seconds: SECONDS,
        connections: CONNECTIONS,
        headers: { cookie: server.cookie },
        script,
        pid: server.child.pid,
      },
      () => backendTicks(db),
    );
    return { rps: r.rps, app: Math.round(r.cpuUs), pg: Math.round(r.backendUs), p50: r.p50, non2xx: r.non2xx };
  } finally {
    await Deno.remove(script);
  }
}

const servers: [string, Awaited<ReturnType<typeof startServer>>][] = [["this checkout", await startServer(ROOT)]];
if (COMPARE) servers.push([COMPARE, await startServer(COMPARE.endsWith("/") ? COMPARE : `${COMPARE}/`)]);
try {
  console.log(`wrk -t1 -c${CONNECTIONS} -d${SECONDS}s per kind; load average at the start: ${load()}\n`);
  console.log("| kind | server | req/s | app CPU µs/request | PostgreSQL CPU µs/request | total µs | p50 | non-2xx |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const [kind, paths] of kinds) {
    if (ONLY && !kind.startsWith(ONLY)) continue;
    for (const [name, server] of servers) {
      const r = await wrk(server, paths);
      console.log(`| ${kind} | ${name} | ${r.rps} | ${r.app} | ${r.pg} | ${r.app + r.pg} | ${r.p50} | ${r.non2xx} |`);
    }
  }
  console.log(`\nLoad average at the end: ${load()}`);
} finally {
  for (const [, s] of servers) {
    s.child.kill("SIGTERM");
    await s.child.status;
  }
  await db.close();
}

/**
 * CPU per statement of the PostgreSQL driver: postgres.js over Deno's node:net
 * (its default socket) against postgres.js over Deno.connect (src/db/deno-socket.ts), in one run,
 * alternating. One prepared statement in a loop, one at a time and 32 in flight, through the app's
 * own `openPostgres`. Prints CPU µs per statement of this process and of the PostgreSQL backends.
 *
 *   node_modules/.bin/deno run -A bench/driver.ts [--n 20000] [--rounds 3] [--sql "select \$1::int as n"]
 *     [--params 50,0] [--only node|deno] [--in-flight 1,32]   (with --cpu-prof --cpu-prof-dir=DIR for a profile)
 *
 * The database is a throwaway cluster (tests/helpers/pg-cluster.ts), or `--database-url URL`.
 */
import { findPostgresBin, startCluster } from "../tests/helpers/pg-cluster.ts";
import { openPostgres } from "../src/db/postgres.ts";
import { cpuTicks } from "./proc-cpu.ts";

const arg = (name: string, fallback: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : fallback;
};
const N = Number(arg("n", "20000"));
const ROUNDS = Number(arg("rounds", "3"));
const SQL = arg("sql", "select $1::int as n");
const SOCKETS = (arg("only", "node,deno").split(",")) as ("node" | "deno")[];
const IN_FLIGHT = arg("in-flight", "1,32").split(",").map(Number);
const PARAMS = arg("params", "") ? arg("params", "").split(",").map(Number) : SQL.includes("$1") ? [1] : [];

const ticksOf = cpuTicks;
const loadAverage = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");

let url = arg("database-url", "");
let stop = async () => {};
if (!url) {
  const bin = await findPostgresBin();
  if (!bin) throw new Error("PostgreSQL server binaries not found (apt-get install postgresql)");
  const cluster = await startCluster(bin);
  url = cluster.url;
  stop = cluster.stop;
}

async function measure(socket: "node" | "deno", inFlight: number) {
  const db = openPostgres(url, inFlight === 1 ? 1 : 4, { socket });
  // Every connection of the pool open before the backends are listed.
  await Promise.all(Array.from({ length: inFlight }, () => db.query("select pg_sleep(0.05)")));
  const pids = (await db.query<{ pid: number }>(
    "select pid from pg_stat_activity where application_name = 'procurement'",
  )).map((r) => r.pid);
  for (let i = 0; i < 500; i++) await db.query(SQL, PARAMS);
  const backendBefore = pids.reduce((s, p) => s + ticksOf(p), 0);
  const before = ticksOf("self");
  const t0 = performance.now();
  let left = N;
  await Promise.all(Array.from({ length: inFlight }, async () => {
    while (left-- > 0) await db.query(SQL, PARAMS);
  }));
  const ms = performance.now() - t0;
  const app = ((ticksOf("self") - before) * 10_000) / N;
  const backend = ((pids.reduce((s, p) => s + ticksOf(p), 0) - backendBefore) * 10_000) / N;
  await db.close();
  return { app, backend, perSecond: (N * 1000) / ms };
}

try {
  console.log(`statement: ${SQL}; ${N} per measurement; load average ${loadAverage()}`);
  const rows: Record<string, { app: number[]; backend: number[]; rate: number[] }> = {};
  for (let r = 0; r < ROUNDS; r++) {
    for (const inFlight of IN_FLIGHT) {
      for (const socket of SOCKETS) {
        const m = await measure(socket, inFlight);
        const key = `${socket} socket, ${inFlight} in flight`;
        rows[key] ??= { app: [], backend: [], rate: [] };
        rows[key].app.push(m.app);
        rows[key].backend.push(m.backend);
        rows[key].rate.push(m.perSecond);
      }
    }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log("| driver | statements/s | app CPU µs/statement | backend CPU µs/statement |");
  console.log("| --- | --- | --- | --- |");
  for (const [key, v] of Object.entries(rows)) {
    console.log(
      `| ${key} | ${Math.round(median(v.rate))} | ${median(v.app).toFixed(1)} | ${median(v.backend).toFixed(1)} |`,
    );
  }
  console.log(`load average at the end: ${loadAverage()}`);
} finally {
  await stop();
}

/**
 * Seed speed (1,000,000 requests in under 15 minutes, 5,000,000 audit entries in a
 * few minutes). Starts its own PostgreSQL cluster (as tests do), runs `seedScale` and/or
 * `seedAuditLogs` over one connection, and prints the wall time with the CPU seconds of the seed
 * process and of its PostgreSQL backend: CPU depends little on the load of the machine, wall time
 * does (record the load average printed with it).
 *
 * Run: node_modules/deno/deno run -A bench/seed.ts [--scale 100000] [--audit-logs 0] [--triggers]
 *   --triggers   every trigger row by row (the path without a superuser, and the seed before the fast path)
 *   --database-url postgres://...   seed that database instead (it is kept)
 */
import { findPostgresBin, startCluster } from "../tests/helpers/pg-cluster.ts";
import { openPostgres } from "../src/db/postgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemo } from "../src/db/seed.ts";
import { seedAuditLogs, seedScale } from "./seed-scale.ts";
import { createLogger } from "../src/lib/logger.ts";
import process from "node:process";

const arg = (name: string, fallback: number) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
};
const SCALE = arg("scale", 100_000);
const AUDIT = arg("audit-logs", 0);
const urlArg = Deno.args.indexOf("--database-url");
const given = urlArg >= 0 ? Deno.args[urlArg + 1] : undefined;
const bin = given ? undefined : await findPostgresBin();
if (!given && !bin) {
  console.error("PostgreSQL server binaries not found (apt-get install postgresql)");
  Deno.exit(1);
}
const load = () => Deno.loadavg()[0].toFixed(1);
const cluster = given ? { url: given, stop: async () => {} } : await startCluster(bin!);
try {
  const db = openPostgres(cluster.url, 1, { statementTimeoutMs: 0 }); // one connection: one backend to measure
  await migrate(db);
  const logger = createLogger("warn");
  await seedDemo(db, logger);
  const [{ pid }] = await db.query<{ pid: number }>("select pg_backend_pid() as pid");
  // utime + stime of the backend, in seconds (Linux; the cluster runs on this machine).
  const backendCpu = async () => {
    const stat = (await Deno.readTextFile(`/proc/${pid}/stat`).catch(() => "")).split(") ")[1]?.split(" ");
    return stat ? (Number(stat[11]) + Number(stat[12])) / 100 : NaN;
  };
  const run = async (what: string, n: number, f: () => Promise<unknown>) => {
    const loadBefore = load();
    const [cpu0, pg0, t0] = [process.cpuUsage(), await backendCpu(), performance.now()];
    await f();
    const wall = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    const seedCpu = (cpu.user + cpu.system) / 1e6, pgCpu = (await backendCpu()) - pg0;
    console.log(
      `| ${what} | ${n} | ${wall.toFixed(1)} | ${seedCpu.toFixed(1)} | ${pgCpu.toFixed(1)} | ` +
        `${((seedCpu + pgCpu) / n * 1e6).toFixed(0)} | ${loadBefore} / ${load()} |`,
    );
  };
  console.log(
    "| seed | rows | wall s | seed process CPU s | PostgreSQL backend CPU s | CPU µs per row | load before / after |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  if (SCALE > 0) {
    const triggers = Deno.args.includes("--triggers");
    await run(`--scale${triggers ? " (every trigger)" : ""}`, SCALE, () => seedScale(db, SCALE, logger, { triggers }));
  }
  if (AUDIT > 0) await run("--audit-logs", AUDIT, () => seedAuditLogs(db, AUDIT, logger));
  await db.close();
} finally {
  await cluster.stop();
}

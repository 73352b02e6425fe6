/**
 * Benchmark of the report queries (issue 12, item 6): every report answers in under 200 ms p95 at
 * 100,000 purchase requests.
 *
 * Run: node_modules/deno/deno run -A bench/reports.ts [--scale 100000] [--runs 30] [--explain]
 * It starts its own PostgreSQL cluster (as tests do), seeds the demo organisation and `--scale`
 * requests (seed-scale.ts, what `deno task seed --scale` does), then times each report's queries
 * as the API runs them (the service functions, on a pool of 4 connections) for three filters:
 * all time, this year, and one category. With --explain it prints the plan of the slowest run.
 * Record the printed table in docs/benchmarks.md.
 */
import { findPostgresBin, startCluster } from "../tests/helpers/pg-cluster.ts";
import { openPostgres } from "../src/db/postgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemo } from "../src/db/seed.ts";
import { seedScale } from "../src/db/seed-scale.ts";
import { createLogger } from "../src/lib/logger.ts";
import type { Filter } from "../src/features/reports/queries.ts";
import * as s from "../src/features/reports/service.ts";

const arg = (name: string, fallback: number) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
};
const SCALE = arg("scale", 100_000);
const RUNS = arg("runs", 30);

const bin = await findPostgresBin();
if (!bin) {
  console.error("PostgreSQL server binaries not found (apt-get install postgresql)");
  Deno.exit(1);
}
const cluster = await startCluster(bin);
try {
  const seedDb = openPostgres(cluster.url, 4, { statementTimeoutMs: 0 });
  await migrate(seedDb);
  const logger = createLogger("warn");
  const t0 = performance.now();
  await seedDemo(seedDb, logger);
  await seedScale(seedDb, SCALE, logger);
  const seedSeconds = (performance.now() - t0) / 1000;
  await seedDb.exec("vacuum analyze");
  const [counts] = await seedDb.query<Record<string, number>>(
    `select (select count(*)::int from purchase_requests) as prs, (select count(*)::int from bid_requests) as bids,
            (select count(*)::int from quotations) as quotations, (select count(*)::int from awards) as awards,
            (select count(*)::int from vendor_profiles) as vendors`,
  );
  const [{ id: categoryId }] = await seedDb.query<{ id: number }>(
    "select category_id as id from purchase_requests group by 1 order by count(*) desc limit 1",
  );
  const [{ id: vendorId }] = await seedDb.query<{ id: number }>(
    "select vendor_id as id from quotations group by 1 order by count(*) desc limit 1",
  );
  await seedDb.close();

  // A pool like the API's, without a statement timeout so that slow queries are measured, not cut.
  const db = openPostgres(cluster.url, 4, { statementTimeoutMs: 0 });
  const year = new Date().getUTCFullYear();
  const base: Filter = { from: null, to: null, categoryId: null, department: null, status: null, timeZone: "UTC" };
  const filters: [string, Filter][] = [
    ["all time", base],
    ["this year", { ...base, from: `${year}-01-01`, to: `${year}-12-31` }],
    ["one category", { ...base, categoryId }],
  ];
  const reports: [string, (f: Filter) => Promise<unknown>][] = [
    ["spend", (f) => s.spendReport(db, f)],
    ["savings", (f) => s.savingsReport(db, f)],
    ["pipeline", (f) => s.pipelineReport(db, f)],
    ["approvals", (f) => s.approvalsReport(db, f)],
    ["bidding", (f) => s.biddingReport(db, f)],
    ["vendors", (f) => s.vendorReport(db, f)],
    ["vendor (own)", (f) => s.vendorReport(db, f, vendorId)],
  ];
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];

  console.log(
    `\nscale ${SCALE}: ${JSON.stringify(counts)}; seeding took ${seedSeconds.toFixed(0)} s; ${RUNS} runs each\n`,
  );
  console.log("| report | filter | p50 ms | p95 ms | max ms |");
  console.log("| --- | --- | ---: | ---: | ---: |");
  for (const [name, run] of reports) {
    for (const [label, f] of filters) {
      await run(f); // warm
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t = performance.now();
        await run(f);
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      console.log(
        `| ${name} | ${label} | ${pct(times, 50).toFixed(1)} | ${pct(times, 95).toFixed(1)} | ${
          times[times.length - 1].toFixed(1)
        } |`,
      );
    }
  }
  if (Deno.args.includes("--explain")) {
    // The plan of every statement of every report (all time), with actual times.
    for (const [name] of reports) {
      const seen: [string, readonly unknown[]][] = [];
      const recorder = {
        query: <T>(sql: string, params: readonly unknown[] = []) => {
          seen.push([sql, params]);
          return db.query<T>(sql, params);
        },
        exec: (sql: string) => db.exec(sql),
      };
      const capture: Record<string, (f: Filter) => Promise<unknown>> = {
        spend: (f) => s.spendReport(recorder, f),
        savings: (f) => s.savingsReport(recorder, f),
        pipeline: (f) => s.pipelineReport(recorder, f),
        approvals: (f) => s.approvalsReport(recorder, f),
        bidding: (f) => s.biddingReport(recorder, f),
        vendors: (f) => s.vendorReport(recorder, f),
      };
      if (!capture[name]) continue;
      await capture[name](base);
      for (const [sql, params] of seen) {
        const plan = await db.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers off) ${sql}`, params);
        console.log(`\n--- ${name}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
      }
    }
  }
  await db.close();
} finally {
  await cluster.stop();
}

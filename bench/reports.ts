/**
 * Benchmark of the report queries: every report answers in under 200 ms p95 at
 * 100,000 purchase requests.
 *
 * Run: node_modules/deno/deno run -A bench/reports.ts [--scale 100000] [--runs 30] [--explain]
 *        [--baseline <git revision>] [--url postgres://...]
 * It starts its own PostgreSQL cluster (as tests do), seeds the demo organisation and `--scale`
 * requests (seed-scale.ts, what `deno task seed-scale --scale` does), then times each report's queries
 * as the API runs them (the service functions, on a pool of 4 connections) for three filters:
 * all time, this year, and one category. With --explain it prints every statement's plan.
 * --baseline REV also times the report queries of that revision (src/features/reports/queries.ts
 * read with `git show`), run for run alternating with today's, so both see the same machine load;
 * the load average is printed with each row. --url uses an already seeded database instead.
 * Record the printed table in docs/benchmarks.md.
 */
import { findPostgresBin, startCluster } from "../tests/helpers/pg-cluster.ts";
import { openPostgres } from "../src/db/postgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemo } from "../src/db/seed.ts";
import { seedScale } from "./seed-scale.ts";
import { createLogger } from "../src/lib/logger.ts";
import type { Filter } from "../src/features/reports/queries.ts";
import * as s from "../src/features/reports/service.ts";

const arg = (name: string, fallback: number) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
};
const SCALE = arg("scale", 100_000);
const RUNS = arg("runs", 30);
const text = (name: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};
const BASELINE = text("baseline");
const URL_ARG = text("url");

type Q = typeof import("../src/features/reports/queries.ts");
/** The report queries of another revision, as its service ran them (for before/after in one run). */
async function baselineReports(rev: string) {
  const out = await new Deno.Command("git", { args: ["show", `${rev}:src/features/reports/queries.ts`] }).output();
  if (!out.success) throw new Error(`git show ${rev} failed: ${new TextDecoder().decode(out.stderr)}`);
  const dir = await Deno.makeTempDir({ prefix: "reports-baseline-" });
  // Its only import is a type (erased at run time).
  await Deno.writeFile(`${dir}/queries.ts`, out.stdout);
  const old: Q = await import(`file://${dir}/queries.ts`);
  return old;
}

const bin = await findPostgresBin();
if (!bin) {
  console.error("PostgreSQL server binaries not found (apt-get install postgresql)");
  Deno.exit(1);
}
const cluster = URL_ARG ? { url: URL_ARG, stop: async () => {} } : await startCluster(bin);
try {
  const seedDb = openPostgres(cluster.url, 4, { statementTimeoutMs: 0 });
  const logger = createLogger("warn");
  const t0 = performance.now();
  if (!URL_ARG) {
    await migrate(seedDb);
    await seedDemo(seedDb, logger);
    await seedScale(seedDb, SCALE, logger);
    await seedDb.exec("vacuum analyze");
  }
  const seedSeconds = (performance.now() - t0) / 1000;
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
  const old = BASELINE ? await baselineReports(BASELINE) : null;
  const before: Record<string, (f: Filter) => Promise<unknown>> = old
    ? {
      spend: (f) => old.spend(db, f),
      savings: (f) => Promise.all([old.savingsTotal(db, f), old.savingsPage(db, f, null, s.SCREEN_ROWS)]),
      pipeline: (f) => old.pipeline(db, f),
      approvals: (f) => Promise.all([old.approvalTurnaround(db, f), old.approvalsWaiting(db, f)]),
      bidding: (f) => old.bidding(db, f),
      vendors: (f) => old.scorecards(db, f, null),
      "vendor (own)": (f) => old.scorecards(db, f, vendorId),
    }
    : {};
  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
  const time = async (run: (f: Filter) => Promise<unknown>, f: Filter, into: number[]) => {
    const t = performance.now();
    await run(f);
    into.push(performance.now() - t);
  };
  const stats = (xs: number[]) => {
    xs.sort((a, b) => a - b);
    return `${pct(xs, 50).toFixed(1)} | ${pct(xs, 95).toFixed(1)} | ${xs[xs.length - 1].toFixed(1)}`;
  };

  console.log(
    `\nscale ${SCALE}: ${JSON.stringify(counts)}; seeding took ${seedSeconds.toFixed(0)} s; ${RUNS} runs each; ` +
      `cores ${navigator.hardwareConcurrency}\n`,
  );
  if (old) {
    console.log(`before: ${BASELINE}; after: the working tree; runs alternate\n`);
    console.log(
      "| report | filter | before p50 ms | before p95 ms | before max ms | after p50 ms | after p95 ms | after max ms | load avg (1 min) |",
    );
    console.log("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  } else {
    console.log("| report | filter | p50 ms | p95 ms | max ms | load avg (1 min) |");
    console.log("| --- | --- | ---: | ---: | ---: | ---: |");
  }
  for (const [name, run] of reports) {
    for (const [label, f] of filters) {
      await run(f); // warm
      if (old) await before[name](f);
      const now: number[] = [];
      const then: number[] = [];
      const loads: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        loads.push(Deno.loadavg()[0]);
        if (old) await time(before[name], f, then);
        await time(run, f, now);
      }
      const load = (loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1);
      console.log(`| ${name} | ${label} | ${old ? `${stats(then)} | ` : ""}${stats(now)} | ${load} |`);
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

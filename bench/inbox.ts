/**
 * Benchmark of the work inbox (GET /api/inbox's statements): p50 and p95 per role at `--scale`
 * (1,000,000) purchase requests; the budget is p95 <= 50 ms.
 *
 * Run: node_modules/deno/deno run -A bench/inbox.ts [--scale 1000000] [--runs 50] [--explain] [--url postgres://...]
 * It starts its own PostgreSQL cluster (as tests do), seeds the demo organisation and `--scale`
 * requests (seed-scale.ts, what `deno task seed-scale --scale` does), then times the inbox service
 * (src/features/inbox/service.ts: every kind's statement, the vendor's bidder tags, the budget effect
 * of the listed approvals) as the API runs it, on a pool of 4 connections, for one user of each
 * role: the demo's sign-ins, and as the vendor the one with the most quotations. --explain prints
 * each statement's plan with buffers (a scan that grows with the table shows as a large buffer
 * count). --url uses an already seeded database instead. Record the printed table in
 * docs/benchmarks.md.
 */
import { findPostgresBin, startCluster } from "../tests/helpers/pg-cluster.ts";
import { openPostgres } from "../src/db/postgres.ts";
import { migrate } from "../src/db/migrate.ts";
import { seedDemo } from "../src/db/seed.ts";
import type { Queryable } from "../src/db/types.ts";
import { myBidderTags } from "../src/sealing/bidder.ts";
import { seedScale } from "./seed-scale.ts";
import { createLogger } from "../src/lib/logger.ts";
import type { RoleName } from "../src/shared/roles.ts";
import { inbox, type InboxUser } from "../src/features/inbox/service.ts";

const text = (name: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : undefined;
};
const SCALE = Number(text("scale") ?? 1_000_000);
const RUNS = Number(text("runs") ?? 50);
const URL_ARG = text("url");

const bin = URL_ARG ? "" : await findPostgresBin();
if (bin === undefined) {
  console.error("PostgreSQL server binaries not found (apt-get install postgresql)");
  Deno.exit(1);
}
const cluster = URL_ARG ? { url: URL_ARG, stop: async () => {} } : await startCluster(bin);
try {
  const t0 = performance.now();
  if (!URL_ARG) {
    const seedDb = openPostgres(cluster.url, 4, { statementTimeoutMs: 0 });
    const logger = createLogger("warn");
    await migrate(seedDb);
    await seedDemo(seedDb, logger);
    await seedScale(seedDb, SCALE, logger);
    await seedDb.exec("vacuum analyze");
    await seedDb.close();
  }
  const seedSeconds = (performance.now() - t0) / 1000;
  // A pool like the API's, without a statement timeout so that slow statements are measured, not cut.
  const db = openPostgres(cluster.url, 4, { statementTimeoutMs: 0 });
  const [counts] = await db.query<Record<string, number>>(
    `select (select count(*)::int from purchase_requests) as prs,
            (select count(*)::int from purchase_requests where status = 'pending') as pending,
            (select count(*)::int from bid_requests) as bids, (select count(*)::int from purchase_orders) as orders,
            (select count(*)::int from quotations) as quotations, (select count(*)::int from vendor_profiles) as vendors`,
  );
  const userOf = async (sql: string): Promise<number> => (await db.query<{ id: number }>(sql))[0].id;
  const byEmail = (email: string) => `select id from users where email = '${email}'`;
  const sealedBidKey = crypto.getRandomValues(new Uint8Array(32));
  const users: [string, InboxUser][] = [
    ["admin", { id: await userOf("select id from users where username = 'admin'"), role: "admin" }],
    ["purchase_team", { id: await userOf(byEmail("purchase@example.com")), role: "purchase_team" }],
    ["procurement_manager", { id: await userOf(byEmail("manager@example.com")), role: "procurement_manager" }],
    ["cost_finance_controller", {
      id: await userOf(byEmail("finance@example.com")),
      role: "cost_finance_controller",
    }],
    ["vendor (most quotations)", {
      id: await userOf(
        "select vendor_id as id from quotations where vendor_id is not null group by 1 order by count(*) desc limit 1",
      ),
      role: "vendor" as RoleName,
    }],
  ];
  // The vendor's bidder tags as the route reads them (one statement and a hash per sealed bid).
  for (const [, u] of users) {
    if (u.role === "vendor") u.bidderTags = () => myBidderTags(db, sealedBidKey, u.id, { currentOnly: true });
  }

  const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)];
  console.log(
    `\nscale ${SCALE}: ${JSON.stringify(counts)}; seeding took ${seedSeconds.toFixed(0)} s; ${RUNS} runs each; ` +
      `cores ${navigator.hardwareConcurrency}\n`,
  );
  console.log("| role | items | counts | p50 ms | p95 ms | max ms | load avg (1 min) |");
  console.log("| --- | ---: | --- | ---: | ---: | ---: | ---: |");
  for (const [label, user] of users) {
    const first = await inbox(db, user); // warm
    const times: number[] = [];
    const loads: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      loads.push(Deno.loadavg()[0]);
      const t = performance.now();
      await inbox(db, user);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    const load = (loads.reduce((a, b) => a + b, 0) / loads.length).toFixed(1);
    console.log(
      `| ${label} | ${first.items.length} | ${JSON.stringify(first.counts)} | ${pct(times, 50).toFixed(1)} | ` +
        `${pct(times, 95).toFixed(1)} | ${times[times.length - 1].toFixed(1)} | ${load} |`,
    );
  }

  if (Deno.args.includes("--explain")) {
    // Every statement the inbox ran for each role, explained with its actual rows, time and buffers.
    for (const [label, user] of users) {
      const seen: [string, readonly unknown[]][] = [];
      const recorder: Queryable = {
        query: <T>(sql: string, params: readonly unknown[] = []) => {
          seen.push([sql, params]);
          return db.query<T>(sql, params);
        },
        exec: (sql: string) => db.exec(sql),
      };
      await inbox(recorder, user);
      for (const [sql, params] of seen) {
        const plan = await db.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${sql}`, params);
        console.log(`\n--- ${label}\n${plan.map((r) => r["QUERY PLAN"]).join("\n")}`);
      }
    }
  }
  await db.close();
} finally {
  await cluster.stop();
}

/**
 * `deno task seed-scale --scale N [--audit-logs M]`: apply migrations, seed the demo organisation
 * into an empty database, then add N benchmark purchase requests (with bids and quotations,
 * seed-scale.ts) and M audit log entries. Benchmark data only: it is not part of the server (src/)
 * nor of its image.
 */
import { loadConfig } from "../src/config.ts";
import { createLogger } from "../src/lib/logger.ts";
import { migrate } from "../src/db/migrate.ts";
import { openDatabase } from "../src/db/open.ts";
import { seedDemo } from "../src/db/seed.ts";
import { seedAuditLogs, seedScale } from "./seed-scale.ts";

const USAGE =
  "Usage: deno task seed-scale [--scale N] [--audit-logs M]   (N purchase requests, M audit entries to add, at least 1)";

function parseCount(args: string[], flag: string): number | undefined {
  const i = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (i < 0) return undefined;
  const raw = args[i].includes("=") ? args[i].split("=")[1] : args[i + 1];
  const n = Number(raw?.replaceAll("_", ""));
  if (!Number.isInteger(n) || n < 1) {
    console.error(USAGE);
    Deno.exit(2);
  }
  return n;
}

const scale = parseCount(Deno.args, "--scale");
const auditLogs = parseCount(Deno.args, "--audit-logs");
if (!scale && !auditLogs) {
  console.error(USAGE);
  Deno.exit(2);
}
const config = loadConfig();
const logger = createLogger(config.logLevel);
// Seeding at scale runs long statements: no statement timeout here.
const db = await openDatabase({ ...config, dbStatementTimeoutMs: 0 });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Migrations applied: ${applied.join(", ")}` : "Migrations: up to date");
  if (await seedDemo(db, logger)) console.log("Demo data seeded.");
  if (scale) {
    console.log(`Adding ${scale} purchase requests for benchmarks...`);
    const r = await seedScale(db, scale, logger);
    console.log(
      `Added ${r.purchaseRequests} purchase requests (${r.purchaseRequestItems} items), ` +
        `${r.bidRequests} bid requests (${r.bidRequestItems} items), ${r.quotations} quotations ` +
        `(${r.quotationItems} items), ${r.purchaseOrders} purchase orders in ${(r.ms / 1000).toFixed(1)} s.`,
    );
  }
  if (auditLogs) {
    console.log(`Adding ${auditLogs} audit log entries for benchmarks...`);
    const r = await seedAuditLogs(db, auditLogs, logger);
    console.log(`Added ${r.auditLogs} audit log entries in ${(r.ms / 1000).toFixed(1)} s.`);
  }
} catch (e) {
  console.error(`Seed failed: ${e instanceof Error ? e.message : String(e)}`);
  Deno.exitCode = 1;
} finally {
  await db.close();
}

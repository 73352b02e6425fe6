/**
 * `deno task seed [--scale N]`: apply migrations, seed the demo organisation into an empty
 * database, and with --scale add N benchmark purchase requests (with bids and quotations), with
 * --audit-logs M audit log entries.
 */
import { loadConfig } from "../config.ts";
import { createLogger } from "../lib/logger.ts";
import { migrate } from "./migrate.ts";
import { openDatabase } from "./open.ts";
import { seedDemo } from "./seed.ts";
import { seedAuditLogs, seedScale } from "./seed-scale.ts";

function parseScale(args: string[], flag = "--scale"): number | undefined {
  const i = args.findIndex((a) => a === flag || a.startsWith(`${flag}=`));
  if (i < 0) return undefined;
  const raw = args[i].includes("=") ? args[i].split("=")[1] : args[i + 1];
  const n = Number(raw?.replaceAll("_", ""));
  if (!Number.isInteger(n) || n < 1) {
    console.error(
      "Usage: deno task seed [--scale N] [--audit-logs M]   (N purchase requests, M audit entries to add, at least 1)",
    );
    Deno.exit(2);
  }
  return n;
}

const scale = parseScale(Deno.args);
const auditLogs = parseScale(Deno.args, "--audit-logs");
const config = loadConfig();
const logger = createLogger(config.logLevel);
// Seeding at scale runs long statements: no statement timeout here.
const db = await openDatabase({ ...config, dbStatementTimeoutMs: 0 });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Migrations applied: ${applied.join(", ")}` : "Migrations: up to date");
  const seeded = await seedDemo(db, logger);
  console.log(seeded ? "Demo data seeded." : "Demo data: the database already has users, nothing changed.");
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

/**
 * `deno task seed`: apply migrations and seed the demo organisation into an empty database.
 * Bulk data for benchmarks is `deno task seed-scale` (bench/seed-scale-cli.ts), outside the server.
 */
import { loadConfig } from "../config.ts";
import { createLogger } from "../lib/logger.ts";
import { migrate } from "./migrate.ts";
import { openDatabase } from "./open.ts";
import { seedDemo } from "./seed.ts";

const config = loadConfig();
const logger = createLogger(config.logLevel);
// Migrations and seeding run without the requests' statement timeout.
const db = await openDatabase({ ...config, dbStatementTimeoutMs: 0 });
try {
  const applied = await migrate(db);
  console.log(applied.length ? `Migrations applied: ${applied.join(", ")}` : "Migrations: up to date");
  const seeded = await seedDemo(db, logger);
  console.log(seeded ? "Demo data seeded." : "Demo data: the database already has users, nothing changed.");
} catch (e) {
  console.error(`Seed failed: ${e instanceof Error ? e.message : String(e)}`);
  Deno.exitCode = 1;
} finally {
  await db.close();
}

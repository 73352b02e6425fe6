/** Start-up: configuration, database, migrations, demo seed, HTTP server, background jobs. Nothing else. */
import { ConfigError, loadConfig } from "./config.ts";
import { openDatabase } from "./db/open.ts";
import { migrate, MigrationError } from "./db/migrate.ts";
import { syncPermissions } from "./db/reference-data.ts";
import { seedDemo } from "./db/seed.ts";
import { createApp } from "./app.ts";
import type { Deps } from "./lib/deps.ts";
import { createLogger } from "./lib/logger.ts";
import { loadSecrets } from "./lib/secrets.ts";
import { sealLegacyBidders } from "./sealing/bidder.ts";
import { VERSION } from "./version.ts";
import { DEMO_ACCOUNTS } from "./db/demo-accounts.ts";
import { ROLES } from "./shared/roles.ts";
import { startOutboxWorker } from "./notify/worker.ts";
import { startBidClock } from "./features/bids/clock-job.ts";
import { startDeadlineReminders } from "./jobs/deadline-reminders.ts";
import { startFileRetention } from "./jobs/file-retention.ts";
import { startAuditCheckpoints } from "./audit/checkpoint.ts";
import { s3Store } from "./files/s3.ts";
import { OcrPool } from "./ocr/pool.ts";
import { StorageGuard } from "./lib/storage-guard.ts";
import { startOcrRunner } from "./features/ocr/service.ts";
import { liveNotifications } from "./notify/live.ts";

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      Deno.exit(1);
    }
    throw e;
  }
  // Buffered: the request log is written in batches, off the request path (flushed before exit).
  const logger = createLogger(config.logLevel, { buffered: true });
  const secrets = await loadSecrets(config);
  const db = await openDatabase(config);
  try {
    const applied = await migrate(db);
    if (applied.length) logger.info("migrations applied", { versions: applied });
  } catch (e) {
    if (e instanceof MigrationError) {
      console.error(`Migration error: ${e.message}`);
      await db.close();
      Deno.exit(1);
    }
    throw e;
  }
  await syncPermissions(db);
  let seeded = false;
  if (config.seedDemo) seeded = await seedDemo(db, logger);
  // Sealed quotations written before bidders were sealed too (or seeded, or restored) lose their
  // vendor_id now (src/sealing/bidder.ts).
  const resealed = await sealLegacyBidders(db, secrets.sealedBidKey);
  if (resealed) logger.info("sealed bidders", { quotations: resealed });
  const demoMode = !config.databaseUrl && config.seedDemo;

  const webRoot = new URL("../web/dist", import.meta.url).pathname;
  const objectStore = config.s3 ? s3Store(config.s3) : undefined;
  // OCR imports are read here when this instance has workers (OCR_WORKERS=0 leaves them to others).
  const ocr = config.ocr.workers > 0
    ? startOcrRunner(db, { secrets, objectStore, logger }, new OcrPool(config.ocr.workers, config.ocr))
    : undefined;
  // The embedded database's disk is this machine's: writes stop before it is full (storage-guard.ts).
  const storage = config.databaseUrl ? undefined : new StorageGuard(config.dataDir, config.storageReserveBytes);
  // Set on SIGTERM: /readyz says so and every answer closes its connection (see stop below).
  const lifecycle: NonNullable<Deps["lifecycle"]> = { draining: false };
  const app = createApp({
    db,
    config,
    secrets,
    logger,
    version: VERSION,
    webRoot,
    demoMode,
    objectStore,
    ocr,
    storage,
    lifecycle,
  });

  const outbox = startOutboxWorker(db, { config, logger, secrets });
  const bidClock = startBidClock(db, logger);
  const reminders = startDeadlineReminders(db, logger);
  const retention = startFileRetention(db, logger);
  const checkpoints = await startAuditCheckpoints(db, {
    ...config.auditCheckpoints,
    key: secrets.keyFor("audit"),
    logger,
  });
  lifecycle.afterRestore = checkpoints.rebase;

  const controller = new AbortController();
  const server = Deno.serve({
    port: config.port,
    hostname: config.host,
    signal: controller.signal,
    onListen: ({ port }) => {
      const url = config.publicUrl ?? `http://localhost:${port}`;
      console.log(`\nProcurement ${VERSION} is running at ${url}`);
      console.log(`Database: ${config.databaseUrl ? "PostgreSQL" : `embedded PGlite in ${config.dataDir}/pgdata`}`);
      if (demoMode) {
        console.log(seeded ? "Demo data seeded. Demo sign-ins:" : "Demo sign-ins:");
        for (const a of DEMO_ACCOUNTS) {
          const role = ROLES.find((r) => r.name === a.role)!.displayName.padEnd(24);
          console.log(`  ${role} ${a.signIn.padEnd(22)} ${a.password}`);
        }
      }
      console.log("");
    },
  }, app.fetch);

  // Graceful shutdown: stop accepting, let in-flight requests finish (bounded), then close the pool.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    // Whatever hangs (a request, a job, the database), the process ends within the grace and 5 s more.
    setTimeout(() => {
      logger.error("shutdown did not finish in time; exiting", { signal });
      Deno.exit(1);
    }, config.shutdownDrainMs + config.shutdownTimeoutMs + 5000);
    // Drain first: not ready (the load balancer stops sending), still answering, every answer closing
    // its connection (no client reuses one this instance is about to close); then stop accepting.
    lifecycle.draining = true;
    // Open notification streams end now rather than hold the shutdown until its timeout.
    liveNotifications(db).drain();
    if (config.shutdownDrainMs > 0) await new Promise((r) => setTimeout(r, config.shutdownDrainMs));
    const timer = setTimeout(() => controller.abort(), config.shutdownTimeoutMs);
    await server.shutdown();
    clearTimeout(timer);
    await outbox.stop();
    await ocr?.stop();
    bidClock.stop();
    reminders.stop();
    retention.stop();
    await checkpoints.stop();
    await db.close();
    logger.info("stopped");
    await logger.flush?.();
    Deno.exit(0);
  };
  for (const sig of ["SIGTERM", "SIGINT"] as const) Deno.addSignalListener(sig, () => stop(sig));
  await server.finished;
}

if (import.meta.main) await main();

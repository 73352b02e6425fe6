/**
 * `deno task restore FILE [--replace]`: restores an admin backup archive into the configured
 * database (DATABASE_URL, or the embedded one under DATA_DIR with the server stopped), with the
 * same SEALED_BID_KEY as the system that made it (docs/decisions/020). The passphrase is read from
 * BACKUP_PASSPHRASE, else asked for on the terminal without echo.
 *
 * The database is migrated to the backup's migrations, the data restored in one transaction, then
 * the newer migrations run over it. Without --replace a database that already has users is refused.
 */
import { loadConfig } from "../config.ts";
import { openDatabase } from "../db/open.ts";
import { migrate, MigrationError, readMigrationFiles } from "../db/migrate.ts";
import { loadSecrets } from "../lib/secrets.ts";
import { openBackup, restoreBackup, restoreErrorText } from "./restore.ts";
import { anchorRestoredChain } from "../audit/checkpoint.ts";
import { sealLegacyBidders } from "../sealing/bidder.ts";
import { createLogger } from "../lib/logger.ts";

async function readPassphrase(): Promise<string> {
  const given = Deno.env.get("BACKUP_PASSPHRASE");
  if (given) return given;
  if (!Deno.stdin.isTerminal()) {
    const text = await new Response(Deno.stdin.readable).text();
    return text.split(/\r?\n/)[0];
  }
  await Deno.stdout.write(new TextEncoder().encode("Backup passphrase: "));
  Deno.stdin.setRaw(true);
  const typed: number[] = [];
  try {
    const buf = new Uint8Array(1);
    while (await Deno.stdin.read(buf)) {
      if (buf[0] === 13 || buf[0] === 10) break;
      if (buf[0] === 3) Deno.exit(130);
      if (buf[0] === 127) typed.pop();
      else typed.push(buf[0]);
    }
  } finally {
    Deno.stdin.setRaw(false);
    await Deno.stdout.write(new TextEncoder().encode("\n"));
  }
  return new TextDecoder().decode(new Uint8Array(typed));
}

async function main(): Promise<number> {
  const args = Deno.args.filter((a) => !a.startsWith("--"));
  const replace = Deno.args.includes("--replace");
  if (args.length !== 1) {
    console.error("Usage: deno task restore BACKUP_FILE [--replace]");
    return 2;
  }
  const config = loadConfig();
  const secrets = await loadSecrets(config);
  const passphrase = await readPassphrase();
  const file = await Deno.open(args[0]);
  const db = await openDatabase(config);
  let restored = false;
  try {
    const backup = await openBackup(file.readable, passphrase);
    const wanted = new Set(backup.header.migrations.map((m) => m.version));
    const files = await readMigrationFiles();
    const unknown = backup.header.migrations.find((m) => !files.some((f) => f.version === m.version));
    if (unknown) {
      console.error(
        `This backup was made by a newer version (migration ${unknown.version}_${unknown.name}): upgrade first.`,
      );
      return 1;
    }
    await migrate(db, files.filter((f) => wanted.has(f.version)));
    const result = await restoreBackup(db, backup, { backupKey: secrets.keyFor("backups"), replace });
    restored = true;
    const newer = await migrate(db);
    await sealLegacyBidders(db, secrets.sealedBidKey);
    await anchorRestoredChain(db, {
      ...config.auditCheckpoints,
      key: secrets.keyFor("audit"),
      logger: createLogger("silent"),
    });
    const rows = Object.values(result.rows).reduce((a, b) => a + b, 0);
    console.log(
      `Restored the backup of ${result.createdAt}: ${rows} rows in ${Object.keys(result.rows).length} tables, ` +
        `${result.files} files${newer.length ? `; then applied migrations ${newer.join(", ")}` : ""}. ` +
        "Everyone signs in again.",
    );
    return 0;
  } catch (e) {
    const text = restoreErrorText(e) ?? (e instanceof MigrationError ? `Migration error: ${e.message}` : undefined);
    if (!text) throw e;
    console.error(restored ? `Restored, but then: ${text}` : `Restore failed, nothing was changed: ${text}`);
    return 1;
  } finally {
    await db.close();
  }
}

Deno.exit(await main());

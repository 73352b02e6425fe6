/** `deno task migrate` applies pending migrations; `deno task migrate --status` lists them. */
import { loadConfig } from "../config.ts";
import { openDatabase } from "./open.ts";
import { migrate, MigrationError, migrationStatus } from "./migrate.ts";

const db = await openDatabase(loadConfig());
let code = 0;
try {
  if (Deno.args.includes("--status")) {
    for (const s of await migrationStatus(db)) {
      console.log(`${s.version}_${s.name}  ${s.applied ? `applied ${s.appliedAt?.toISOString()}` : "pending"}`);
    }
  } else {
    const applied = await migrate(db);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Nothing to apply: the database is up to date.");
  }
} catch (e) {
  if (!(e instanceof MigrationError)) throw e;
  console.error(`Migration error: ${e.message}`);
  code = 1;
} finally {
  await db.close();
}
Deno.exit(code);

/**
 * The outbox worker as a separate OS process, for the test that kills it mid-batch
 * (tests/api/outbox.test.ts). It runs the product's deliverDue against a PostgreSQL database until a
 * pass finishes nothing, then exits 0.
 *
 *   deno run -A tests/helpers/outbox-worker-process.ts <postgres url> <SMTP2GO base url>
 *
 * Each finished pass prints one JSON line, so the parent can see progress if it wants to.
 */
import { parseConfig } from "../../src/config.ts";
import { openPostgres } from "../../src/db/postgres.ts";
import { createLogger } from "../../src/lib/logger.ts";
import { deliverDue } from "../../src/notify/worker.ts";
import { testSecrets } from "../../src/lib/secrets.ts";

const [databaseUrl, smtp2goBaseUrl] = Deno.args;
if (!databaseUrl || !smtp2goBaseUrl) {
  console.error("usage: outbox-worker-process.ts <postgres url> <SMTP2GO base url>");
  Deno.exit(2);
}

const config = parseConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", SMTP2GO_BASE_URL: smtp2goBaseUrl });
const db = openPostgres(databaseUrl, 2);
try {
  for (;;) {
    const finished = await deliverDue(db, { config, logger: createLogger("silent"), secrets: testSecrets() });
    console.log(JSON.stringify({ finished }));
    if (finished === 0) break;
  }
} finally {
  await db.close();
}

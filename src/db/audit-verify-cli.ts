/** `deno task audit:verify`: exits 0 when the audit chain is intact, 1 (naming the row) when not. */
import { loadConfig } from "../config.ts";
import { openDatabase } from "./open.ts";
import { verifyAuditChain } from "../audit/verify.ts";

const db = await openDatabase(loadConfig());
const result = await verifyAuditChain(db);
await db.close();
if (result.ok) {
  console.log(`Audit chain intact: ${result.checked} entries verified.`);
} else {
  console.error(
    `Audit chain BROKEN at entry ${result.firstBadId}: ${result.reason} (${result.checked} entries verified before it).`,
  );
  Deno.exit(1);
}

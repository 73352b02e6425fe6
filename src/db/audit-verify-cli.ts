/**
 * `deno task audit:verify`: exits 0 when the audit chain is intact and matches every signed checkpoint
 * (AUDIT_CHECKPOINT_FILE, default DATA_DIR/audit-checkpoints.jsonl), 1 (naming the entry) when not.
 * The checkpoints are what catch a history rewritten with recomputed hashes; run it with the app's
 * secrets (JWT_SECRET/SEALED_BID_KEY or DATA_DIR/secrets.json) and the checkpoint file to hand.
 */
import { loadConfig } from "../config.ts";
import { openDatabase } from "./open.ts";
import { readCheckpoints, verifyWithCheckpoints } from "../audit/checkpoint.ts";
import { loadSecrets } from "../lib/secrets.ts";

const config = loadConfig();
const secrets = await loadSecrets(config);
const checkpoints = await readCheckpoints(config.auditCheckpoints.file);
const db = await openDatabase({ ...config, dbStatementTimeoutMs: 0 }); // a long chain is read in full
const result = await verifyWithCheckpoints(db, secrets.keyFor("audit"), checkpoints);
await db.close();
// In production the checkpoints are part of the evidence: without them a rewritten and re-hashed
// history would pass, so their absence fails the check (--require-checkpoints asks the same anywhere).
const required = config.env === "production" || Deno.args.includes("--require-checkpoints");
if (result.ok && required && !checkpoints.length && result.checked > 0) {
  console.error(
    `Audit chain UNANCHORED: ${result.checked} entries verified, but ${config.auditCheckpoints.file} holds no signed checkpoint; a rewritten history would pass.`,
  );
  Deno.exit(1);
}
if (result.ok) {
  console.log(
    `Audit chain intact: ${result.checked} entries verified, matching ${result.checkpoints} signed checkpoints.`,
  );
  if (!checkpoints.length) {
    console.log(
      `Warning: no checkpoints in ${config.auditCheckpoints.file}; a chain rewritten with recomputed hashes would pass.`,
    );
  }
} else {
  console.error(
    `Audit chain BROKEN at entry ${
      result.firstBadId ?? "?"
    }: ${result.reason} (${result.checked} entries verified before it).`,
  );
  Deno.exit(1);
}

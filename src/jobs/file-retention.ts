/**
 * Rejected applications' licences are deleted once `rejected_application_retention_days` (30 by
 * default) have passed since the decision (docs/decisions/022): a vendor who was turned down has no
 * account to use them, and they are personal documents. Each deletion is audited. Hourly, on one
 * instance at a time (advisory lock).
 */
import { auditSystem } from "../audit/audit.ts";
import { tryTransactionLock } from "../db/queries.ts";
import type { Db } from "../db/types.ts";
import type { Logger } from "../lib/logger.ts";
import { repeat } from "../lib/repeat.ts";
import { readStorageLimits } from "../files/quotas.ts";
import * as files from "../files/queries.ts";

const LOCK_KEY = 727_100_021;

/** One round; returns how many files were deleted. */
export async function purgeRejectedLicences(db: Db, logger: Logger): Promise<number> {
  return await db.tx(async (tx) => {
    if (!await tryTransactionLock(tx, LOCK_KEY)) return 0;
    const { rejectedRetentionDays } = await readStorageLimits(tx);
    let purged = 0;
    for (const { vendorId, fileId } of await files.expiredRejectedLicences(tx, rejectedRetentionDays)) {
      if (!await files.purgeLicence(tx, vendorId, fileId)) continue;
      await auditSystem(tx, {
        action: "DELETE",
        entityType: "file",
        entityId: fileId,
        metadata: {
          vendorId,
          purpose: "business_license",
          reason: "rejected application retention",
          days: rejectedRetentionDays,
        },
      });
      purged++;
    }
    if (purged) logger.info("rejected applications' licences deleted", { purged });
    return purged;
  });
}

export function startFileRetention(db: Db, logger: Logger, intervalMs = 60 * 60_000) {
  return repeat(logger, "file retention", () => purgeRejectedLicences(db, logger), intervalMs, 60_000);
}

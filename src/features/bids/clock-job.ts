/**
 * Opens bidding at its start time and closes it at its deadline. Runs on every instance; an
 * advisory lock makes one instance do each round. Started by src/main.ts; it lives in its feature,
 * as the OCR runner does, because src/jobs imports no feature (docs/decisions/027-service-layer.md).
 */
import type { Db } from "../../db/types.ts";
import type { Logger } from "../../lib/logger.ts";
import { repeat } from "../../lib/repeat.ts";
import { tryTransactionLock } from "../../db/queries.ts";
import { advanceBidClock } from "./clock.ts";

const LOCK_KEY = 727_100_010;

export async function runBidClock(db: Db, logger: Logger) {
  return await db.tx(async (tx) => {
    if (!await tryTransactionLock(tx, LOCK_KEY)) return { opened: [], closed: [] };
    const result = await advanceBidClock(tx);
    if (result.opened.length || result.closed.length) logger.info("bid clock", result);
    return result;
  });
}

export function startBidClock(db: Db, logger: Logger, intervalMs = 30_000) {
  return repeat(logger, "bid clock", () => runBidClock(db, logger), intervalMs, "now");
}

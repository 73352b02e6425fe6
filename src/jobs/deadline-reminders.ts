/**
 * Quotation deadline reminders (src/notify/reminders.ts) every few minutes. Runs on every instance;
 * an advisory lock makes one instance do each round.
 */
import { tryTransactionLock } from "../db/queries.ts";
import type { Db } from "../db/types.ts";
import type { Logger } from "../lib/logger.ts";
import { repeat } from "../lib/repeat.ts";
import { queueDeadlineReminders } from "../notify/reminders.ts";

const LOCK_KEY = 727_100_011;

/** One round; returns how many reminders were queued. */
export async function runDeadlineReminders(db: Db, logger: Logger): Promise<number> {
  return await db.tx(async (tx) => {
    if (!await tryTransactionLock(tx, LOCK_KEY)) return 0;
    const count = await queueDeadlineReminders(tx);
    if (count) logger.info("deadline reminders queued", { count });
    return count;
  });
}

export function startDeadlineReminders(db: Db, logger: Logger, intervalMs = 5 * 60_000) {
  return repeat(logger, "deadline reminders", () => runDeadlineReminders(db, logger), intervalMs);
}

/**
 * Opens bidding at its start time and closes it at its deadline. Runs on every instance; an
 * advisory lock makes one instance do each round.
 */
import type { Db } from "../db/types.ts";
import type { Logger } from "../lib/logger.ts";
import { advanceBidClock } from "../features/bids/queries.ts";

const LOCK_KEY = 727_100_010;

export async function runBidClock(db: Db, logger: Logger) {
  return await db.tx(async (tx) => {
    const [{ locked }] = await tx.query<{ locked: boolean }>("select pg_try_advisory_xact_lock($1) as locked", [
      LOCK_KEY,
    ]);
    if (!locked) return { opened: [], closed: [] };
    const result = await advanceBidClock(tx);
    for (const id of result.opened) {
      await tx.query(
        `insert into audit_logs (user_id, action, entity_type, entity_id, metadata) values (null, 'STATUS_CHANGE', 'bid_request', $1, $2::jsonb)`,
        [
          String(id),
          JSON.stringify({ changes: { status: { from: "published", to: "bidding_open" } }, by: "schedule" }),
        ],
      );
    }
    for (const id of result.closed) {
      await tx.query(
        `insert into audit_logs (user_id, action, entity_type, entity_id, metadata) values (null, 'STATUS_CHANGE', 'bid_request', $1, $2::jsonb)`,
        [String(id), JSON.stringify({ changes: { status: { to: "bidding_closed" } }, by: "deadline" })],
      );
    }
    if (result.opened.length || result.closed.length) logger.info("bid clock", result);
    return result;
  });
}

export function startBidClock(db: Db, logger: Logger, intervalMs = 30_000) {
  const tick = () =>
    runBidClock(db, logger).catch((e) => logger.error("bid clock failed", { error: (e as Error).message }));
  const timer = setInterval(tick, intervalMs);
  tick();
  return { stop: () => clearInterval(timer) };
}

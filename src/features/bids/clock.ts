/**
 * The bid clock's rule: bidding opens at its start time and closes at its deadline. Each change is
 * audited as the system's (no user, address or browser), through the audit module and its redaction.
 * Vendors hear in the bell when bidding closes, and once, BID_CLOSING_HOURS before it does.
 */
import { auditSystem } from "../../audit/audit.ts";
import type { Queryable } from "../../db/types.ts";
import { aboutBid, notifyUsers, vendorsOfBid } from "../../notify/in-app.ts";
import { BID_CLOSING_HOURS } from "../../shared/notifications.ts";
import { tellClosed } from "./notify.ts";
import * as q from "./queries.ts";

export async function advanceBidClock(tx: Queryable) {
  const result = await q.advanceBidClock(tx);
  for (const id of result.opened) {
    await auditSystem(tx, {
      action: "STATUS_CHANGE",
      entityType: "bid_request",
      entityId: id,
      metadata: { changes: { status: { from: "published", to: "bidding_open" } }, by: "schedule" },
    });
  }
  for (const bid of result.closed) {
    await auditSystem(tx, {
      action: "STATUS_CHANGE",
      entityType: "bid_request",
      entityId: bid.id,
      metadata: { changes: { status: { to: "bidding_closed" } }, by: "deadline" },
    });
    await tellClosed(tx, bid);
  }
  for (const bid of await q.closingSoon(tx, BID_CLOSING_HOURS)) {
    const hours = Math.max(1, Math.ceil((bid.biddingDeadline.getTime() - Date.now()) / 3_600_000));
    const params = { hours, deadline: bid.biddingDeadline.toISOString() };
    await notifyUsers(tx, vendorsOfBid(tx, bid.id), { type: "bid_closing", ...aboutBid(bid, params) });
  }
  return { opened: result.opened, closed: result.closed.map((b) => b.id) };
}

/**
 * The bid clock's rule: bidding opens at its start time and closes at its deadline. Each change is
 * audited as the system's (no user, address or browser), through the audit module and its redaction.
 */
import { auditSystem } from "../../audit/audit.ts";
import type { Queryable } from "../../db/types.ts";
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
  for (const id of result.closed) {
    await auditSystem(tx, {
      action: "STATUS_CHANGE",
      entityType: "bid_request",
      entityId: id,
      metadata: { changes: { status: { to: "bidding_closed" } }, by: "deadline" },
    });
  }
  return result;
}

/**
 * A reviewer's rejection of a purchase or bid request waiting for approval, in the decision's
 * transaction: the request's history entry, through the feature's own writer (its events table),
 * and the audit entry with the comment and the status move.
 */
import type { Actor } from "../auth/actor.ts";
import type { RequestEvent } from "../db/request-events.ts";
import type { Queryable } from "../db/types.ts";
import { approvalStage } from "../lib/approval-policy.ts";
import { auditAs } from "./audit.ts";

export async function recordRejection(
  tx: Queryable,
  actor: Actor,
  r: { entityType: "bid_request" | "purchase_request"; id: number; from: string; to: string; comment: string },
  addEvent: (e: RequestEvent) => Promise<void>,
) {
  const { from, to, comment } = r;
  await addEvent({ actorId: actor.id, action: "rejected", stage: approvalStage(actor.role), from, to, comment });
  await auditAs(tx, actor.audit, {
    action: "REJECT",
    entityType: r.entityType,
    entityId: r.id,
    metadata: { comment, changes: { status: { from, to } } },
  });
}

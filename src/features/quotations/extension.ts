/**
 * Validity extensions (docs/decisions/023): a quotation past (or within a week of) its validity
 * cannot be awarded once expired, so the reviewer asks its vendor to extend it (an email in the
 * vendor's language, audited, remembered on the quotation), and the vendor extends it by a number of
 * days from today without touching its prices. Both lock the request first, as every review does.
 */
import type { Context } from "hono";
import { audit, type AuditActor, auditAs } from "../../audit/audit.ts";
import type { Db, Queryable } from "../../db/types.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { Conflict, NotFound } from "../../lib/errors.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import { lockForReview, lockRequest, SEALED_MESSAGE } from "./award.ts";
import { EXTENSION_WINDOW_DAYS } from "../../shared/schemas/bids.ts";
import { isBidder } from "../../sealing/bidder.ts";
import * as q from "./queries.ts";

export async function requestExtension(
  tx: Queryable,
  c: Context<AppEnv>,
  target: { kind: q.RequestKind; requestId: number },
  id: number,
  link: string,
) {
  const { req } = await lockForReview(tx, target, id);
  const cur = (await q.lockExtension(tx, id))!;
  if (cur.daysLeft > EXTENSION_WINDOW_DAYS) {
    throw new Conflict("quotations.notExpiring", { days: EXTENSION_WINDOW_DAYS });
  }
  await q.markExtensionRequested(tx, id);
  await enqueueTemplated(tx, {
    to: cur.vendorEmail,
    template: "quotation_extension_requested",
    values: {
      contactPerson: cur.contactPerson,
      title: req.title,
      requestNumber: req.number,
      validUntil: { date: new Date(cur.validUntil).toISOString() },
      link,
    },
  });
  await audit(tx, c, {
    action: "UPDATE",
    entityType: "quotation",
    entityId: id,
    metadata: { requestNumber: req.number, extensionRequested: true, validUntil: cur.validUntil },
  });
}

/** The vendor's own current quotation, valid for `days` more from now; prices unchanged. */
export async function extendValidity(
  db: Db,
  sealedBidKey: Uint8Array,
  actor: AuditActor & { userId: number },
  id: number,
  days: number,
) {
  await db.tx(async (tx) => {
    const head = await q.quotationHead(tx, id);
    if (!head || !(await isBidder(sealedBidKey, head, actor.userId))) throw new NotFound("quotations.notFound");
    // Sealed: who answered which bid stays out of the audit trail until unsealing (resubmit instead).
    if (head.sealed) throw new Conflict(SEALED_MESSAGE);
    const kind: q.RequestKind = head.bidRequestId !== null ? "bid_request" : "purchase_request";
    const req = await lockRequest(tx, kind, head.bidRequestId ?? head.purchaseRequestId!);
    if (["awarded", "completed", "cancelled", "rejected"].includes(req.status)) {
      throw new Conflict("quotations.requestClosed", { status: req.status });
    }
    const cur = await q.lockExtension(tx, id);
    if (!cur?.isCurrent) throw new Conflict("quotations.notCurrentReview");
    if (!["submitted", "under_review"].includes(cur.status)) {
      throw new Conflict("quotations.cannotExtend", { status: cur.status });
    }
    const validUntil = await q.extendQuotation(tx, id, days);
    await auditAs(tx, actor, {
      action: "UPDATE",
      entityType: "quotation",
      entityId: id,
      metadata: {
        requestNumber: req.number,
        changes: { validUntil: { from: cur.validUntil, to: validUntil }, validityDays: { to: days } },
      },
    });
  });
}

/**
 * Award: one transaction that approves the chosen quotation, rejects the request's other current
 * quotations, closes the request (bid -> awarded, purchase request -> completed), issues the
 * purchase order and queues the outcome email of every vendor that quoted. The request row is
 * locked first, so two awards (or an award and a review) of one request run one after the other.
 */
import type { Context } from "hono";
import { audit } from "../../audit/audit.ts";
import { nextDocumentNumber } from "../../db/document-numbers.ts";
import type { Queryable } from "../../db/types.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest, Conflict, NotFound } from "../../lib/errors.ts";
import { getSettings, isOn } from "../../lib/settings.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import { notifyUsers } from "../../notify/in-app.ts";
import { toCents } from "../../shared/money.ts";
import { evaluateQuotations, type EvaluationMethod } from "../../shared/evaluation.ts";
import { QUOTATION_TRANSITIONS, type QuotationStatus } from "../../shared/status/bid-request.ts";
import { setBidStatus } from "../bids/service.ts";
import { onPurchaseOrderIssued, purchaseOrderLink } from "../purchase-orders/service.ts";
import {
  addPurchaseRequestEvent,
  lockPurchaseRequestStatus,
  setPurchaseRequestStatus,
} from "../purchase-requests/service.ts";
import * as q from "./queries.ts";

/** The error code of a sealed bid's quotations (src/shared/error-codes.ts). */
export const SEALED_MESSAGE = "quotations.sealed";
export const REVIEWABLE_BID_STATUSES = ["bidding_closed", "evaluation"];

const KIND_NOT_FOUND = { bid_request: "bids.notFound", purchase_request: "purchaseRequests.notFound" } as const;

/** Refuses (409) when the request is not in a state in which its quotations may be reviewed or awarded. */
export function assertReviewable(req: q.LockedRequest) {
  if (req.kind === "bid_request") {
    if (req.status === "awarded") throw new Conflict("quotations.bidAlreadyAwarded");
    if (!REVIEWABLE_BID_STATUSES.includes(req.status)) {
      throw new Conflict("quotations.evaluateAfterClose", { status: req.status });
    }
    if (req.sealedLocked) throw new Conflict(SEALED_MESSAGE);
  } else {
    // A converted request answers through its bid: one need, one award, reviewed in one place.
    if (req.convertedTo) throw new Conflict("award.convertedToBid", { number: req.convertedTo });
    if (req.status === "completed") throw new Conflict("quotations.requestAlreadyAwarded");
    if (req.status !== "active") {
      throw new Conflict("quotations.evaluateWhileActive", { status: req.status });
    }
  }
}

export async function lockRequest(tx: Queryable, kind: q.RequestKind, id: number) {
  const req = await q.getRequest(tx, kind, id, true);
  if (!req) throw new NotFound(KIND_NOT_FOUND[kind]);
  return req;
}

/** Locks the request, then the quotation, and checks that both may be reviewed now. */
export async function lockForReview(tx: Queryable, target: { kind: q.RequestKind; requestId: number }, id: number) {
  const req = await lockRequest(tx, target.kind, target.requestId);
  assertReviewable(req);
  const cur = await q.lockQuotation(tx, id);
  if (!cur) throw new NotFound("quotations.notFound");
  if (cur.sealed) throw new Conflict(SEALED_MESSAGE);
  if (!cur.isCurrent) throw new Conflict("quotations.notCurrentReview");
  return { req, cur };
}

/** A bid under review moves from bidding_closed to evaluation (audited with the change that caused it). */
export async function startEvaluation(tx: Queryable, c: Context<AppEnv>, req: q.LockedRequest) {
  if (req.kind !== "bid_request" || req.status !== "bidding_closed") return;
  await setBidStatus(tx, req.id, "evaluation");
  await audit(tx, c, {
    action: "STATUS_CHANGE",
    entityType: "bid_request",
    entityId: req.id,
    metadata: { changes: { status: { from: "bidding_closed", to: "evaluation" } }, reason: "evaluation started" },
  });
  req.status = "evaluation";
}

export interface AwardResult {
  purchaseOrder: { id: number; poNumber: string; totalAmount: string };
  quotationId: number;
}

export async function awardQuotation(
  tx: Queryable,
  c: Context<AppEnv>,
  target: { kind: q.RequestKind; requestId: number },
  quotationId: number,
  comment = "",
  justification = "",
): Promise<AwardResult> {
  const me = c.get("user")!;
  const req = await lockRequest(tx, target.kind, target.requestId);
  assertReviewable(req);
  const need = {
    purchaseRequestId: req.kind === "purchase_request" ? req.id : req.purchaseRequestId,
    bidRequestId: req.kind === "bid_request" ? req.id : null,
  };
  const previous = await q.existingAward(tx, need);
  if (previous) throw new Conflict("award.alreadyAwarded", { number: previous.poNumber });

  const quotations = await q.currentQuotations(tx, req.kind, req.id, true);
  const chosen = quotations.find((x) => x.id === quotationId);
  if (!chosen) {
    const head = await q.quotationHead(tx, quotationId);
    if (!head) throw new NotFound("quotations.notFound");
    throw new Conflict(
      head.isCurrent ? "quotations.wrongRequest" : "quotations.notCurrentAward",
    );
  }
  if (chosen.sealed || chosen.totalAmount === null) throw new Conflict(SEALED_MESSAGE);
  // A quotation past its validity binds the vendor to nothing: the vendor extends it first.
  if (chosen.expired) {
    throw new Conflict("award.quotationExpired", {
      vendor: chosen.vendorName,
      date: new Date(chosen.validUntil).toISOString().slice(0, 10),
    });
  }
  if (!QUOTATION_TRANSITIONS[chosen.status as QuotationStatus]?.includes("approved")) {
    throw new Conflict("quotations.cannotApprove", { status: chosen.status });
  }

  const ranking = rankOf(req, quotations, chosen.id);
  if (ranking.rank > 1 && !justification.trim()) {
    throw new BadRequest("award.justificationRequired", [{
      path: "justification",
      message: "This quotation is not the best by the bid's evaluation method; write a justification for awarding it",
    }]);
  }

  const others = quotations.filter((x) => x.id !== chosen.id);
  await q.setQuotationStatus(tx, chosen.id, "approved", comment);
  await q.rejectQuotations(tx, others.map((x) => x.id));

  // The request, and the purchase request behind a bid, are closed.
  let prId: number | null = null;
  if (req.kind === "bid_request") {
    await setBidStatus(tx, req.id, "awarded");
    prId = req.purchaseRequestId;
  } else {
    prId = req.id;
  }
  let prChange: { from: string; to: string } | null = null;
  if (prId !== null) {
    const pr = await lockPurchaseRequestStatus(tx, prId);
    if (pr?.status === "active") {
      await setPurchaseRequestStatus(tx, prId, "completed");
      prChange = { from: "active", to: "completed" };
    }
    // The award in the purchase request's history (from/to null when it was not active).
    await addPurchaseRequestEvent(tx, {
      action: "awarded",
      prId,
      actorId: me.id,
      from: prChange?.from ?? null,
      to: prChange?.to ?? null,
      comment: comment ||
        `Awarded to ${chosen.vendorName}${req.kind === "bid_request" ? ` through ${req.number}` : ""}`,
    });
  }

  const poNumber = await nextDocumentNumber(tx, "PO");
  const po = await q.insertPurchaseOrder(tx, {
    poNumber,
    quotationId: chosen.id,
    vendorId: chosen.vendorId,
    purchaseRequestId: req.kind === "purchase_request" ? req.id : req.purchaseRequestId,
    bidRequestId: req.kind === "bid_request" ? req.id : null,
    totalAmount: chosen.totalAmount,
    currency: chosen.currency,
    createdBy: me.id,
  });
  await onPurchaseOrderIssued(tx, po.id);

  try {
    await q.insertAward(tx, {
      ...need,
      purchaseOrderId: po.id,
      quotationId: chosen.id,
      justification: justification.trim(),
      awardedBy: me.id,
    });
  } catch (e) {
    // The database's own guard: another transaction awarded this need first.
    if ((e as { code?: string }).code === "23505") throw new Conflict("award.concurrent");
    throw e;
  }

  await notifyOutcome(tx, req, chosen, others, po.poNumber, purchaseOrderLink(c, po.id));
  // In the bell too: the winner is awarded and gets the order; every other vendor that quoted is not awarded.
  const about = { entity: { kind: req.kind, id: req.id }, params: { number: req.number, title: req.title } };
  await notifyUsers(tx, [chosen.vendorId], { type: "awarded", ...about, params: { ...about.params, poNumber } });
  const losers = others.map((o) => o.vendorId).filter((id) => id !== chosen.vendorId);
  await notifyUsers(tx, losers, { type: "not_awarded", ...about });
  await notifyUsers(tx, [chosen.vendorId], {
    type: "po_issued",
    entity: { kind: "purchase_order", id: po.id },
    params: { poNumber, number: req.number, title: req.title, amount: po.totalAmount, currency: chosen.currency },
  });

  await audit(tx, c, {
    action: "AWARD",
    entityType: req.kind,
    entityId: req.id,
    metadata: {
      number: req.number,
      quotationId: chosen.id,
      vendorId: chosen.vendorId,
      vendorName: chosen.vendorName,
      totalAmount: chosen.totalAmount,
      poNumber: po.poNumber,
      rejectedQuotationIds: others.map((x) => x.id),
      comment,
      evaluationMethod: req.evaluationMethod,
      rank: ranking.rank,
      bestQuotationIds: ranking.bestIds,
      ...(justification.trim() ? { justification: justification.trim() } : {}),
      changes: {
        status: { from: req.status, to: req.kind === "bid_request" ? "awarded" : prChange?.to ?? req.status },
        ...(req.kind === "bid_request" && prChange ? { purchaseRequest: { id: prId, ...prChange } } : {}),
      },
    },
  });
  await audit(tx, c, {
    action: "CREATE",
    entityType: "purchase_order",
    entityId: po.id,
    metadata: { poNumber: po.poNumber, quotationId: chosen.id, vendorId: chosen.vendorId, totalAmount: po.totalAmount },
  });
  return { purchaseOrder: po, quotationId: chosen.id };
}

/**
 * The chosen quotation's rank under the request's evaluation method, among the current quotations
 * still in the running (not rejected, with an amount).
 */
function rankOf(req: q.LockedRequest, quotations: q.CurrentQuotation[], chosenId: number) {
  const candidates = quotations
    // Expired quotations cannot be awarded, so they do not outrank the chosen one either.
    .filter((x) => x.totalAmount !== null && !x.sealed && !x.expired && (x.status !== "rejected" || x.id === chosenId))
    .map((x) => ({ id: x.id, totalCents: toCents(x.totalAmount!) ?? 0, technicalScore: x.technicalScore }));
  const ranked = evaluateQuotations(candidates, {
    method: req.evaluationMethod as EvaluationMethod,
    priceWeight: req.priceWeight,
    technicalWeight: req.technicalWeight,
  });
  return {
    rank: ranked.find((r) => r.id === chosenId)?.rank ?? 1,
    bestIds: ranked.filter((r) => r.rank === 1).map((r) => r.id),
  };
}

/** Every vendor that quoted learns the outcome (unless email notifications are switched off). */
async function notifyOutcome(
  tx: Queryable,
  req: q.LockedRequest,
  winner: q.CurrentQuotation,
  others: q.CurrentQuotation[],
  poNumber: string,
  link: string,
) {
  const s = await getSettings(tx, ["email_notifications_enabled"]);
  if (!isOn(s.email_notifications_enabled ?? "true")) return;
  // Each vendor in its own language, the amount formatted for it.
  const request = { title: req.title, requestNumber: req.number };
  await enqueueTemplated(tx, {
    to: winner.vendorEmail,
    template: "quotation_awarded",
    values: {
      ...request,
      contactPerson: winner.contactPerson,
      poNumber,
      amount: { amount: winner.totalAmount!, currency: winner.currency },
      vendorName: winner.vendorName,
      link,
    },
  });
  const notified = new Set([winner.vendorId]);
  for (const o of others) {
    if (notified.has(o.vendorId)) continue;
    notified.add(o.vendorId);
    await enqueueTemplated(tx, {
      to: o.vendorEmail,
      template: "quotation_not_selected",
      values: { ...request, contactPerson: o.contactPerson },
    });
  }
}

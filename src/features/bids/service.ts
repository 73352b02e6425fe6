/**
 * The rules of bid requests: create (or convert an approved purchase request, whose own items become
 * the bid's), the status machine with approval before bidding, closing early with a reason, and
 * unsealing a sealed bid's quotations after close. Each change is one transaction with its history
 * and audit entry. No HTTP here: routes.ts and lifecycle-routes.ts parse and answer.
 */
import type { z } from "zod";
import { documentHistory } from "../../audit/history.ts";
import { auditAs } from "../../audit/audit.ts";
import type { Actor } from "../../auth/actor.ts";
import { defaultCategoryId } from "../../db/default-category.ts";
import { nextDocumentNumber } from "../../db/document-numbers.ts";
import type { Db, Queryable } from "../../db/types.ts";
import type { ObjectStore } from "../../files/s3.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../lib/errors.ts";
import { unsealBidQuotations } from "../../sealing/sealed-quotation.ts";
import { fromCents, MAX_CENTS, sumCents, toCents } from "../../shared/money.ts";
import { canCreateBids, hasPermission } from "../../shared/permissions.ts";
import type { bidRequestSchema } from "../../shared/schemas/bids.ts";
import { type BidStatus, canTransitionBid } from "../../shared/status/bid-request.ts";
import { existingCategoryIds } from "../categories/service.ts";
import { addPurchaseRequestEvent, purchaseRequestForConversion } from "../purchase-requests/service.ts";
import { approvalThresholdCents, bidApprovals } from "../../lib/approval-policy.ts";
import { announceEarlyClose, tellClosed, tellPublished } from "./notify.ts";
import { aboutBid, approversOf, notifyUsers } from "../../notify/in-app.ts";
import { bidItems, bidTerms } from "./payload.ts";
import * as q from "./queries.ts";

/** An award moves the bid to evaluation and to awarded (docs/decisions/027-service-layer.md). */
export { setBidStatus } from "./queries.ts";

/** One bid with its history; for a sealed bid that is not unsealed, the number of submissions and nothing else about them. */
export async function getBid(db: Queryable, id: number) {
  const bid = await q.getBid(db, id);
  if (!bid) throw new NotFound("bids.notFound");
  return { ...bid, history: await q.bidHistory(db, id) };
}

/** The bid's readable history (src/audit/history.ts), oldest first; 404 when there is no such bid. */
export async function bidAuditHistory(db: Queryable, sealedBidKey: Uint8Array, id: number) {
  if (!(await q.getBid(db, id))) throw new NotFound("bids.notFound");
  return await documentHistory(db, sealedBidKey, "bid_request", id);
}

/** Every category named must exist (400 on categoryId). */
export async function checkCategories(db: Queryable, ids: number[]) {
  if ((await existingCategoryIds(db, ids)).length !== ids.length) {
    throw new BadRequest("categories.unknown", [{
      path: "categoryId",
      message: "One or more categories do not exist",
    }]);
  }
}

/**
 * Creates a bid request (published unless a draft; above the threshold it waits for approval).
 * With purchaseRequestId it converts that approved request: its own items, never the client's copy.
 */
export async function createBid(db: Db, actor: Actor, v: z.output<typeof bidRequestSchema>) {
  if (!canCreateBids(actor.role)) throw new Forbidden("bids.createForbidden");
  const defaultCategory = await defaultCategoryId(db);
  const threshold = await approvalThresholdCents(db);
  return await db.tx(async (tx) => {
    let items = bidItems(v, defaultCategory);
    let categoryId = v.categoryId ?? items[0]?.categoryId ?? null;
    if (v.purchaseRequestId) {
      // Converting: the request's own items are the bid's items (never the client's copy).
      const pr = await purchaseRequestForConversion(tx, v.purchaseRequestId);
      if (!pr) throw new NotFound("purchaseRequests.notFound");
      // Only an approved need goes out to bid: a pending request has not passed its approvals yet.
      if (pr.status !== "active") throw new Conflict("bids.conversionNotApproved", { status: pr.status });
      if (await q.hasLiveBid(tx, pr.id)) throw new Conflict("bids.alreadyConverted");
      items = pr.items.map((i, n) => ({
        name: i.name,
        specification: i.specifications,
        quantity: i.quantity,
        unit: i.unit,
        estimatedPriceCents: toCents(i.estimatedPrice) ?? 0,
        categoryId: i.categoryId ?? v.items[n]?.categoryId ?? categoryId,
        technicalRequirements: v.items[n]?.technicalRequirements ?? "",
        evaluationCriteria: v.items[n]?.evaluationCriteria ?? "",
      }));
      categoryId = pr.categoryId ?? categoryId;
    }
    await checkCategories(
      tx,
      [...new Set([categoryId, ...items.map((i) => i.categoryId)].filter((x): x is number => !!x))],
    );
    const budgetCents = sumCents(items.map((i) => ({ quantity: i.quantity, priceCents: i.estimatedPriceCents })));
    if (budgetCents > MAX_CENTS) {
      // The sum must fit numeric(14,2): answer 400 rather than fail the insert with a 500.
      const message = `The estimated budget is too large (at most ${fromCents(MAX_CENTS)})`;
      throw new BadRequest("purchaseRequests.budgetTooLarge", [{ path: "items", message }], {
        max: fromCents(MAX_CENTS),
      });
    }
    const start = v.biddingStartAt ? new Date(v.biddingStartAt) : null;
    const approvalsRequired = bidApprovals(budgetCents, threshold, !!v.purchaseRequestId);
    // Publishing a bid that needs approval submits it for approval instead.
    const pending = v.status === "published" && approvalsRequired > 0;
    const opensNow = v.status === "published" && (!start || start <= new Date());
    const status = v.status === "draft"
      ? "draft"
      : pending
      ? "pending_approval"
      : opensNow
      ? "bidding_open"
      : "published";
    const bidNumber = await nextDocumentNumber(tx, "BR");
    const id = await q.insertBid(tx, {
      bidNumber,
      purchaseRequestId: v.purchaseRequestId ?? null,
      title: v.title.trim(),
      description: v.description.trim(),
      department: v.department.trim(),
      categoryId,
      ...bidTerms(v),
      status,
      approvalsRequired,
      budgetCents,
      createdBy: actor.id,
    });
    await q.insertBidItems(tx, id, items);
    const bid = { id, bidNumber, title: v.title.trim(), categoryId, createdBy: actor.id };
    if (pending) {
      await q.addBidEvent(tx, { bidId: id, actorId: actor.id, action: "submitted", to: "pending_approval" });
      await notifyUsers(tx, approversOf(tx, "manager"), { type: "approval_requested", ...aboutBid(bid) }, actor.id);
    }
    if (status === "published" || status === "bidding_open") await tellPublished(tx, bid);
    if (v.purchaseRequestId) {
      await addPurchaseRequestEvent(tx, {
        prId: v.purchaseRequestId,
        actorId: actor.id,
        action: "converted",
        comment: bidNumber,
      });
    }
    await auditAs(tx, actor.audit, {
      action: "CREATE",
      entityType: "bid_request",
      entityId: id,
      metadata: {
        bidNumber,
        title: v.title,
        biddingMode: v.biddingMode,
        purchaseRequestId: v.purchaseRequestId ?? null,
        estimatedBudget: fromCents(budgetCents),
        status,
        approvalsRequired,
      },
    });
    return id;
  });
}

/**
 * Closing bidding before the advertised deadline: a reason is required, a sealed bid needs
 * sealed_bidding.manage, the reason and the time vendors still had go to the history and the audit,
 * and every vendor that could still bid is told. The advertised deadline is kept (unsealing checks it).
 */
async function closeEarly(tx: Queryable, actor: Actor, cur: q.LockedBid, reason: string, sealedBidKey: Uint8Array) {
  if (!reason.trim()) {
    throw new BadRequest("bids.closeReasonRequired", [{
      path: "reason",
      message: "Closing bidding before its deadline needs a reason",
    }]);
  }
  if (cur.biddingMode === "sealed" && !hasPermission(actor.role, "sealed_bidding.manage")) {
    throw new Forbidden("generic.missingPermission", { requiredPermission: "sealed_bidding.manage" }, {
      permission: "sealed_bidding.manage",
    });
  }
  const remainingMs = cur.biddingDeadline.getTime() - Date.now();
  await q.closeBidEarly(tx, cur.id, actor.id, reason.trim());
  const notified = await announceEarlyClose(tx, sealedBidKey, cur, reason.trim());
  await tellClosed(tx, cur, sealedBidKey, actor.id);
  await q.addBidEvent(tx, {
    bidId: cur.id,
    actorId: actor.id,
    action: "closed_early",
    from: cur.status,
    to: "bidding_closed",
    comment: reason.trim(),
    details: { biddingDeadline: cur.biddingDeadline.toISOString(), remainingMs, vendorsNotified: notified },
  });
  await auditAs(tx, actor.audit, {
    action: "STATUS_CHANGE",
    entityType: "bid_request",
    entityId: cur.id,
    metadata: {
      changes: { status: { from: cur.status, to: "bidding_closed" } },
      closedEarly: true,
      reason: reason.trim(),
      biddingMode: cur.biddingMode,
      biddingDeadline: cur.biddingDeadline.toISOString(),
      remainingMs,
      vendorsNotified: notified,
    },
  });
}

/** Moves a bid along its status machine (Publish, Close Bidding, ...); awards go through quotations. */
/** `sealedBidKey`: an early close tells a sealed bid's bidders too (src/sealing/bidder.ts). */
export async function changeStatus(
  db: Db,
  actor: Actor,
  id: number,
  wanted: string,
  reason: string,
  sealedBidKey: Uint8Array,
) {
  let status = wanted;
  const threshold = await approvalThresholdCents(db);
  await db.tx(async (tx) => {
    const cur = await q.lockBid(tx, id);
    if (!cur) throw new NotFound("bids.notFound");
    if (!canTransitionBid(cur.status as BidStatus, status as BidStatus)) {
      throw new Conflict("bids.illegalTransition", { from: cur.status, to: status });
    }
    if (status === "awarded") throw new Conflict("bids.awardByQuotation");
    // A bid pending approval is published by its last approval, never directly.
    if (cur.status === "pending_approval" && status === "published") throw new Conflict("bids.approvalRequired");
    if (cur.status === "draft" && (status === "published" || status === "pending_approval")) {
      const approvals = bidApprovals(toCents(cur.budget) ?? 0, threshold, cur.purchaseRequestId !== null);
      if (approvals > 0) {
        if (cur.biddingDeadline <= new Date()) throw new Conflict("bids.deadlinePassed");
        await q.setBidApproval(tx, id, "pending_approval", approvals);
        await q.addBidEvent(tx, {
          bidId: id,
          actorId: actor.id,
          action: "submitted",
          from: "draft",
          to: "pending_approval",
        });
        await notifyUsers(tx, approversOf(tx, "manager"), { type: "approval_requested", ...aboutBid(cur) }, actor.id);
        await auditAs(tx, actor.audit, {
          action: "STATUS_CHANGE",
          entityType: "bid_request",
          entityId: id,
          metadata: { changes: { status: { from: cur.status, to: "pending_approval" } }, approvalsRequired: approvals },
        });
        return;
      }
      status = "published";
    }
    if (cur.status === "pending_approval" && status === "draft") {
      await q.addBidEvent(tx, {
        bidId: id,
        actorId: actor.id,
        action: "withdrawn",
        from: cur.status,
        to: "draft",
        comment: reason,
      });
    }
    // Publishing opens bidding at once unless a later start time was set.
    if (status === "published" && (!cur.biddingStartAt || cur.biddingStartAt <= new Date())) {
      status = "bidding_open";
    }
    if (status === "bidding_open" && cur.biddingDeadline <= new Date()) {
      throw new Conflict("bids.deadlinePassed");
    }
    if (status === "bidding_closed" && cur.biddingDeadline > new Date()) {
      await closeEarly(tx, actor, cur, reason, sealedBidKey);
      return;
    }
    await q.setBidStatus(tx, id, status);
    if (cur.status === "draft" && (status === "published" || status === "bidding_open")) await tellPublished(tx, cur);
    if (status === "bidding_closed") await tellClosed(tx, cur, sealedBidKey, actor.id);
    await auditAs(tx, actor.audit, {
      action: "STATUS_CHANGE",
      entityType: "bid_request",
      entityId: id,
      metadata: { changes: { status: { from: cur.status, to: status } }, ...(reason ? { reason } : {}) },
    });
  });
}

/** Unseals a sealed bid's quotations once bidding has closed (before the deadline only if closed early with a reason). */
export async function unseal(
  db: Db,
  actor: Actor,
  keys: { sealedBidKey: Uint8Array; objectStore?: ObjectStore },
  id: number,
) {
  await db.tx(async (tx) => {
    const cur = await q.lockBid(tx, id);
    if (!cur) throw new NotFound("bids.notFound");
    if (cur.biddingMode !== "sealed") throw new Conflict("bids.notSealed");
    if (cur.unsealedAt) throw new Conflict("bids.alreadyUnsealed");
    if (cur.status !== "bidding_closed" && cur.status !== "evaluation") {
      throw new Conflict("bids.unsealAfterClose");
    }
    // Before the advertised deadline only a bid closed early, with a recorded reason, may be opened.
    if (cur.biddingDeadline > new Date() && !(cur.closedEarlyAt && cur.earlyCloseReason?.trim())) {
      throw new Conflict("bids.unsealBeforeDeadline", { deadline: cur.biddingDeadline.toISOString() });
    }
    const count = await unsealBidQuotations(tx, keys.sealedBidKey, id, keys.objectStore);
    await q.markUnsealed(tx, id, actor.id);
    await auditAs(tx, actor.audit, {
      action: "UNSEAL",
      entityType: "bid_request",
      entityId: id,
      metadata: { quotations: count },
    });
  });
}

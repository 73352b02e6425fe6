/**
 * A bid request's life after creation (docs/decisions/007-bid-controls.md): Edit of a draft (everything), an
 * amendment of a published or open bid (deadline extension, clarification; announced to vendors),
 * and approval before publishing for a bid above the approval threshold (manager, then finance).
 * Each change is one transaction with its history and audit entry.
 */
import type { z } from "zod";
import { auditAs } from "../../audit/audit.ts";
import type { Actor } from "../../auth/actor.ts";
import { defaultCategoryId } from "../../db/default-category.ts";
import type { Db, Queryable } from "../../db/types.ts";
import { BadRequest, Conflict, Forbidden, NotFound, validationError } from "../../lib/errors.ts";
import { fromCents, MAX_CENTS, sumCents, toCents } from "../../shared/money.ts";
import { canCreateBids } from "../../shared/permissions.ts";
import type { bidRequestSchema } from "../../shared/schemas/bids.ts";
import { BID_EDIT_MESSAGES, type bidAmendmentSchema } from "../../shared/schemas/bid-edit.ts";
import { parseDateValue } from "../../shared/schemas/common.ts";
import { BID_LIVE_STATUSES, type BidStatus } from "../../shared/status/bid-request.ts";
import { approvalLevel, type ApprovalStage, checkApproval } from "../../lib/approval-policy.ts";
import { recordRejection } from "../../audit/rejection.ts";
import { announceAmendment, tellAmended, tellPublished } from "./notify.ts";
import { aboutBid, approversOf, notifyUsers, shortReason } from "../../notify/in-app.ts";
import { bidItems, bidTerms } from "./payload.ts";
import * as q from "./queries.ts";
import { checkCategories as checkCategoryIds } from "./service.ts";

type BidBody = z.output<typeof bidRequestSchema>;

function budgetOf(items: q.BidItemInput[]) {
  const budgetCents = sumCents(items.map((i) => ({ quantity: i.quantity, priceCents: i.estimatedPriceCents })));
  if (budgetCents > MAX_CENTS) {
    const message = `The estimated budget is too large (at most ${fromCents(MAX_CENTS)})`;
    throw new BadRequest("purchaseRequests.budgetTooLarge", [{ path: "items", message }], {
      max: fromCents(MAX_CENTS),
    });
  }
  return budgetCents;
}

async function checkCategories(tx: Queryable, ids: (number | null)[]) {
  await checkCategoryIds(tx, [...new Set(ids.filter((x): x is number => !!x))]);
}

async function lockOr404(tx: Queryable, id: number) {
  const cur = await q.lockBid(tx, id);
  if (!cur) throw new NotFound("bids.notFound");
  return cur;
}

/** Staff who may create bids may edit and amend them. */
export function mayEdit(actor: Actor) {
  if (!canCreateBids(actor.role)) throw new Forbidden("bids.createForbidden");
}

const sameItems = (
  stored: { name: string; specification: string; quantity: number; unit: string; price: string }[],
  next: q.BidItemInput[],
) =>
  stored.length === next.length &&
  stored.every((s, n) =>
    s.name === next[n].name && s.specification === next[n].specification && s.quantity === next[n].quantity &&
    s.unit === next[n].unit && toCents(s.price) === next[n].estimatedPriceCents
  );

/** Edits a draft (everything; a converted bid keeps its request's items); `version` must be the one read. */
export async function editDraft(db: Db, actor: Actor, id: number, v: BidBody, version: number) {
  mayEdit(actor);
  const defaultCategory = await defaultCategoryId(db);
  await db.tx(async (tx) => {
    const cur = await lockOr404(tx, id);
    if (cur.version !== version) throw new Conflict("bids.stale");
    if (cur.status !== "draft") throw new Conflict("bids.notEditable", { status: cur.status });
    // A converted bid keeps the approved request's items (never the client's copy).
    const converted = cur.purchaseRequestId !== null;
    const items = bidItems(v, defaultCategory);
    const categoryId = converted ? cur.categoryId : v.categoryId ?? items[0]?.categoryId ?? cur.categoryId;
    if (!converted) await checkCategories(tx, [categoryId, ...items.map((i) => i.categoryId)]);
    const budgetCents = converted ? toCents(cur.budget) ?? 0 : budgetOf(items);
    await q.updateBid(tx, id, {
      title: v.title.trim(),
      description: v.description.trim(),
      department: v.department.trim(),
      categoryId,
      ...bidTerms(v),
      budgetCents,
    });
    if (!converted) await q.replaceBidItems(tx, id, items);
    const details = {
      biddingDeadline: { from: cur.biddingDeadline.toISOString(), to: new Date(v.biddingDeadline).toISOString() },
      deadline: { from: cur.deadline.toISOString(), to: new Date(v.deadline).toISOString() },
      estimatedBudget: { from: cur.budget, to: fromCents(budgetCents) },
    };
    await q.addBidEvent(tx, { bidId: id, actorId: actor.id, action: "edited", details });
    await auditAs(tx, actor.audit, {
      action: "UPDATE",
      entityType: "bid_request",
      entityId: id,
      metadata: { bidNumber: cur.bidNumber, title: v.title, changes: details },
    });
  });
}

/** Amends a published or open bid: a later deadline, a clarification, items while no quotation prices them. */
export async function amend(
  db: Db,
  actor: Actor,
  id: number,
  v: z.output<typeof bidAmendmentSchema>,
  sealedBidKey: Uint8Array,
) {
  mayEdit(actor);
  await db.tx(async (tx) => {
    const cur = await lockOr404(tx, id);
    if (v.version !== undefined && cur.version !== v.version) throw new Conflict("bids.stale");
    if (!BID_LIVE_STATUSES.includes(cur.status as BidStatus)) {
      throw new Conflict("bids.notEditable", { status: cur.status });
    }
    const biddingDeadline = v.biddingDeadline ? parseDateValue(v.biddingDeadline)!.instant : cur.biddingDeadline;
    const deadline = v.deadline ? parseDateValue(v.deadline)!.instant : cur.deadline;
    // Vendors plan on the advertised deadline: it may move later, never earlier.
    if (biddingDeadline < cur.biddingDeadline) {
      throw new Conflict("bids.deadlineShortened", { deadline: cur.biddingDeadline.toISOString() });
    }
    if (biddingDeadline >= deadline) {
      throw validationError([{ path: "deadline", message: BID_EDIT_MESSAGES.order }]);
    }
    let itemsChanged = false;
    if (v.items) {
      const items: q.BidItemInput[] = v.items.map((i) => ({
        name: i.itemName,
        specification: i.specification,
        quantity: i.quantity,
        unit: i.unit || "pcs",
        estimatedPriceCents: toCents(i.estimatedPrice ?? 0) ?? -1,
        categoryId: cur.categoryId,
        technicalRequirements: "",
        evaluationCriteria: "",
      }));
      const bad = items.findIndex((i) => i.estimatedPriceCents < 0);
      if (bad >= 0) {
        const message = "Estimated price must be 0 or more, with at most 2 decimals";
        throw validationError([{ path: `items.${bad}.estimatedPrice`, message }]);
      }
      itemsChanged = !sameItems(await q.bidItemSnapshot(tx, id), items);
      if (itemsChanged) {
        // Quotations price the items as they were: changing them under a submitted offer is refused.
        if (cur.purchaseRequestId !== null || await q.hasQuotations(tx, id)) throw new Conflict("bids.itemsLocked");
        await q.replaceBidItems(tx, id, items);
        await q.setBidBudget(tx, id, budgetOf(items));
      }
    }
    const extended = biddingDeadline.getTime() !== cur.biddingDeadline.getTime();
    const projectMoved = deadline.getTime() !== cur.deadline.getTime();
    if (!extended && !projectMoved && !v.clarification && !itemsChanged) {
      throw new BadRequest("bids.nothingToAnnounce", [{
        path: "clarification",
        message: "Extend the deadline, change the project deadline or add a clarification",
      }]);
    }
    await q.setBidDeadlines(tx, id, biddingDeadline, deadline);
    const notified = await announceAmendment(tx, sealedBidKey, cur, {
      biddingDeadline,
      clarification: v.clarification,
    });
    await tellAmended(tx, sealedBidKey, cur, { biddingDeadline, extended, clarified: !!v.clarification?.trim() });
    const details = {
      ...(extended
        ? { biddingDeadline: { from: cur.biddingDeadline.toISOString(), to: biddingDeadline.toISOString() } }
        : {}),
      ...(projectMoved ? { deadline: { from: cur.deadline.toISOString(), to: deadline.toISOString() } } : {}),
      ...(itemsChanged ? { items: true } : {}),
      vendorsNotified: notified,
    };
    await q.addBidEvent(tx, {
      bidId: id,
      actorId: actor.id,
      action: "amended",
      comment: v.clarification,
      details,
    });
    await auditAs(tx, actor.audit, {
      action: "UPDATE",
      entityType: "bid_request",
      entityId: id,
      metadata: { bidNumber: cur.bidNumber, amendment: true, clarification: v.clarification, changes: details },
    });
  });
}

/** One approval of a bid pending approval; the last one (manager and, above the threshold, finance) publishes it. */
export async function approve(db: Db, actor: Actor, id: number, comment: string | undefined) {
  await db.tx(async (tx) => {
    const cur = await lockOr404(tx, id);
    if (cur.status !== "pending_approval") throw new Conflict("bids.notPendingApproval", { status: cur.status });
    const given = await q.currentBidApprovals(tx, id);
    const { stage, done } = await checkApproval(
      actor,
      cur.createdBy,
      given,
      (): ApprovalStage[] => cur.approvalsRequired >= 2 ? ["manager", "finance"] : [],
      {
        own: "bids.ownApproval",
        twice: "bids.alreadyApproved",
        managerFirst: "bids.managerApprovalNeeded",
        financeNeeded: "bids.financeApprovalNeeded",
      },
    );
    let to = "pending_approval";
    if (done) {
      if (cur.biddingDeadline <= new Date()) throw new Conflict("bids.deadlinePassed");
      to = !cur.biddingStartAt || cur.biddingStartAt <= new Date() ? "bidding_open" : "published";
      await q.setBidStatus(tx, id, to);
      await notifyUsers(tx, [cur.createdBy], { type: "approved", ...aboutBid(cur) }, actor.id);
      await tellPublished(tx, cur);
    } else {
      await q.bumpBidVersion(tx, id);
      const next = stage === "manager" ? "finance" : "manager";
      await notifyUsers(tx, approversOf(tx, next), { type: "approval_requested", ...aboutBid(cur) }, actor.id);
    }
    await q.addBidEvent(tx, {
      bidId: id,
      actorId: actor.id,
      action: "approved",
      stage,
      from: "pending_approval",
      to,
      comment,
    });
    await auditAs(tx, actor.audit, {
      action: "APPROVE",
      entityType: "bid_request",
      entityId: id,
      metadata: {
        stage,
        comment,
        // "level 1 of 2" in the readable history (src/audit/history.ts).
        ...approvalLevel(given.length, cur.approvalsRequired >= 2 ? 2 : 0, done),
        changes: done ? { status: { from: "pending_approval", to } } : {},
      },
    });
  });
}

/** Rejects a bid pending approval with a reason: it returns to draft. */
export async function reject(db: Db, actor: Actor, id: number, comment: string) {
  await db.tx(async (tx) => {
    const cur = await lockOr404(tx, id);
    if (cur.status !== "pending_approval") throw new Conflict("bids.notPendingApproval", { status: cur.status });
    if (cur.createdBy === actor.id) throw new Forbidden("bids.ownApproval");
    await q.setBidStatus(tx, id, "draft");
    const reason = shortReason(comment);
    await notifyUsers(tx, [cur.createdBy], { type: "returned", ...aboutBid(cur, { reason }) }, actor.id);
    const rejection = { entityType: "bid_request", id, from: "pending_approval", to: "draft", comment } as const;
    await recordRejection(tx, actor, rejection, (e) => q.addBidEvent(tx, { ...e, bidId: id }));
  });
}

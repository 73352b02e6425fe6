/**
 * The rules of purchase requests (the payload as rows is payload.ts): the budget and approval threshold, edit with optimistic concurrency, status changes by
 * the state machine, the two-stage approval (manager, then finance above the threshold or over
 * budget) and the email to subscribed vendors when a request becomes active. Each change is one
 * transaction with its history event and audit entry. No HTTP here: routes.ts parses and answers.
 */
import type { z } from "zod";
import { auditAs } from "../../audit/audit.ts";
import type { Actor } from "../../auth/actor.ts";
import { nextDocumentNumber } from "../../db/document-numbers.ts";
import type { Db, Queryable } from "../../db/types.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../lib/errors.ts";
import { pageStart } from "../../lib/list-page.ts";
import { documentHistory } from "../../audit/history.ts";
import { recordRejection } from "../../audit/rejection.ts";
import {
  aboveThreshold,
  approvalLevel,
  type ApprovalStage,
  approvalThresholdCents,
  checkApproval,
  purchaseRequestApprovals,
} from "../../lib/approval-policy.ts";
import { getSettings, isOn } from "../../lib/settings.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import { aboutRequest, approversOf, notifyUsers, shortReason } from "../../notify/in-app.ts";
import { fromCents, MAX_CENTS, sumCents, toCents } from "../../shared/money.ts";
import type { prListQuerySchema, quickPurchaseRequestSchema } from "../../shared/schemas/purchase-requests.ts";
import { canEdit, canEditItems, canTransition, type PrStatus } from "../../shared/status/purchase-request.ts";
import { announceBudgetThresholds, checkApproval as checkBudgetRule } from "../budgets/service.ts";
import { existingCategoryIds } from "../categories/service.ts";
import { type NewPurchaseRequest, quickItems } from "./payload.ts";
import * as q from "./queries.ts";

type QuickForm = z.output<typeof quickPurchaseRequestSchema>;

/**
 * What other features change on a purchase request (docs/decisions/027-service-layer.md): a bid
 * created from it and an award record in its history; an award closes it under its row lock.
 */
export {
  addEvent as addPurchaseRequestEvent,
  lockPurchaseRequest as lockPurchaseRequestStatus,
  setStatus as setPurchaseRequestStatus,
} from "./queries.ts";

/** A request about to become a bid request: locked, with its items in order (undefined when none has the id). */
export async function purchaseRequestForConversion(tx: Queryable, id: number) {
  const pr = await q.lockPurchaseRequest(tx, id);
  return pr && { ...pr, items: await q.itemSnapshot(tx, id) };
}

/** The sum of the items must fit the budget column (numeric(14,2)); a 500 from the insert is not an answer. */
function checkBudget(budgetCents: number) {
  if (budgetCents > MAX_CENTS) {
    const message = `The estimated budget is too large (at most ${fromCents(MAX_CENTS)})`;
    throw new BadRequest("purchaseRequests.budgetTooLarge", [{ path: "items", message }], {
      max: fromCents(MAX_CENTS),
    });
  }
}

async function checkCategories(db: Queryable, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === "number"))];
  if (!wanted.length) return;
  if ((await existingCategoryIds(db, wanted)).length !== wanted.length) {
    throw new BadRequest("categories.unknown", [{
      path: "categoryId",
      message: "One or more categories do not exist",
    }]);
  }
}

function budgetOf(items: q.PrItemInput[]) {
  const cents = sumCents(items.map((i) => ({ quantity: i.quantity, priceCents: i.estimatedPriceCents })));
  checkBudget(cents);
  return cents;
}

/** Emails subscribed vendors when a request that needs quotes becomes active (same transaction). */
async function notifyVendors(
  tx: Queryable,
  origin: string,
  pr: { categoryId: number | null; requestType: string; title: string; requestNumber: string; deadline: Date },
) {
  if (pr.requestType === "internal" || !pr.categoryId) return;
  const s = await getSettings(tx, ["pr_notifications_enabled", "email_notifications_enabled"]);
  if (!isOn(s.pr_notifications_enabled) || !isOn(s.email_notifications_enabled)) return;
  for (const v of await q.subscribedVendorEmails(tx, pr.categoryId)) {
    // In the vendor's language (chosen at registration), the deadline day formatted for it.
    await enqueueTemplated(tx, {
      to: v.email,
      template: "pr_created",
      values: {
        title: pr.title,
        requestNumber: pr.requestNumber,
        deadline: { date: pr.deadline },
        companyName: v.companyName,
        contactPerson: v.contactPerson,
        link: `${origin}/dashboard`,
      },
    });
  }
}

/** Items as stored vs as submitted, compared on what was approved (name, text, quantity, unit, price). */
function sameItems(stored: q.ItemSnapshot[], next: q.PrItemInput[]) {
  return stored.length === next.length &&
    stored.every((s, n) =>
      s.name === next[n].name && s.specifications === next[n].specifications && s.quantity === next[n].quantity &&
      s.unit === next[n].unit && toCents(s.estimatedPrice) === next[n].estimatedPriceCents &&
      (s.categoryId ?? null) === (next[n].categoryId ?? s.categoryId ?? null)
    );
}

/** One page of the list; a bad cursor or an offset past MAX_OFFSET is a 400 on its field. */
export async function listPurchaseRequests(db: Queryable, query: z.output<typeof prListQuerySchema>) {
  const { after, offset, ...filters } = query;
  const start = pageStart({ after, offset }, {
    badCursor: "purchaseRequests.badCursor",
    offsetTooDeep: "purchaseRequests.offsetTooDeep",
  });
  return await q.listPurchaseRequests(db, { ...filters, ...start });
}

export async function getPurchaseRequest(db: Queryable, id: number) {
  const pr = await q.getPurchaseRequest(db, id);
  if (!pr) throw new NotFound("purchaseRequests.notFound");
  return pr;
}

/** The detail as JSON text built by PostgreSQL (the GET answer, sent as it is). */
export async function getPurchaseRequestJson(db: Queryable, id: number) {
  const body = await q.getPurchaseRequestJson(db, id);
  if (body === undefined) throw new NotFound("purchaseRequests.notFound");
  return body;
}

/** The request's readable history (src/audit/history.ts), oldest first; 404 when there is no such request. */
export async function purchaseRequestHistory(db: Queryable, sealedBidKey: Uint8Array, id: number) {
  if (!(await q.purchaseRequestExists(db, id))) throw new NotFound("purchaseRequests.notFound");
  return await documentHistory(db, sealedBidKey, "purchase_request", id);
}

async function lockOr404(tx: Queryable, id: number) {
  const cur = await q.lockPurchaseRequest(tx, id);
  if (!cur) throw new NotFound("purchaseRequests.notFound");
  return cur;
}

/** Creates the request with its items, history and audit entry; returns its id. */
export async function createPurchaseRequest(db: Db, actor: Actor, input: NewPurchaseRequest) {
  const threshold = await approvalThresholdCents(db);
  await checkCategories(db, [input.categoryId, ...input.items.map((i) => i.categoryId)]);
  const budgetCents = budgetOf(input.items);
  return await db.tx(async (tx) => {
    const requestNumber = await nextDocumentNumber(tx, "PR");
    const id = await q.insertPurchaseRequest(tx, {
      ...input,
      requestNumber,
      budgetCents,
      approvalsRequired: purchaseRequestApprovals(budgetCents, threshold),
      createdBy: actor.id,
    });
    await q.insertItems(tx, id, input.items);
    await q.addEvent(tx, { prId: id, actorId: actor.id, action: "created", to: input.status });
    if (input.status === "pending") {
      await notifyUsers(tx, approversOf(tx, "manager"), {
        type: "approval_requested",
        ...aboutRequest({ id, requestNumber, title: input.title }),
      }, actor.id);
    }
    await auditAs(tx, actor.audit, {
      action: "CREATE",
      entityType: "purchase_request",
      entityId: id,
      metadata: {
        requestNumber,
        title: input.title,
        items: input.items.length,
        estimatedBudget: fromCents(budgetCents),
      },
    });
    return id;
  });
}

/** Edits title, description, deadline, category and items; `version` must be the one read. */
export async function updatePurchaseRequest(db: Db, actor: Actor, id: number, v: QuickForm) {
  if (!v.version) {
    throw new BadRequest("purchaseRequests.versionRequired", [{ path: "version", message: "version is required" }]);
  }
  const items = quickItems(v.items);
  await checkCategories(db, [v.categoryId, ...items.map((i) => i.categoryId)]);
  const budgetCents = budgetOf(items);
  const threshold = await approvalThresholdCents(db);
  await db.tx(async (tx) => {
    const cur = await lockOr404(tx, id);
    if (cur.version !== v.version) throw new Conflict("purchaseRequests.stale");
    if (!canEdit(cur.status as PrStatus)) throw new Conflict("purchaseRequests.cannotEdit", { status: cur.status });
    const itemsChanged = !sameItems(await q.itemSnapshot(tx, id), items);
    if (itemsChanged && !canEditItems(cur.status as PrStatus)) {
      throw new Conflict("purchaseRequests.approvedItemsLocked");
    }
    await q.updatePurchaseRequest(tx, id, {
      title: v.title.trim(),
      description: v.description.trim(),
      deadline: new Date(v.deadline),
      categoryId: v.categoryId ?? null,
      budgetCents,
      approvalsRequired: purchaseRequestApprovals(budgetCents, threshold),
    });
    if (itemsChanged) await q.replaceItems(tx, id, items);
    // Approvals given before a change of items no longer count: the request starts its approval again.
    const restart = cur.status === "pending" && itemsChanged;
    await q.addEvent(tx, { prId: id, actorId: actor.id, action: "updated", to: restart ? "pending" : null });
    await auditAs(tx, actor.audit, {
      action: "UPDATE",
      entityType: "purchase_request",
      entityId: id,
      metadata: {
        title: v.title,
        items: items.length,
        estimatedBudget: { from: cur.budget, to: fromCents(budgetCents) },
      },
    });
  });
}

/** Submit a draft, complete or cancel; approval and rejection have their own actions. */
export async function changeStatus(
  db: Db,
  actor: Actor,
  id: number,
  change: { status: string; version?: number; comment?: string },
) {
  const { status, version, comment } = change;
  await db.tx(async (tx) => {
    const cur = await lockOr404(tx, id);
    if (version !== undefined && cur.version !== version) throw new Conflict("purchaseRequests.stale");
    if (status === "active" || status === "rejected") throw new Conflict("purchaseRequests.useApproveReject");
    if (!canTransition(cur.status as PrStatus, status as PrStatus)) {
      throw new Conflict("purchaseRequests.invalidTransition", { from: cur.status, to: status });
    }
    await q.setStatus(tx, id, status);
    if (status === "pending") {
      await notifyUsers(tx, approversOf(tx, "manager"), { type: "approval_requested", ...aboutRequest(cur) }, actor.id);
    }
    await q.addEvent(tx, {
      prId: id,
      actorId: actor.id,
      action: "status_changed",
      from: cur.status,
      to: status,
      comment,
    });
    await auditAs(tx, actor.audit, {
      action: "STATUS_CHANGE",
      entityType: "purchase_request",
      entityId: id,
      metadata: { changes: { status: { from: cur.status, to: status } } },
    });
  });
}

/**
 * One approval of a pending request, never by its author nor twice by one person. Above the
 * threshold both a manager and finance approve; over its budget finance must (or the budget policy
 * refuses). The last approval makes it active and emails subscribed vendors (links to `origin`).
 */
export async function approve(db: Db, actor: Actor, id: number, comment: string | undefined, origin: string) {
  const threshold = await approvalThresholdCents(db);
  await db.tx(async (tx) => {
    const cur = await lockOr404(tx, id);
    if (cur.status !== "pending") throw new Conflict("purchaseRequests.onlyPendingApprove", { status: cur.status });
    const given = await q.currentApprovals(tx, id);
    let overBudget = false;
    let needed: ApprovalStage[] = [];
    const { stage, done } = await checkApproval(actor, cur.createdBy, given, async (): Promise<ApprovalStage[]> => {
      // Over its budget, finance must approve whatever the threshold (or the policy refuses: 409).
      ({ overBudget } = await checkBudgetRule(tx, id));
      needed = aboveThreshold(toCents(cur.budget) ?? 0, threshold)
        ? ["manager", "finance"]
        : overBudget
        ? ["finance"]
        : [];
      return needed;
    }, {
      own: "purchaseRequests.cannotApproveOwn",
      twice: "purchaseRequests.alreadyApproved",
      managerFirst: "purchaseRequests.managerMustApprove",
      financeNeeded: "purchaseRequests.financeApprovalNeeded",
    });
    await q.addEvent(tx, {
      prId: id,
      actorId: actor.id,
      action: "approved",
      stage,
      from: "pending",
      to: done ? "active" : "pending",
      comment,
    });
    if (done) {
      // Before the request counts as committed: which budget shares its approval crosses.
      await announceBudgetThresholds(tx, id, actor.id);
      await q.setStatus(tx, id, "active");
      await notifyVendors(tx, origin, cur);
      await notifyUsers(tx, [cur.createdBy], { type: "approved", ...aboutRequest(cur) }, actor.id);
    } else {
      await q.bumpVersion(tx, id);
      const next = stage === "manager" ? "finance" : "manager";
      await notifyUsers(tx, approversOf(tx, next), { type: "approval_requested", ...aboutRequest(cur) }, actor.id);
    }
    await auditAs(tx, actor.audit, {
      action: "APPROVE",
      entityType: "purchase_request",
      entityId: id,
      metadata: {
        stage,
        comment,
        // "level 1 of 2" in the readable history (src/audit/history.ts).
        ...approvalLevel(given.length, needed.length, done),
        ...(overBudget ? { overBudget } : {}),
        changes: done ? { status: { from: "pending", to: "active" } } : {},
      },
    });
  });
}

/** Rejects a pending request with a reason (never the author's own). */
export async function reject(db: Db, actor: Actor, id: number, comment: string) {
  await db.tx(async (tx) => {
    const cur = await lockOr404(tx, id);
    if (cur.status !== "pending") throw new Conflict("purchaseRequests.onlyPendingReject", { status: cur.status });
    if (cur.createdBy === actor.id) throw new Forbidden("purchaseRequests.cannotRejectOwn");
    await q.setStatus(tx, id, "rejected", comment);
    const reason = shortReason(comment);
    await notifyUsers(tx, [cur.createdBy], { type: "declined", ...aboutRequest(cur, { reason }) }, actor.id);
    const rejection = { entityType: "purchase_request", id, from: "pending", to: "rejected", comment } as const;
    await recordRejection(tx, actor, rejection, (e) => q.addEvent(tx, { ...e, prId: id }));
  });
}

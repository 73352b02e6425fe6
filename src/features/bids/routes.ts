/**
 * Bid requests: create (or convert a purchase request), list by tab, details, the status machine
 * (Publish, Close Bidding, ...), and unsealing of sealed bids after close.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { allow, roles } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import type { Queryable } from "../../db/types.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { nextDocumentNumber } from "../../db/document-numbers.ts";
import { defaultCategoryId } from "../../db/default-category.ts";
import { unsealBidQuotations } from "../../sealing/sealed-quotation.ts";
import { fromCents, MAX_CENTS, sumCents, toCents } from "../../shared/money.ts";
import { canCreateBids, hasPermission } from "../../shared/permissions.ts";
import { BID_GROUPS, type BidStatus, canTransitionBid } from "../../shared/status/bid-request.ts";
import { bidListQuerySchema, bidRequestSchema, bidStatusSchema } from "../../shared/schemas/bids.ts";
import { idParamSchema } from "../../shared/schemas/users.ts";
import { approvalThresholdCents, bidApprovalsNeeded } from "./approval.ts";
import { announceEarlyClose } from "./notify.ts";
import * as q from "./queries.ts";
import { bidItems, bidTerms } from "./payload.ts";

const STAFF = ["admin", "purchase_team", "procurement_manager", "cost_finance_controller"] as const;

/** For a sealed bid that is not unsealed, staff see the number of submissions and nothing else about them. */
export async function bidOr404(c: Context<AppEnv>, id: number) {
  const { db } = c.get("deps");
  const bid = await q.getBid(db, id);
  if (!bid) throw new NotFound("bids.notFound");
  return { ...bid, history: await q.bidHistory(db, id) };
}

/**
 * Closing bidding before the advertised deadline: a reason is required, a sealed bid needs
 * sealed_bidding.manage, the reason and the time vendors still had go to the history and the audit,
 * and every vendor that could still bid is told. The advertised deadline is kept (unsealing checks it).
 */
async function closeEarly(tx: Queryable, c: Context<AppEnv>, cur: q.LockedBid, reason: string) {
  const me = c.get("user")!;
  if (!reason.trim()) {
    throw new BadRequest("bids.closeReasonRequired", [{
      path: "reason",
      message: "Closing bidding before its deadline needs a reason",
    }]);
  }
  if (cur.biddingMode === "sealed" && !hasPermission(me.role, "sealed_bidding.manage")) {
    throw new Forbidden("generic.missingPermission", { requiredPermission: "sealed_bidding.manage" }, {
      permission: "sealed_bidding.manage",
    });
  }
  const remainingMs = cur.biddingDeadline.getTime() - Date.now();
  await q.closeBidEarly(tx, cur.id, me.id, reason.trim());
  const notified = await announceEarlyClose(tx, cur, reason.trim());
  await q.addBidEvent(tx, {
    bidId: cur.id,
    actorId: me.id,
    action: "closed_early",
    from: cur.status,
    to: "bidding_closed",
    comment: reason.trim(),
    details: { biddingDeadline: cur.biddingDeadline.toISOString(), remainingMs, vendorsNotified: notified },
  });
  await audit(tx, c, {
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

export const bidRoutes = new Hono<AppEnv>()
  .get(
    "/api/bid-requests",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "Bid requests by tab (group=active|drafts|completed), X-Total-Count",
    }),
    validate("query", bidListQuerySchema),
    async (c) => {
      const { group, status, limit, offset } = c.req.valid("query");
      const statuses = status ? [status] : group ? [...BID_GROUPS[group]] : null;
      const { items, total } = await q.listBids(c.get("deps").db, { statuses, limit, offset });
      c.header("X-Total-Count", String(total));
      return c.json(items);
    },
  )
  .get(
    "/api/bid-requests/stats",
    roles([...STAFF], { tags: ["bids"], summary: "Summary cards: active, drafts, completed, total value" }),
    async (c) => c.json(await q.bidStats(c.get("deps").db)),
  )
  .get(
    "/api/bid-requests/approval-rule",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "The approval threshold: a new bid estimated above it needs a manager's and a finance approval",
    }),
    async (c) => c.json({ threshold: fromCents(await approvalThresholdCents(c.get("deps").db)) }),
  )
  .get(
    "/api/bid-requests/:id",
    roles([...STAFF], { tags: ["bids"], summary: "One bid request with items and the number of submissions" }),
    validate("param", idParamSchema),
    async (c) => c.json(await bidOr404(c, c.req.valid("param").id)),
  )
  .post(
    "/api/bid-requests",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "Create a bid request (published unless status 'draft'); purchaseRequestId converts that request",
    }),
    validate("json", bidRequestSchema),
    async (c) => {
      const me = c.get("user")!;
      if (!canCreateBids(me.role)) throw new Forbidden("bids.createForbidden");
      const v = c.req.valid("json");
      const { db } = c.get("deps");
      const defaultCategory = await defaultCategoryId(db);
      const threshold = await approvalThresholdCents(db);
      const id = await db.tx(async (tx) => {
        let items = bidItems(v, defaultCategory);
        let categoryId = v.categoryId ?? items[0]?.categoryId ?? null;
        if (v.purchaseRequestId) {
          // Converting: the request's own items are the bid's items (never the client's copy).
          const pr = await q.purchaseRequestForConversion(tx, v.purchaseRequestId);
          if (!pr) throw new NotFound("purchaseRequests.notFound");
          // Only an approved need goes out to bid: a pending request has not passed its approvals yet.
          if (pr.status !== "active") throw new Conflict("bids.conversionNotApproved", { status: pr.status });
          const existing = await tx.query(
            "select 1 from bid_requests where purchase_request_id = $1 and status <> 'cancelled'",
            [pr.id],
          );
          if (existing.length) throw new Conflict("bids.alreadyConverted");
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
        const ids = [...new Set([categoryId, ...items.map((i) => i.categoryId)].filter((x): x is number => !!x))];
        const found = await tx.query("select id from categories where id = any($1::int[])", [ids]);
        if (found.length !== ids.length) {
          throw new BadRequest("categories.unknown", [{
            path: "categoryId",
            message: "One or more categories do not exist",
          }]);
        }
        const budgetCents = sumCents(items.map((i) => ({ quantity: i.quantity, priceCents: i.estimatedPriceCents })));
        if (budgetCents > MAX_CENTS) {
          // The sum must fit numeric(14,2): answer 400 rather than fail the insert with a 500.
          const message = `The estimated budget is too large (at most ${fromCents(MAX_CENTS)})`;
          throw new BadRequest("purchaseRequests.budgetTooLarge", [{ path: "items", message }], {
            max: fromCents(MAX_CENTS),
          });
        }
        const start = v.biddingStartAt ? new Date(v.biddingStartAt) : null;
        const approvalsRequired = bidApprovalsNeeded(budgetCents, threshold, !!v.purchaseRequestId);
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
          createdBy: me.id,
        });
        await q.insertBidItems(tx, id, items);
        if (pending) {
          await q.addBidEvent(tx, { bidId: id, actorId: me.id, action: "submitted", to: "pending_approval" });
        }
        if (v.purchaseRequestId) {
          await tx.query(
            `insert into purchase_request_events (purchase_request_id, actor_id, action, comment) values ($1, $2, 'converted', $3)`,
            [v.purchaseRequestId, me.id, bidNumber],
          );
        }
        await audit(tx, c, {
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
      return c.json(await bidOr404(c, id), 201);
    },
  )
  .patch(
    "/api/bid-requests/:id/status",
    allow("sealed_bidding.manage", {
      tags: ["bids"],
      summary: "Move a bid request along its status machine (Publish, Close Bidding, ...)",
    }),
    validate("param", idParamSchema),
    validate("json", bidStatusSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { status: wanted, reason } = c.req.valid("json");
      let status = wanted;
      const me = c.get("user")!;
      const { db } = c.get("deps");
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
          const approvals = bidApprovalsNeeded(toCents(cur.budget) ?? 0, threshold, cur.purchaseRequestId !== null);
          if (approvals > 0) {
            if (cur.biddingDeadline <= new Date()) throw new Conflict("bids.deadlinePassed");
            await q.setBidApproval(tx, id, "pending_approval", approvals);
            await q.addBidEvent(tx, {
              bidId: id,
              actorId: me.id,
              action: "submitted",
              from: "draft",
              to: "pending_approval",
            });
            await audit(tx, c, {
              action: "STATUS_CHANGE",
              entityType: "bid_request",
              entityId: id,
              metadata: {
                changes: { status: { from: cur.status, to: "pending_approval" } },
                approvalsRequired: approvals,
              },
            });
            return;
          }
          status = "published";
        }
        if (cur.status === "pending_approval" && status === "draft") {
          await q.addBidEvent(tx, {
            bidId: id,
            actorId: me.id,
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
          await closeEarly(tx, c, cur, reason);
          return;
        }
        await q.setBidStatus(tx, id, status);
        await audit(tx, c, {
          action: "STATUS_CHANGE",
          entityType: "bid_request",
          entityId: id,
          metadata: { changes: { status: { from: cur.status, to: status } }, ...(reason ? { reason } : {}) },
        });
      });
      return c.json(await bidOr404(c, id));
    },
  )
  .post(
    "/api/bid-requests/:id/unseal",
    allow("sealed_bidding.unseal", {
      tags: ["bids"],
      summary: "Unseal a sealed bid's quotations after bidding closed (audited)",
    }),
    validate("param", idParamSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { db, secrets } = c.get("deps");
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
        const count = await unsealBidQuotations(tx, secrets.sealedBidKey, id, c.get("deps").objectStore);
        await tx.query(
          "update bid_requests set unsealed_at = now(), unsealed_by = $2, updated_at = now() where id = $1",
          [
            id,
            c.get("user")!.id,
          ],
        );
        await audit(tx, c, {
          action: "UNSEAL",
          entityType: "bid_request",
          entityId: id,
          metadata: { quotations: count },
        });
      });
      return c.json(await bidOr404(c, id));
    },
  );

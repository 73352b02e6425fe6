/**
 * Purchase requests: list with filters and stats, details with history, create (full form or quick
 * create), edit with optimistic concurrency, status changes by the state machine, and approval
 * with a finance threshold. Vendors never reach this router's lists; they get their opportunities
 * from /api/vendor/matching-prs.
 */
import { Hono } from "hono";
import type { z } from "zod";
import type { Context } from "hono";
import { allow, roles } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest, Conflict, Forbidden, NotFound } from "../../lib/errors.ts";
import { errorText } from "../../shared/error-codes.ts";
import { parseWith } from "../../lib/body.ts";
import { getSetting, getSettings, isOn } from "../../lib/settings.ts";
import { validate } from "../../lib/validate.ts";
import { nextDocumentNumber } from "../../db/document-numbers.ts";
import { defaultCategoryId } from "../../db/default-category.ts";
import type { Queryable } from "../../db/types.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import { fromCents, MAX_CENTS, sumCents, toCents } from "../../shared/money.ts";
import { canEdit, canTransition, type PrStatus } from "../../shared/status/purchase-request.ts";
import {
  approveSchema,
  fullPurchaseRequestSchema,
  isFullPayload,
  prListQuerySchema,
  prStatusSchema,
  quickPurchaseRequestSchema,
  rejectSchema,
} from "../../shared/schemas/purchase-requests.ts";
import { idParamSchema } from "../../shared/schemas/users.ts";
import * as q from "./queries.ts";
import { checkApproval as checkBudgetRule } from "../budgets/service.ts";

const STAFF = ["admin", "purchase_team", "procurement_manager", "cost_finance_controller"] as const;
const DAY = 86_400_000;

function approvalsNeeded(budgetCents: number, thresholdCents: number) {
  // Strictly above the threshold needs a second (finance) approval; exactly at it does not.
  return budgetCents > thresholdCents ? 2 : 1;
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

async function thresholdCents(db: Queryable) {
  return toCents(await getSetting(db, "approval_threshold", "10000.00")) ?? 1_000_000;
}

async function checkCategories(db: Queryable, ids: (number | null | undefined)[]) {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === "number"))];
  if (!wanted.length) return;
  const found = await db.query<{ id: number }>("select id from categories where id = any($1::int[])", [wanted]);
  if (found.length !== wanted.length) {
    throw new BadRequest("categories.unknown", [{
      path: "categoryId",
      message: "One or more categories do not exist",
    }]);
  }
}

/** Emails subscribed vendors when a request that needs quotes becomes active (same transaction). */
async function notifyVendors(
  tx: Queryable,
  c: Context<AppEnv>,
  pr: { categoryId: number | null; requestType: string; title: string; requestNumber: string; deadline: Date },
) {
  if (pr.requestType === "internal" || !pr.categoryId) return;
  const s = await getSettings(tx, ["pr_notifications_enabled", "email_notifications_enabled"]);
  if (!isOn(s.pr_notifications_enabled) || !isOn(s.email_notifications_enabled)) return;
  const origin = c.get("deps").config.publicUrl ?? new URL(c.req.url).origin;
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

/** Items of the quick-create / edit payload with the spec's defaults (unit pcs, quantity 1, cost 0). */
function quickItems(items: z.output<typeof quickPurchaseRequestSchema>["items"]): q.PrItemInput[] {
  return items.map((i) => ({
    name: i.name,
    specifications: i.specifications,
    quantity: Number(i.quantity ?? 1),
    unit: i.unit || "pcs",
    estimatedPriceCents: toCents(i.estimatedPrice ?? 0)!,
    categoryId: i.categoryId ?? null,
    urgency: "medium",
    notes: "",
  }));
}

async function prOr404(c: Context<AppEnv>, id: number) {
  const pr = await q.getPurchaseRequest(c.get("deps").db, id);
  if (!pr) throw new NotFound("purchaseRequests.notFound");
  return pr;
}

export const purchaseRequestRoutes = new Hono<AppEnv>()
  .get(
    "/api/purchase-requests",
    roles([...STAFF], {
      tags: ["purchase-requests"],
      summary:
        "List with filters; X-Total-Count (exact up to 10,000, then X-Total-Count-Capped: true); deep pages with ?after= from X-Next-Cursor (offset at most 10,000); staff only",
    }),
    validate("query", prListQuerySchema),
    async (c) => {
      const { after: cursor, ...query } = c.req.valid("query");
      const after = cursor ? q.decodeCursor(cursor) : undefined;
      if (cursor && !after) {
        throw new BadRequest("purchaseRequests.badCursor", [{
          path: "after",
          message: errorText("purchaseRequests.badCursor"),
        }]);
      }
      if (!after && query.offset > q.MAX_OFFSET) {
        const params = { max: q.MAX_OFFSET };
        throw new BadRequest("purchaseRequests.offsetTooDeep", [
          { path: "offset", message: errorText("purchaseRequests.offsetTooDeep", params) },
        ], params);
      }
      const { items, total, capped, estimated, next } = await q.listPurchaseRequests(c.get("deps").db, {
        ...query,
        after,
      });
      c.header("X-Total-Count", String(total));
      if (capped) c.header("X-Total-Count-Capped", "true");
      // Capped from the planner's statistics (15,000 or more expected) without counting.
      if (estimated) c.header("X-Total-Count-Estimated", "true");
      // The page after this one, for `?after=` (absent on the last page).
      if (next) c.header("X-Next-Cursor", next);
      return c.json(items);
    },
  )
  .get(
    "/api/purchase-requests/stats",
    roles([...STAFF], { tags: ["purchase-requests"], summary: "Counts: total, active, pending, completed" }),
    async (c) => c.json(await q.prStats(c.get("deps").db)),
  )
  .get(
    "/api/purchase-requests/:id",
    roles([...STAFF], {
      tags: ["purchase-requests"],
      summary: "One request with items and history (vendors use their opportunities)",
    }),
    validate("param", idParamSchema),
    async (c) => c.json(await prOr404(c, c.req.valid("param").id)),
  )
  .post(
    "/api/purchase-requests",
    allow("purchase_requests.create", {
      tags: ["purchase-requests"],
      summary: "Create from the full form or the quick-create payload",
    }),
    async (c) => {
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch {
        throw new BadRequest("generic.malformedJson");
      }
      const { db } = c.get("deps");
      const me = c.get("user")!;
      const threshold = await thresholdCents(db);
      let input;
      if (isFullPayload(raw)) {
        const v = parseWith(fullPurchaseRequestSchema, raw);
        const defaultCategory = await defaultCategoryId(db);
        const days = Number(await getSetting(db, "default_deadline_days", "7")) || 7;
        input = {
          title: v.title.trim(),
          description: v.description.trim(),
          department: v.department.trim(),
          justification: v.justification.trim(),
          priority: v.priority,
          requestType: v.requestType,
          biddingMode: "open", // sealed is a bid-request mode (docs/decisions/005-sealed-purchase-requests.md)
          deadline: v.deadline ? new Date(v.deadline) : new Date(Date.now() + days * DAY),
          approvalRequired: v.approvalRequired,
          vendorPreferences: v.vendorPreferences,
          internalSupplier: v.internalSupplier,
          status: v.status ?? "pending",
          categoryId: v.categoryId ?? v.items[0]?.categoryId ?? defaultCategory,
          items: v.items.map((i) => ({
            name: i.itemName.trim(),
            specifications: i.specification,
            quantity: Number(i.quantity ?? 1),
            unit: i.unit || "pcs",
            estimatedPriceCents: toCents(i.estimatedPrice ?? 0)!,
            categoryId: i.categoryId ?? defaultCategory,
            urgency: i.urgency,
            notes: i.notes,
          })),
        };
      } else {
        const v = parseWith(quickPurchaseRequestSchema, raw);
        input = {
          title: v.title.trim(),
          description: v.description.trim(),
          department: "",
          justification: "",
          priority: "medium",
          requestType: v.requestType ?? "internal",
          biddingMode: "open", // sealed is a bid-request mode (docs/decisions/005-sealed-purchase-requests.md)
          deadline: new Date(v.deadline),
          approvalRequired: true,
          vendorPreferences: "",
          internalSupplier: "",
          status: v.status ?? "pending",
          categoryId: v.categoryId ?? v.items[0]?.categoryId ?? null,
          items: quickItems(v.items),
        };
      }
      await checkCategories(db, [input.categoryId, ...input.items.map((i) => i.categoryId)]);
      const budgetCents = sumCents(
        input.items.map((i) => ({ quantity: i.quantity, priceCents: i.estimatedPriceCents })),
      );
      checkBudget(budgetCents);
      const id = await db.tx(async (tx) => {
        const requestNumber = await nextDocumentNumber(tx, "PR");
        const id = await q.insertPurchaseRequest(tx, {
          ...input,
          requestNumber,
          budgetCents,
          approvalsRequired: approvalsNeeded(budgetCents, threshold),
          createdBy: me.id,
        });
        await q.insertItems(tx, id, input.items);
        await q.addEvent(tx, { prId: id, actorId: me.id, action: "created", to: input.status });
        await audit(tx, c, {
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
      return c.json(await prOr404(c, id), 201);
    },
  )
  .put(
    "/api/purchase-requests/:id",
    allow("purchase_requests.edit", {
      tags: ["purchase-requests"],
      summary: "Edit title, description, deadline, items; needs the version read",
    }),
    validate("param", idParamSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      let raw: unknown;
      try {
        raw = await c.req.json();
      } catch {
        throw new BadRequest("generic.malformedJson");
      }
      const v = parseWith(quickPurchaseRequestSchema, raw);
      if (!v.version) {
        throw new BadRequest("purchaseRequests.versionRequired", [{ path: "version", message: "version is required" }]);
      }
      const items = quickItems(v.items);
      const { db } = c.get("deps");
      await checkCategories(db, [v.categoryId, ...items.map((i) => i.categoryId)]);
      const budgetCents = sumCents(items.map((i) => ({ quantity: i.quantity, priceCents: i.estimatedPriceCents })));
      checkBudget(budgetCents);
      const threshold = await thresholdCents(db);
      await db.tx(async (tx) => {
        const cur = await q.lockPurchaseRequest(tx, id);
        if (!cur) throw new NotFound("purchaseRequests.notFound");
        if (cur.version !== v.version) throw new Conflict("purchaseRequests.stale");
        if (!canEdit(cur.status as PrStatus)) throw new Conflict("purchaseRequests.cannotEdit", { status: cur.status });
        const itemsChanged = !sameItems(await q.itemSnapshot(tx, id), items);
        // An approved request keeps the items and budget it was approved for (vendors quote on them).
        if (cur.status === "active" && itemsChanged) throw new Conflict("purchaseRequests.approvedItemsLocked");
        await q.updatePurchaseRequest(tx, id, {
          title: v.title.trim(),
          description: v.description.trim(),
          deadline: new Date(v.deadline),
          categoryId: v.categoryId ?? null,
          budgetCents,
          approvalsRequired: approvalsNeeded(budgetCents, threshold),
        });
        if (itemsChanged) await q.replaceItems(tx, id, items);
        // Approvals given before a change of items no longer count: the request starts its approval again.
        const restart = cur.status === "pending" && itemsChanged;
        await q.addEvent(tx, {
          prId: id,
          actorId: c.get("user")!.id,
          action: "updated",
          to: restart ? "pending" : null,
        });
        await audit(tx, c, {
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
      return c.json(await prOr404(c, id));
    },
  )
  .put(
    "/api/purchase-requests/:id/status",
    allow("purchase_requests.edit", {
      tags: ["purchase-requests"],
      summary: "Submit a draft, complete or cancel (approval has its own actions)",
    }),
    validate("param", idParamSchema),
    validate("json", prStatusSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { status, version, comment } = c.req.valid("json");
      await c.get("deps").db.tx(async (tx) => {
        const cur = await q.lockPurchaseRequest(tx, id);
        if (!cur) throw new NotFound("purchaseRequests.notFound");
        if (version !== undefined && cur.version !== version) throw new Conflict("purchaseRequests.stale");
        if (status === "active" || status === "rejected") {
          throw new Conflict("purchaseRequests.useApproveReject");
        }
        if (!canTransition(cur.status as PrStatus, status as PrStatus)) {
          throw new Conflict("purchaseRequests.invalidTransition", { from: cur.status, to: status });
        }
        await q.setStatus(tx, id, status);
        await q.addEvent(tx, {
          prId: id,
          actorId: c.get("user")!.id,
          action: "status_changed",
          from: cur.status,
          to: status,
          comment,
        });
        await audit(tx, c, {
          action: "STATUS_CHANGE",
          entityType: "purchase_request",
          entityId: id,
          metadata: { changes: { status: { from: cur.status, to: status } } },
        });
      });
      return c.json(await prOr404(c, id));
    },
  )
  .post(
    "/api/purchase-requests/:id/approve",
    allow("purchase_requests.approve", {
      tags: ["purchase-requests"],
      summary: "Approve a pending request; above the threshold a cost/finance controller must approve too",
    }),
    validate("param", idParamSchema),
    validate("json", approveSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { comment } = c.req.valid("json");
      const me = c.get("user")!;
      const { db } = c.get("deps");
      const threshold = await thresholdCents(db);
      await db.tx(async (tx) => {
        const cur = await q.lockPurchaseRequest(tx, id);
        if (!cur) throw new NotFound("purchaseRequests.notFound");
        if (cur.status !== "pending") {
          throw new Conflict("purchaseRequests.onlyPendingApprove", { status: cur.status });
        }
        if (cur.createdBy === me.id) throw new Forbidden("purchaseRequests.cannotApproveOwn");
        const given = await q.currentApprovals(tx, id);
        if (given.some((a) => a.actorId === me.id)) throw new Conflict("purchaseRequests.alreadyApproved");
        const stage = me.role === "cost_finance_controller" ? "finance" : "manager";
        const aboveThreshold = approvalsNeeded(toCents(cur.budget) ?? 0, threshold) === 2;
        // Over its budget, finance must approve whatever the threshold (or the policy refuses: 409).
        const { overBudget } = await checkBudgetRule(tx, id);
        const needsFinance = aboveThreshold || overBudget;
        const stages = new Set([...given.map((a) => a.stage), stage]);
        if (needsFinance && given.some((a) => a.stage === stage)) {
          throw new Conflict(
            stage === "finance" ? "purchaseRequests.managerMustApprove" : "purchaseRequests.financeApprovalNeeded",
          );
        }
        const done = aboveThreshold
          ? stages.has("manager") && stages.has("finance")
          : overBudget
          ? stages.has("finance")
          : true;
        await q.addEvent(tx, {
          prId: id,
          actorId: me.id,
          action: "approved",
          stage,
          from: "pending",
          to: done ? "active" : "pending",
          comment,
        });
        if (done) {
          await q.setStatus(tx, id, "active");
          await notifyVendors(tx, c, cur);
        } else {
          await tx.query("update purchase_requests set version = version + 1, updated_at = now() where id = $1", [id]);
        }
        await audit(tx, c, {
          action: "APPROVE",
          entityType: "purchase_request",
          entityId: id,
          metadata: {
            stage,
            comment,
            ...(overBudget ? { overBudget } : {}),
            changes: done ? { status: { from: "pending", to: "active" } } : {},
          },
        });
      });
      return c.json(await prOr404(c, id));
    },
  )
  .post(
    "/api/purchase-requests/:id/reject",
    allow("purchase_requests.reject", {
      tags: ["purchase-requests"],
      summary: "Reject a pending request with a reason",
    }),
    validate("param", idParamSchema),
    validate("json", rejectSchema),
    async (c) => {
      const { id } = c.req.valid("param");
      const { comment } = c.req.valid("json");
      const me = c.get("user")!;
      await c.get("deps").db.tx(async (tx) => {
        const cur = await q.lockPurchaseRequest(tx, id);
        if (!cur) throw new NotFound("purchaseRequests.notFound");
        if (cur.status !== "pending") {
          throw new Conflict("purchaseRequests.onlyPendingReject", { status: cur.status });
        }
        if (cur.createdBy === me.id) throw new Forbidden("purchaseRequests.cannotRejectOwn");
        await q.setStatus(tx, id, "rejected", comment);
        await q.addEvent(tx, {
          prId: id,
          actorId: me.id,
          action: "rejected",
          stage: me.role === "cost_finance_controller" ? "finance" : "manager",
          from: "pending",
          to: "rejected",
          comment,
        });
        await audit(tx, c, {
          action: "REJECT",
          entityType: "purchase_request",
          entityId: id,
          metadata: { comment, changes: { status: { from: "pending", to: "rejected" } } },
        });
      });
      return c.json(await prOr404(c, id));
    },
  );

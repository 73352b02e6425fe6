/**
 * Purchase requests over HTTP: list with filters and stats, details with history, create (full form
 * or quick create), edit, status changes and approval. The rules live in service.ts; vendors never
 * reach this router's lists (they get their opportunities from /api/vendor/matching-prs).
 */
import { Hono } from "hono";
import { allow, roles } from "../../auth/guard.ts";
import { signedInActor } from "../../auth/actor.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { BadRequest } from "../../lib/errors.ts";
import { parseWith } from "../../lib/body.ts";
import { cachedList } from "../../lib/list-cache.ts";
import { validate } from "../../lib/validate.ts";
import { withId, withIdAndJson } from "../../lib/with-id.ts";
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
import * as p from "./payload.ts";
import * as s from "./service.ts";
import * as r from "../../shared/schemas/responses/purchase-requests.ts";
import { historySchema } from "../../shared/schemas/responses/history.ts";
import { z } from "zod";

const STAFF = ["admin", "purchase_team", "procurement_manager", "cost_finance_controller"] as const;

async function jsonBody(c: { req: { json(): Promise<unknown> } }): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new BadRequest("generic.malformedJson");
  }
}

export const purchaseRequestRoutes = new Hono<AppEnv>()
  .get(
    "/api/purchase-requests",
    roles([...STAFF], {
      tags: ["purchase-requests"],
      summary:
        "List with filters; X-Total-Count (exact up to 10,000, then X-Total-Count-Capped: true); deep pages with ?after= from X-Next-Cursor (offset at most 10,000); staff only",
      ok: r.purchaseRequestListSchema,
    }),
    validate("query", prListQuerySchema),
    (c) => {
      const query = c.req.valid("query");
      // Every staff role sees the same rows (no row depends on who asks, nothing on the clock, no
      // sealed content: docs/decisions/017); the role keys the entry all the same, so a rule that
      // made the list depend on it could not hand one role's page to another.
      // The rows come from PostgreSQL as JSON text already (queries.ts LIST_JSON): sent as they are.
      return cachedList(c, c.get("user")!.role, query, () => s.listPurchaseRequests(c.get("deps").db, query));
    },
  )
  .get(
    "/api/purchase-requests/stats",
    roles([...STAFF], {
      tags: ["purchase-requests"],
      summary: "Counts: total, active, pending, completed",
      ok: r.purchaseRequestStatsSchema,
    }),
    async (c) => c.json(await q.prStats(c.get("deps").db)),
  )
  .get(
    "/api/purchase-requests/:id",
    roles([...STAFF], {
      tags: ["purchase-requests"],
      summary: "One request with items and history (vendors use their opportunities)",
      ok: r.purchaseRequestDetailSchema,
    }),
    validate("param", idParamSchema),
    async (c) =>
      c.body(await s.getPurchaseRequestJson(c.get("deps").db, c.req.valid("param").id), 200, {
        "content-type": "application/json",
      }),
  )
  .get(
    "/api/purchase-requests/:id/history",
    roles([...STAFF], {
      tags: ["purchase-requests"],
      summary: "The request's history as readable entries (who, what, when, values that changed), oldest first",
      ok: historySchema,
    }),
    validate("param", idParamSchema),
    async (c) => {
      const { db, secrets } = c.get("deps");
      return c.json(await s.purchaseRequestHistory(db, secrets.sealedBidKey, c.req.valid("param").id));
    },
  )
  .post(
    "/api/purchase-requests",
    allow("purchase_requests.create", {
      tags: ["purchase-requests"],
      summary: "Create from the full form or the quick-create payload",
      ok: r.purchaseRequestDetailSchema,
      status: 201,
      errors: [409],
      body: z.union([fullPurchaseRequestSchema, quickPurchaseRequestSchema]),
    }),
    async (c) => {
      const raw = await jsonBody(c);
      const { db } = c.get("deps");
      const input = isFullPayload(raw)
        ? await p.fromFullForm(db, parseWith(fullPurchaseRequestSchema, raw))
        : p.fromQuickForm(parseWith(quickPurchaseRequestSchema, raw));
      const id = await s.createPurchaseRequest(db, signedInActor(c), input);
      return c.json(await s.getPurchaseRequest(db, id), 201);
    },
  )
  .put(
    "/api/purchase-requests/:id",
    allow("purchase_requests.edit", {
      tags: ["purchase-requests"],
      summary: "Edit title, description, deadline, items; needs the version read",
      ok: r.purchaseRequestDetailSchema,
      errors: [409],
      body: quickPurchaseRequestSchema,
    }),
    ...withId(async (c, id) => {
      const v = parseWith(quickPurchaseRequestSchema, await jsonBody(c));
      const { db } = c.get("deps");
      await s.updatePurchaseRequest(db, signedInActor(c), id, v);
      return c.json(await s.getPurchaseRequest(db, id));
    }),
  )
  .put(
    "/api/purchase-requests/:id/status",
    allow("purchase_requests.edit", {
      tags: ["purchase-requests"],
      summary: "Submit a draft, complete or cancel (approval has its own actions)",
      ok: r.purchaseRequestDetailSchema,
      errors: [409],
    }),
    ...withIdAndJson(prStatusSchema, async (c, id) => {
      const { db } = c.get("deps");
      await s.changeStatus(db, signedInActor(c), id, c.req.valid("json"));
      return c.json(await s.getPurchaseRequest(db, id));
    }),
  )
  .post(
    "/api/purchase-requests/:id/approve",
    allow("purchase_requests.approve", {
      tags: ["purchase-requests"],
      summary: "Approve a pending request; above the threshold a cost/finance controller must approve too",
      ok: r.purchaseRequestDetailSchema,
      errors: [409],
    }),
    ...withIdAndJson(approveSchema, async (c, id) => {
      const { db, config } = c.get("deps");
      const origin = config.publicUrl ?? new URL(c.req.url).origin;
      await s.approve(db, signedInActor(c), id, c.req.valid("json").comment, origin);
      return c.json(await s.getPurchaseRequest(db, id));
    }),
  )
  .post(
    "/api/purchase-requests/:id/reject",
    allow("purchase_requests.reject", {
      tags: ["purchase-requests"],
      summary: "Reject a pending request with a reason",
      ok: r.purchaseRequestDetailSchema,
      errors: [409],
    }),
    ...withIdAndJson(rejectSchema, async (c, id) => {
      const { db } = c.get("deps");
      await s.reject(db, signedInActor(c), id, c.req.valid("json").comment);
      return c.json(await s.getPurchaseRequest(db, id));
    }),
  );

/**
 * Bid requests over HTTP: create (or convert a purchase request), list by tab, details, the status
 * machine (Publish, Close Bidding, ...), and unsealing of sealed bids after close. The rules live in
 * service.ts.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { signedInActor } from "../../auth/actor.ts";
import { allow, roles } from "../../auth/guard.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { validate } from "../../lib/validate.ts";
import { withId, withIdAndJson } from "../../lib/with-id.ts";
import { pageStart, setPageHeaders } from "../../lib/list-page.ts";
import { fromCents } from "../../shared/money.ts";
import { BID_GROUPS } from "../../shared/status/bid-request.ts";
import {
  bidCandidateQuerySchema,
  bidListQuerySchema,
  bidRequestSchema,
  bidStatusSchema,
} from "../../shared/schemas/bids.ts";
import { idParamSchema } from "../../shared/schemas/users.ts";
import { approvalThresholdCents } from "../../lib/approval-policy.ts";
import * as q from "./queries.ts";
import * as s from "./service.ts";
import * as r from "../../shared/schemas/responses/bids.ts";
import { historySchema } from "../../shared/schemas/responses/history.ts";

const STAFF = ["admin", "purchase_team", "procurement_manager", "cost_finance_controller"] as const;

/** For a sealed bid that is not unsealed, staff see the number of submissions and nothing else about them. */
export async function bidOr404(c: Context<AppEnv>, id: number) {
  return await s.getBid(c.get("deps").db, id);
}

export const bidRoutes = new Hono<AppEnv>()
  .get(
    "/api/bid-requests",
    roles([...STAFF], {
      tags: ["bids"],
      summary:
        "Bid requests by tab (group=active|drafts|completed), newest first, each with its item count and first three items (the details carry every item); X-Total-Count (exact up to 10,000, then X-Total-Count-Capped), deep pages with ?after= from X-Next-Cursor (offset at most 10,000)",
      ok: r.bidRequestListSchema,
    }),
    validate("query", bidListQuerySchema),
    async (c) => {
      const { group, status, limit, ...rest } = c.req.valid("query");
      const statuses = status ? [status] : group ? [...BID_GROUPS[group]] : null;
      const page = await q.listBids(c.get("deps").db, { statuses, limit, ...pageStart(rest) });
      setPageHeaders(c, page);
      // The rows come from PostgreSQL as JSON text already (queries.ts LIST_JSON): sent as they are.
      return c.body(page.body, 200, { "content-type": "application/json" });
    },
  )
  .get(
    "/api/bid-requests/stats",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "Summary cards: active, drafts, completed, total value",
      ok: r.bidStatsSchema,
    }),
    async (c) => c.json(await q.bidStats(c.get("deps").db)),
  )
  .get(
    "/api/bid-requests/approval-rule",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "The approval threshold: a new bid estimated above it needs a manager's and a finance approval",
      ok: r.approvalRuleSchema,
    }),
    async (c) => c.json({ threshold: fromCents(await approvalThresholdCents(c.get("deps").db)) }),
  )
  .get(
    "/api/bid-requests/candidates",
    roles([...STAFF], {
      tags: ["bids"],
      summary:
        "Purchase requests a bid request can be made from (active, bid_required, without a bid request that is not cancelled), newest first, 50 a page; q searches the number and title; next page with ?after= from X-Next-Cursor",
      ok: r.bidCandidateListSchema,
    }),
    validate("query", bidCandidateQuerySchema),
    async (c) => {
      const { q: text, limit, after } = c.req.valid("query");
      const start = pageStart({ after, offset: 0 });
      const page = await q.bidCandidates(c.get("deps").db, { q: text?.trim() || undefined, limit, after: start.after });
      if (page.next) c.header("X-Next-Cursor", page.next);
      return c.json(page.items);
    },
  )
  .get(
    "/api/bid-requests/:id",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "One bid request with items and the number of submissions",
      ok: r.bidRequestResponseSchema,
    }),
    validate("param", idParamSchema),
    async (c) => c.json(await bidOr404(c, c.req.valid("param").id)),
  )
  .get(
    "/api/bid-requests/:id/history",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "The bid's history as readable entries, oldest first (nothing a sealed bid hides)",
      ok: historySchema,
    }),
    validate("param", idParamSchema),
    async (c) => {
      const { db, secrets } = c.get("deps");
      return c.json(await s.bidAuditHistory(db, secrets.sealedBidKey, c.req.valid("param").id));
    },
  )
  .post(
    "/api/bid-requests",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "Create a bid request (published unless status 'draft'); purchaseRequestId converts that request",
      ok: r.bidRequestResponseSchema,
      status: 201,
      errors: [404, 409], // 404: the purchase request to convert does not exist
    }),
    validate("json", bidRequestSchema),
    async (c) => {
      const id = await s.createBid(c.get("deps").db, signedInActor(c), c.req.valid("json"));
      return c.json(await bidOr404(c, id), 201);
    },
  )
  .patch(
    "/api/bid-requests/:id/status",
    allow("sealed_bidding.manage", {
      tags: ["bids"],
      summary: "Move a bid request along its status machine (Publish, Close Bidding, ...)",
      ok: r.bidRequestResponseSchema,
      errors: [409],
    }),
    ...withIdAndJson(bidStatusSchema, async (c, id) => {
      const { status, reason } = c.req.valid("json");
      const { db, secrets } = c.get("deps");
      await s.changeStatus(db, signedInActor(c), id, status, reason, secrets.sealedBidKey);
      return c.json(await bidOr404(c, id));
    }),
  )
  .post(
    "/api/bid-requests/:id/unseal",
    allow("sealed_bidding.unseal", {
      tags: ["bids"],
      summary: "Unseal a sealed bid's quotations after bidding closed (audited)",
      ok: r.bidRequestResponseSchema,
      errors: [409],
    }),
    ...withId(async (c, id) => {
      const { db, secrets, objectStore } = c.get("deps");
      await s.unseal(db, signedInActor(c), { sealedBidKey: secrets.sealedBidKey, objectStore }, id);
      return c.json(await bidOr404(c, id));
    }),
  );

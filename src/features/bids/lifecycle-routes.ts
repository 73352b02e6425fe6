/**
 * A bid request's life after creation over HTTP: Edit of a draft, an amendment of a published or
 * open bid, and approval before publishing. The rules live in lifecycle.ts.
 */
import { Hono } from "hono";
import { signedInActor } from "../../auth/actor.ts";
import { allow, roles } from "../../auth/guard.ts";
import { parseWith } from "../../lib/body.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { withIdAndJson } from "../../lib/with-id.ts";
import { bidRequestSchema } from "../../shared/schemas/bids.ts";
import {
  bidAmendmentSchema,
  bidApproveSchema,
  bidRejectSchema,
  bidVersionSchema,
} from "../../shared/schemas/bid-edit.ts";
import * as l from "./lifecycle.ts";
import { bidOr404 } from "./routes.ts";
import * as r from "../../shared/schemas/responses/bids.ts";

const STAFF = ["admin", "purchase_team", "procurement_manager", "cost_finance_controller"] as const;

export const bidLifecycleRoutes = new Hono<AppEnv>()
  .put(
    "/api/bid-requests/:id",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "Edit a draft bid request: everything, with the version read (409 once submitted or published)",
      ok: r.bidRequestResponseSchema,
      errors: [409],
    }),
    ...withIdAndJson(bidRequestSchema, async (c, id) => {
      const actor = signedInActor(c);
      l.mayEdit(actor); // before the version is read: 403 comes first
      const { version } = parseWith(bidVersionSchema, await c.req.json());
      await l.editDraft(c.get("deps").db, actor, id, c.req.valid("json"), version);
      return c.json(await bidOr404(c, id));
    }),
  )
  .post(
    "/api/bid-requests/:id/amendments",
    roles([...STAFF], {
      tags: ["bids"],
      summary: "Amend a published or open bid: extend the deadline, add a clarification (announced to vendors)",
      ok: r.bidRequestResponseSchema,
      errors: [409],
    }),
    ...withIdAndJson(bidAmendmentSchema, async (c, id) => {
      const { db, secrets } = c.get("deps");
      await l.amend(db, signedInActor(c), id, c.req.valid("json"), secrets.sealedBidKey);
      return c.json(await bidOr404(c, id));
    }),
  )
  .post(
    "/api/bid-requests/:id/approve",
    allow("purchase_requests.approve", {
      tags: ["bids"],
      summary: "Approve a bid pending approval; the last approval (manager and finance) publishes it",
      ok: r.bidRequestResponseSchema,
      errors: [409],
    }),
    ...withIdAndJson(bidApproveSchema, async (c, id) => {
      await l.approve(c.get("deps").db, signedInActor(c), id, c.req.valid("json").comment);
      return c.json(await bidOr404(c, id));
    }),
  )
  .post(
    "/api/bid-requests/:id/reject",
    allow("purchase_requests.reject", {
      tags: ["bids"],
      summary: "Reject a bid pending approval with a reason: it returns to draft",
      ok: r.bidRequestResponseSchema,
      errors: [409],
    }),
    ...withIdAndJson(bidRejectSchema, async (c, id) => {
      await l.reject(c.get("deps").db, signedInActor(c), id, c.req.valid("json").comment);
      return c.json(await bidOr404(c, id));
    }),
  );

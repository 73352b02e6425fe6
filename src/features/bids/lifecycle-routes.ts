/**
 * A bid request's life after creation over HTTP: Edit of a draft, an amendment of a published or
 * open bid, and approval before publishing. The rules live in lifecycle.ts.
 */
import { Hono } from "hono";
import type { z } from "zod";
import { type Actor, signedInActor } from "../../auth/actor.ts";
import type { Db } from "../../db/types.ts";
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

/** Every route here answers the bid as it now is, or 409 when its status does not allow the change. */
const bidDoc = (summary: string) => ({
  tags: ["bids"],
  summary,
  ok: r.bidRequestResponseSchema,
  errors: [409 as const],
});

/** Approving or rejecting a bid pending approval: the permission's guard, the comment, the bid as it now is. */
function decisionRoute<S extends typeof bidApproveSchema | typeof bidRejectSchema>(
  permission: "purchase_requests.approve" | "purchase_requests.reject",
  summary: string,
  schema: S,
  decide: (db: Db, actor: Actor, id: number, comment: z.output<S>["comment"]) => Promise<void>,
) {
  return [
    allow(permission, bidDoc(summary)),
    ...withIdAndJson(schema, async (c, id) => {
      // The validator's output, which the generic context does not narrow.
      const { comment } = c.req.valid("json") as z.output<S>;
      await decide(c.get("deps").db, signedInActor(c), id, comment);
      return c.json(await bidOr404(c, id));
    }),
  ] as const;
}

export const bidLifecycleRoutes = new Hono<AppEnv>()
  .put(
    "/api/bid-requests/:id",
    roles(
      [...STAFF],
      bidDoc("Edit a draft bid request: everything, with the version read (409 once submitted or published)"),
    ),
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
    roles(
      [...STAFF],
      bidDoc("Amend a published or open bid: extend the deadline, add a clarification (announced to vendors)"),
    ),
    ...withIdAndJson(bidAmendmentSchema, async (c, id) => {
      const { db, secrets } = c.get("deps");
      await l.amend(db, signedInActor(c), id, c.req.valid("json"), secrets.sealedBidKey);
      return c.json(await bidOr404(c, id));
    }),
  )
  .post(
    "/api/bid-requests/:id/approve",
    ...decisionRoute(
      "purchase_requests.approve",
      "Approve a bid pending approval; the last approval (manager and finance) publishes it",
      bidApproveSchema,
      l.approve,
    ),
  )
  .post(
    "/api/bid-requests/:id/reject",
    ...decisionRoute(
      "purchase_requests.reject",
      "Reject a bid pending approval with a reason: it returns to draft",
      bidRejectSchema,
      l.reject,
    ),
  );

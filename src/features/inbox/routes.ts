/**
 * The work inbox of the signed-in user (GET /api/inbox): every role has one (dashboard.view), each
 * with the kinds its permissions allow (service.ts). The sidebar's badges read the same answer.
 */
import { Hono } from "hono";
import { allow } from "../../auth/guard.ts";
import { conforming } from "../../lib/api-contract.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { myBidderTags } from "../../sealing/bidder.ts";
import { inboxSchema } from "../../shared/schemas/responses/inbox.ts";
import * as service from "./service.ts";

export const inboxRoutes = new Hono<AppEnv>()
  .get(
    "/api/inbox",
    allow("dashboard.view", {
      tags: ["inbox"],
      summary: "What waits for me: approvals, bids, orders, deliveries, opportunities, applications; counts per kind",
      ok: inboxSchema,
    }),
    async (c) => {
      const { db, secrets } = c.get("deps");
      const user = c.get("user")!;
      const answer = await service.inbox(db, {
        id: user.id,
        role: user.role,
        bidderTags: () => myBidderTags(db, secrets.sealedBidKey, user.id, { currentOnly: true }),
      });
      c.header("Cache-Control", "no-store");
      return c.json(conforming(inboxSchema, answer));
    },
  );

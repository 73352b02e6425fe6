/** The admin's view of every email the product sent or kept (demo mode has no provider). */
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../../auth/guard.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { validate } from "../../lib/validate.ts";
import { listOutbox } from "../../notify/outbox.ts";

const querySchema = z.object({
  status: z.enum(["pending", "sending", "sent", "failed", "logged"]).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const outboxRoutes = new Hono<AppEnv>().get(
  "/api/admin/outbox",
  allow("notifications.view", {
    tags: ["notifications"],
    summary: "Outgoing messages: recipient, subject, body, status, attempts",
  }),
  validate("query", querySchema),
  async (c) => {
    const { items, total } = await listOutbox(c.get("deps").db, c.req.valid("query"));
    c.header("X-Total-Count", String(total));
    return c.json(items);
  },
);

/**
 * The admin's view of every email the product sent or kept (demo mode has no provider): status,
 * attempts, the last error and the next attempt; a failed email can be resent.
 */
import { Hono } from "hono";
import { z } from "zod";
import { allow } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { Conflict, NotFound } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { withId } from "../../lib/with-id.ts";
import { getOutboxMessage, listOutbox, resendEmail, revealBody } from "../../notify/outbox.ts";
import { outboxBody } from "../../notify/queries.ts";
import * as r from "../../shared/schemas/responses/admin.ts";

const querySchema = z.object({
  status: z.enum(["pending", "sending", "sent", "failed", "logged"]).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
  offset: z.coerce.number().int().min(0).default(0),
});

export const outboxRoutes = new Hono<AppEnv>()
  .get(
    "/api/admin/outbox",
    allow("notifications.view", {
      tags: ["notifications"],
      summary: "Outgoing messages: recipient, subject, body, status, attempts, last error, next attempt",
      ok: r.outboxListSchema,
    }),
    validate("query", querySchema),
    async (c) => {
      const { items, total } = await listOutbox(c.get("deps").db, c.req.valid("query"));
      c.header("X-Total-Count", String(total));
      return c.json(items);
    },
  )
  .post(
    "/api/admin/outbox/:id/resend",
    allow("notifications.view", {
      tags: ["notifications"],
      summary: "Resend a failed message: back in the queue for a fresh round of attempts (audited)",
      ok: r.outboxMessageSchema,
      errors: [409],
    }),
    ...withId(async (c, id) => {
      const { db } = c.get("deps");
      await db.tx(async (tx) => {
        const row = await resendEmail(tx, id);
        if (!row) throw new NotFound("notify.messageNotFound");
        if (row.before !== "failed") throw new Conflict("notify.notFailed", { status: row.before });
        await audit(tx, c, {
          action: "STATUS_CHANGE",
          entityType: "email",
          entityId: id,
          metadata: { resend: true, recipient: row.recipient, changes: { status: { from: "failed", to: "pending" } } },
        });
      });
      // The worker (polling every few seconds) picks it up on its next round.
      return c.json(await getOutboxMessage(db, id));
    }),
  )
  .post(
    "/api/admin/outbox/:id/reveal",
    allow("notifications.view", {
      tags: ["notifications"],
      summary:
        "The message as it is sent, with its one-time link (kept hidden in the outbox): for handing the link over when no email provider is set up (audited)",
      ok: r.outboxRevealSchema,
    }),
    ...withId(async (c, id) => {
      const { db, secrets } = c.get("deps");
      const row = await outboxBody(db, id);
      if (!row) throw new NotFound("notify.messageNotFound");
      const body = await revealBody(row.body, row.hidden, secrets.keyFor("outbox-links"));
      if (row.hidden) {
        await db.tx((tx) =>
          audit(tx, c, { action: "REVEAL", entityType: "email", entityId: id, metadata: { recipient: row.recipient } })
        );
      }
      c.header("Cache-Control", "no-store");
      return c.json({ id, body });
    }),
  );

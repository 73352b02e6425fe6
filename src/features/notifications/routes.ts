/**
 * The notification centre of the signed-in user: the list with its unread count, marking read, and
 * the live stream (server-sent events, each with `id:` = the notification's id, so a reconnecting
 * EventSource resumes with Last-Event-ID and misses nothing: docs/decisions/030-notifications.md).
 */
import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { signedIn } from "../../auth/guard.ts";
import { sessionStillValid } from "../../auth/session.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { validate } from "../../lib/validate.ts";
import * as s from "../../shared/schemas/notifications.ts";
import { followNotifications, listNotifications, markAllRead, markRead, streamStart } from "./service.ts";

/** A comment line this often keeps proxies from closing an idle stream and checks the session. */
export const HEARTBEAT_MS = 25_000;
/** A stream ends after this long; the browser reconnects at once with Last-Event-ID. */
const STREAM_MAX_MS = 30 * 60_000;

/** The Last-Event-ID header (a reconnecting EventSource sends it), when it is an id this API gave out. */
function lastEventId(header: string | undefined): number | undefined {
  return header && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined;
}

export const notificationRoutes = new Hono<AppEnv>()
  .get(
    "/api/notifications",
    signedIn({
      tags: ["notifications"],
      summary:
        "Your notifications, newest first, a page at a time (next page: ?before= the answer's next), with the unread count",
      ok: s.notificationPageSchema,
    }),
    validate("query", s.notificationListQuerySchema),
    async (c) => {
      const { limit, before } = c.req.valid("query");
      return c.json(await listNotifications(c.get("deps").db, c.get("user")!.id, { limit, before }));
    },
  )
  .get(
    "/api/notifications/stream",
    signedIn({
      tags: ["notifications"],
      summary:
        "Your new notifications as server-sent events (`notification`, id = the notification's id); resumes after Last-Event-ID (or ?after=), a comment every 25 s, ends with the session",
      ok: { media: "text/event-stream", description: "`notification` events carrying a notification as JSON" },
    }),
    validate("query", s.streamQuerySchema),
    async (c) => {
      const { db, logger } = c.get("deps");
      const me = c.get("user")!.id;
      const after = await streamStart(db, me, lastEventId(c.req.header("last-event-id")) ?? c.req.valid("query").after);
      return streamSSE(c, async (stream) => {
        const gone = new AbortController();
        stream.onAbort(() => gone.abort());
        c.req.raw.signal.addEventListener("abort", () => gone.abort());
        // The browser waits this long before reconnecting after the stream ends.
        await stream.writeSSE({ event: "ready", data: String(after), retry: 2_000 });
        try {
          const steps = followNotifications(db, me, after, {
            signal: gone.signal,
            heartbeatMs: HEARTBEAT_MS,
            maxMs: STREAM_MAX_MS,
            stillSignedIn: () => sessionStillValid(c),
          });
          for await (const step of steps) {
            if ("heartbeat" in step) await stream.write(": heartbeat\n\n");
            else {
              for (const row of step.rows) {
                await stream.writeSSE({ event: "notification", id: String(row.id), data: JSON.stringify(row) });
              }
            }
          }
        } catch (e) {
          // The database went away mid-stream: end it; the browser reconnects and resumes.
          logger.warn("notification stream ended", { error: String(e) });
        }
      });
    },
  )
  .post(
    "/api/notifications/read-all",
    signedIn({
      tags: ["notifications"],
      summary: "Mark all your notifications read (only up to ?upTo= when given: what you saw)",
      ok: s.readAllResultSchema,
    }),
    validate("query", s.readAllQuerySchema),
    async (c) => c.json(await markAllRead(c.get("deps").db, c.get("user")!.id, c.req.valid("query").upTo)),
  )
  .post(
    "/api/notifications/:id/read",
    signedIn({
      tags: ["notifications"],
      summary: "Mark one of your notifications read (another user's answers 404)",
      ok: s.unreadSchema,
      errors: [404],
    }),
    validate("param", s.notificationIdParamSchema),
    async (c) => c.json(await markRead(c.get("deps").db, c.get("user")!.id, c.req.valid("param").id)),
  );

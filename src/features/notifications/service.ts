/**
 * The signed-in user's notifications: a page of them with the unread count, marking read, and
 * following them live (docs/decisions/030-notifications.md). Every call names the user; no row of
 * another user is ever read or changed (another's id answers 404, as a missing one does).
 */
import type { Db } from "../../db/types.ts";
import { NotFound } from "../../lib/errors.ts";
import { liveNotifications } from "../../notify/live.ts";
import type { NotificationView } from "../../shared/notifications.ts";
import * as q from "./queries.ts";

export async function listNotifications(db: Db, userId: number, page: { limit: number; before?: number }) {
  const [items, unread] = await Promise.all([
    q.listPage(db, userId, page.limit + 1, page.before),
    q.unreadCount(db, userId),
  ]);
  const more = items.length > page.limit;
  if (more) items.pop();
  return { items, unread, next: more ? items[items.length - 1].id : null };
}

export async function markRead(db: Db, userId: number, id: number) {
  if (!await q.markRead(db, userId, id)) throw new NotFound("notificationCentre.notFound");
  return { unread: await q.unreadCount(db, userId) };
}

export async function markAllRead(db: Db, userId: number, upTo?: number) {
  const marked = await q.markAllRead(db, userId, upTo);
  return { marked, unread: await q.unreadCount(db, userId) };
}

/** Where a stream starts: after the client's last event id, else after the newest row (nothing old replayed). */
export async function streamStart(db: Db, userId: number, lastEventId: number | undefined) {
  return lastEventId ?? await q.lastId(db, userId);
}

export type StreamStep = { rows: NotificationView[] } | { heartbeat: true };

const BATCH = 100;
/** While the listener is down (or absent), a stream reads this often instead. */
const POLL_MS = 5_000;

/**
 * The user's rows after `after`, in order, as they are written on any instance, until `signal`
 * aborts, `maxMs` passes (the client reconnects with Last-Event-ID) or `stillSignedIn` says no at
 * a heartbeat. It follows before it reads, so a row committed in between is read, never missed.
 */
export async function* followNotifications(
  db: Db,
  userId: number,
  after: number,
  opts: { signal: AbortSignal; heartbeatMs: number; maxMs: number; stillSignedIn: () => Promise<boolean> },
): AsyncGenerator<StreamStep> {
  const { signal } = opts;
  let last = after;
  let woken = true;
  let ring: (() => void) | undefined;
  const wake = () => {
    woken = true;
    ring?.();
  };
  const hub = liveNotifications(db);
  const unfollow = hub.follow(userId, wake);
  signal.addEventListener("abort", wake);
  const until = Date.now() + opts.maxMs;
  let beat = Date.now() + opts.heartbeatMs;
  try {
    while (!signal.aborted && !hub.draining && Date.now() < until) {
      while (woken && !signal.aborted) {
        woken = false;
        const rows = await q.newer(db, userId, last, BATCH);
        if (rows.length) {
          last = rows[rows.length - 1].id;
          yield { rows };
        }
        if (rows.length === BATCH) woken = true;
      }
      const wait = Math.max(0, Math.min(beat, until) - Date.now(), 0);
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          ring = undefined;
          resolve();
        };
        const timer = setTimeout(done, hub.listening ? wait : Math.min(wait, POLL_MS));
        ring = done;
        if (woken || signal.aborted) done();
      });
      if (!hub.listening) woken = true;
      if (!signal.aborted && Date.now() >= beat) {
        if (!await opts.stillSignedIn()) return;
        beat = Date.now() + opts.heartbeatMs;
        yield { heartbeat: true };
      }
    }
  } finally {
    unfollow();
    signal.removeEventListener("abort", wake);
  }
}

/**
 * Live delivery of in-app notifications inside one instance: one LISTEN on the channel the
 * notifications table's trigger notifies (sql/0037) per database, whose payload is the recipient's
 * id, fanned out to that user's open streams. A stream wakes and reads its rows after the last id it
 * sent, so a notification raised on any instance reaches a browser connected to any other.
 * Without a listener (never the case with postgres.js or PGlite) streams poll.
 */
import type { Db } from "../db/types.ts";

export const NOTIFICATIONS_CHANNEL = "notifications";

/** What a stream is told: something new for its user (or the listener is back: maybe missed something). */
export type Wake = () => void;

class LiveNotifications {
  private readonly followers = new Map<number, Set<Wake>>();
  private stop?: () => void;
  /** Whether notifications arrive; while not, streams poll. */
  listening = false;
  /** The instance is stopping: every stream ends, so the server's shutdown does not wait for them. */
  draining = false;

  constructor(private readonly db: Db) {}

  follow(userId: number, wake: Wake): () => void {
    this.start();
    let set = this.followers.get(userId);
    if (!set) this.followers.set(userId, set = new Set());
    set.add(wake);
    return () => {
      set.delete(wake);
      if (!set.size) this.followers.delete(userId);
      if (!this.followers.size) this.halt();
    };
  }

  /** Ends every stream (their browsers reconnect, to another instance behind the load balancer). */
  drain() {
    this.draining = true;
    for (const set of this.followers.values()) for (const wake of set) wake();
  }

  private start() {
    if (this.stop || !this.db.listen) return;
    this.stop = this.db.listen(NOTIFICATIONS_CHANNEL, {
      notify: (payload) => {
        for (const wake of this.followers.get(Number(payload)) ?? []) wake();
      },
      // Back after a lost connection: what was notified meanwhile was missed, so every stream reads.
      up: () => {
        this.listening = true;
        for (const set of this.followers.values()) for (const wake of set) wake();
      },
      down: () => {
        this.listening = false;
      },
    });
  }

  private halt() {
    this.stop?.();
    this.stop = undefined;
    this.listening = false;
  }
}

const hubs = new WeakMap<Db, LiveNotifications>();

/** The one follower of `db`'s notifications channel in this process. */
export function liveNotifications(db: Db): LiveNotifications {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, hub = new LiveNotifications(db));
  return hub;
}

/**
 * NOTIFY followers over one dedicated PostgreSQL connection (src/lib/list-cache.ts relies on it).
 * postgres.js's own `sql.listen` re-listens after a lost connection, but says nothing while the
 * connection is down and gives up for good when the first re-LISTEN fails (the server still down):
 * a cache following it would keep serving answers while changes go unseen. This one tells its
 * followers `down` as soon as the connection closes, retries the LISTEN with a growing pause, and
 * tells them `up` once it is listening again.
 */
import postgres from "postgres";
import type { ChangeHandlers } from "./types.ts";

const RETRY_FIRST_MS = 200;
const RETRY_MAX_MS = 5_000;

export interface Listener {
  listen(channel: string, handlers: ChangeHandlers): () => void;
  close(): Promise<void>;
}

export function openListener(url: string, options: postgres.Options<Record<string, postgres.PostgresType>>): Listener {
  const followers = new Map<string, Set<ChangeHandlers>>();
  let listening = new Set<string>();
  let closed = false;
  let retryMs = RETRY_FIRST_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sql: postgres.Sql | undefined;

  const each = (fn: (h: ChangeHandlers) => void, channels: Iterable<string> = followers.keys()) => {
    for (const ch of channels) for (const h of followers.get(ch) ?? []) fn(h);
  };
  const connection = () =>
    sql ??= postgres(url, {
      ...options,
      max: 1,
      // Never closed for idleness or age, as postgres.js's own listen (its types know neither null
      // here nor onnotify/onclose, which its listen uses too).
      idle_timeout: null,
      max_lifetime: null,
      fetch_types: false,
      onnotify: (channel: string, payload: string) => each((h) => h.notify(payload), [channel]),
      onclose: () => lost(),
    } as never);
  const quoted = (ch: string) => `"${ch.replace(/"/g, '""')}"`;

  function lost() {
    if (closed) return;
    const were = listening;
    listening = new Set();
    each((h) => h.down(), were);
    schedule();
  }

  function schedule() {
    if (closed || timer !== undefined) return;
    timer = setTimeout(() => {
      timer = undefined;
      void relisten();
    }, retryMs);
    retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
  }

  async function relisten() {
    for (const ch of followers.keys()) {
      if (closed || listening.has(ch)) continue;
      try {
        await connection().unsafe(`listen ${quoted(ch)}`);
      } catch {
        schedule();
        return;
      }
      listening.add(ch);
      retryMs = RETRY_FIRST_MS;
      each((h) => h.up(), [ch]);
    }
  }

  return {
    listen(channel, handlers) {
      let set = followers.get(channel);
      if (!set) followers.set(channel, set = new Set());
      set.add(handlers);
      if (listening.has(channel)) handlers.up();
      else void relisten();
      return () => {
        set.delete(handlers);
      };
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      await sql?.end({ timeout: 5 });
    },
  };
}

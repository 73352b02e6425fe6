/**
 * Whole list answers kept in the app (at 100,000 purchase requests PostgreSQL spent
 * ~2,200 µs of CPU building each page's JSON, capping the closed loop near 700 req/s on two cores).
 * docs/decisions/017-list-answer-cache.md says why it is correct and what its bound is:
 * - an answer is only kept or served while this instance LISTENs to the database's change channel
 *   (`live`); every notification (sent at commit by the statement triggers of sql/0030), every
 *   (re)LISTEN and every change request through this instance drops every entry (`invalidate`);
 * - an answer whose query started before the latest invalidation is not kept (`ticket` / `put`): it
 *   may have read rows a commit has changed since;
 * - each entry expires at its own instant (the earliest moment its content could change by time
 *   alone) and at the latest after `ttlMs`, a backstop for a lost connection the app cannot see;
 * - at most `maxEntries` entries and `maxBytes` bytes of bodies, least recently used out first.
 */
import type { Context } from "hono";
import type { Total } from "../db/paging.ts";
import type { AppEnv } from "./deps.ts";
import { pageHeaders } from "./list-page.ts";

/** One cached answer: the body as sent and the headers that go with it (content type, totals, cursor). */
export interface CachedAnswer {
  body: Uint8Array;
  headers: Record<string, string>;
}

interface Entry {
  answer: CachedAnswer;
  /** Clock time (ms) from which the entry is no longer served. */
  until: number;
}

/** Default bounds: a few hundred pages of 50 rows (about 40 KB each) fit in the bytes. */
export const LIST_CACHE_MAX_BYTES = 32 * 1024 * 1024;
export const LIST_CACHE_TTL_MS = 30_000;

export class ListCache {
  #entries = new Map<string, Entry>();
  #bytes = 0;
  #generation = 0;
  #live = false;

  constructor(
    readonly maxEntries: number,
    readonly maxBytes = LIST_CACHE_MAX_BYTES,
    readonly ttlMs = LIST_CACHE_TTL_MS,
    /** Milliseconds on the clock the entries' instants are given in (tests pass their own). */
    readonly now: () => number = Date.now,
  ) {}

  /** Off (LIST_CACHE_ENTRIES=0): nothing is kept, every request builds its answer. */
  get enabled(): boolean {
    return this.maxEntries > 0;
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Whether change notifications are being received (entries are only kept and served then). */
  get live(): boolean {
    return this.#live;
  }

  get(key: string): CachedAnswer | undefined {
    if (!this.#live) return undefined;
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    this.#entries.delete(key);
    if (hit.until <= this.now()) {
      this.#bytes -= hit.answer.body.byteLength;
      return undefined;
    }
    // Most recently used last: eviction takes from the front.
    this.#entries.set(key, hit);
    return hit.answer;
  }

  /** Taken before the answer's query starts; `put` keeps the answer only if nothing changed since. */
  ticket(): number {
    return this.#generation;
  }

  /**
   * Keeps `answer` under `key` unless an invalidation happened after `ticket` was taken, the cache
   * is off or not live, or the body alone exceeds a quarter of the byte bound. `expiresAt` (clock
   * ms): the instant the content would change by time alone, if any. Returns whether it was kept.
   */
  put(ticket: number, key: string, answer: CachedAnswer, expiresAt?: number): boolean {
    if (!this.enabled || !this.#live || ticket !== this.#generation) return false;
    const size = answer.body.byteLength;
    if (size > this.maxBytes / 4) return false;
    const until = Math.min(this.now() + this.ttlMs, expiresAt ?? Infinity);
    if (until <= this.now()) return false;
    this.#drop(key);
    while (this.#entries.size >= this.maxEntries || this.#bytes + size > this.maxBytes) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#drop(oldest.value);
    }
    this.#entries.set(key, { answer, until });
    this.#bytes += size;
    return true;
  }

  /** A committed change (or one about to be answered by this instance): nothing kept before it is served. */
  invalidate(): void {
    this.#generation++;
    this.#entries.clear();
    this.#bytes = 0;
  }

  /** The change channel is listened to (again: notifications may have been missed) or lost. */
  setLive(live: boolean): void {
    this.#live = live;
    this.invalidate();
  }

  #drop(key: string) {
    const old = this.#entries.get(key);
    if (!old) return;
    this.#entries.delete(key);
    this.#bytes -= old.answer.body.byteLength;
  }
}

/** The channel sql/0030's triggers notify on every statement that can change the purchase request list. */
export const PURCHASE_REQUEST_LIST_CHANNEL = "purchase_request_list";

const utf8 = new TextEncoder();

/**
 * A list route's answer through this instance's cache: `scope` is everything about the caller the
 * page depends on (the caller's role at least), `query` the validated query (zod's output: defaults
 * filled in, keys in the schema's order, so two spellings of one request share an entry), `build`
 * the page as JSON text with its totals. Only 200 answers are kept; a refusal (400, 403) is thrown
 * before anything is kept.
 */
export async function cachedList(
  c: Context<AppEnv>,
  scope: string,
  query: unknown,
  build: () => Promise<Total & { body: string; next?: string }>,
): Promise<Response> {
  const cache = c.get("listCache");
  const key = `${scope}\0${c.req.path}\0${JSON.stringify(query)}`;
  const hit = cache.get(key);
  if (hit) return c.body(hit.body as Uint8Array<ArrayBuffer>, 200, hit.headers);
  const ticket = cache.ticket();
  const page = await build();
  const answer = {
    body: utf8.encode(page.body),
    headers: { "content-type": "application/json", ...pageHeaders(page) },
  };
  cache.put(ticket, key, answer);
  return c.body(answer.body as Uint8Array<ArrayBuffer>, 200, answer.headers);
}

/**
 * A very short-lived cache of the signed-in user's row, so a read request does not pay a database
 * round trip just to learn who is asking. Exactness is kept where it matters:
 * - any state-changing request handled by this instance clears the whole cache before the next
 *   request (deactivation, role or password changes take effect on the very next request here);
 * - on other instances, PostgreSQL's notification of the change (channel `session_users`, sent at
 *   commit by sql/0033's triggers) clears the cache; while that channel is not listened to (starting,
 *   or its connection lost) nothing is served from the cache; and a kept row lives at most `ttlMs`
 *   (2 s by default) in any case.
 * `ttlMs` 0 turns it off (tests that change users with SQL behind the API's back).
 * See docs/decisions/004-session-user-cache.md.
 */
import type { SessionUserRow } from "./queries.ts";

export interface TokenClaims {
  sub?: string;
  tv?: unknown;
  sid?: unknown;
  iat?: number;
  exp?: number;
}

export class SessionCache {
  /** Keyed by user id and session id: a row also says whether that session was signed out. */
  #rows = new Map<string, { row: SessionUserRow; until: number }>();
  /** Cookies whose signature was already checked: the same string verifies the same way until it expires. */
  #tokens = new Map<string, TokenClaims>();
  /** False while changes made on other instances might go unheard (set by the app's listener). */
  #live = true;
  constructor(readonly ttlMs: number, readonly maxEntries = 10_000) {}

  /** Whether the change notifications are heard; rows kept while they were not are dropped. */
  setLive(live: boolean) {
    this.#live = live;
    this.#rows.clear();
  }

  get(id: number, sid: string): SessionUserRow | undefined {
    if (!this.#live) return undefined;
    const hit = this.#rows.get(`${id}:${sid}`);
    if (!hit) return undefined;
    if (hit.until <= performance.now()) {
      this.#rows.delete(`${id}:${sid}`);
      return undefined;
    }
    return hit.row;
  }

  set(id: number, sid: string, row: SessionUserRow) {
    if (this.ttlMs <= 0) return;
    if (this.#rows.size >= this.maxEntries) this.#rows.clear();
    this.#rows.set(`${id}:${sid}`, { row, until: performance.now() + this.ttlMs });
  }

  clear() {
    this.#rows.clear();
  }

  verifiedToken(token: string): TokenClaims | undefined {
    const claims = this.#tokens.get(token);
    if (claims && (claims.exp ?? 0) * 1000 <= Date.now()) {
      this.#tokens.delete(token);
      return undefined;
    }
    return claims;
  }

  rememberToken(token: string, claims: TokenClaims) {
    if (this.ttlMs <= 0) return;
    if (this.#tokens.size >= this.maxEntries) this.#tokens.clear();
    this.#tokens.set(token, claims);
  }

  get size() {
    return this.#rows.size;
  }
}

/**
 * A very short-lived cache of the signed-in user's row, so a read request does not pay a database
 * round trip just to learn who is asking. Exactness is kept where it matters:
 * - any state-changing request handled by this instance clears the whole cache before the next
 *   request (deactivation, role or password changes take effect on the very next request here);
 * - on other instances a cached row lives at most `ttlMs` (2 s by default), after which the user's
 *   token version and status are read again.
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
  constructor(readonly ttlMs: number, readonly maxEntries = 10_000) {}

  get(id: number, sid: string): SessionUserRow | undefined {
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

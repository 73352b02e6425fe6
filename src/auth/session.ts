/**
 * Sessions: an HS256 JWT in an HttpOnly, SameSite=Lax cookie. The token carries the user id, the
 * user's token version and a per-session id (`sid`). The user row is read on every request, so
 * deactivation, a role change or a password change (which bump the version: "sign out everywhere")
 * end every session of the user on the very next request; signing out revokes the one session
 * (its sid goes into revoked_sessions until the token would have expired).
 */
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { jwtVerify, SignJWT } from "jose";
import type { AppEnv, SessionUser } from "../lib/deps.ts";
import { isDatabaseError } from "../db/errors.ts";
import { ServiceUnavailable } from "../lib/errors.ts";
import type { TokenClaims } from "./session-cache.ts";
import { currentUserJson } from "./user-json.ts";
import { findSessionUser, revokeSession, type SessionUserRow } from "./queries.ts";

export const SESSION_COOKIE = "session";

const keys = new WeakMap<Uint8Array, Promise<CryptoKey>>();
/** The HMAC key, imported once per secret instead of on every request. */
export function signingKey(raw: Uint8Array): Promise<CryptoKey> {
  let key = keys.get(raw);
  if (!key) {
    key = crypto.subtle.importKey("raw", raw as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, [
      "sign",
      "verify",
    ]);
    keys.set(raw, key);
  }
  return key;
}
export const SESSION_TTL_SECONDS = 12 * 60 * 60;

export function isHttps(c: Context<AppEnv>): boolean {
  const { config } = c.get("deps");
  if (config.publicUrl?.startsWith("https://")) return true;
  if (config.trustProxy && c.req.header("x-forwarded-proto") === "https") return true;
  return new URL(c.req.url).protocol === "https:";
}

/** Signs a session cookie; `sid` is kept when an existing session is renewed, new otherwise. */
export async function issueSession(
  c: Context<AppEnv>,
  user: Pick<SessionUser, "id" | "tokenVersion">,
  sid: string = crypto.randomUUID(),
) {
  const { secrets } = c.get("deps");
  const token = await new SignJWT({ tv: user.tokenVersion, sid })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(`${SESSION_TTL_SECONDS}s`)
    .sign(await signingKey(secrets.jwtKey));
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(c),
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSession(c: Context<AppEnv>) {
  deleteCookie(c, SESSION_COOKIE, { path: "/", secure: isHttps(c) });
}

/** Ends the current request's session for good (sign-out): later requests with its cookie get 401. */
export async function endSession(c: Context<AppEnv>) {
  const sid = c.get("sessionId");
  const user = c.get("user");
  if (sid) await revokeSession(c.get("deps").db, sid, user?.id ?? null, SESSION_TTL_SECONDS);
  c.get("sessionCache").clear();
  clearSession(c);
}

/**
 * Resolves the current user (or null) of a request; never throws for a bad cookie. A cookie seen
 * before skips the signature check (the verified claims are kept until the token expires), and
 * the user's row comes from the short-lived session cache (docs/decisions/004): neither skips a
 * check of the row itself (revoked, inactive, token version, vendor status) on every request.
 */
export async function resolveSession(c: Context<AppEnv>): Promise<void> {
  c.set("user", null);
  const token = getCookie(c, SESSION_COOKIE);
  if (!token) return;
  const { secrets, db } = c.get("deps");
  try {
    const cache = c.get("sessionCache");
    let payload = cache.verifiedToken(token);
    if (!payload) {
      payload = (await jwtVerify(token, await signingKey(secrets.jwtKey), { algorithms: ["HS256"] })).payload;
      cache.rememberToken(token, payload);
    }
    const id = Number(payload.sub);
    const sid = sessionIdOf(payload);
    let row = sid ? cache.get(id, sid) : undefined;
    if (sid && (!row || row.tokenVersion !== payload.tv)) {
      row = await findSessionUser(db, id, sid);
      if (row) cache.set(id, sid, row);
    }
    if (row && sid && isValidSession(row, payload)) {
      const user = sessionUserOf(row);
      c.set("user", user);
      c.set("sessionId", sid);
      if (needsRenewal(payload)) await issueSession(c, user, sid);
    } else {
      clearSession(c);
    }
  } catch (e) {
    // The database failing is not a bad session: keep the cookie and answer 503.
    if (isDatabaseError(e)) throw new ServiceUnavailable();
    clearSession(c);
  }
}

/**
 * Whether the request's session still holds now (a long-lived answer, the notification stream,
 * asks at each heartbeat): not signed out, the user active, same token version, an approved vendor.
 */
export async function sessionStillValid(c: Context<AppEnv>): Promise<boolean> {
  const user = c.get("user");
  const sid = c.get("sessionId");
  if (!user || !sid) return false;
  const row = await findSessionUser(c.get("deps").db, user.id, sid);
  return !!row && isValidSession(row, { tv: user.tokenVersion });
}

/**
 * The token's session id. A token without one (forged by someone holding the key, or from before
 * sessions could be revoked) cannot be signed out, so it is not a session.
 */
function sessionIdOf(payload: TokenClaims): string | undefined {
  return typeof payload.sid === "string" && payload.sid.length <= 64 ? payload.sid : undefined;
}

/** The checks of a session's row on every request: not signed out, active, same token version, an approved vendor. */
function isValidSession(row: SessionUserRow, payload: TokenClaims): boolean {
  return !row.revoked && row.isActive && row.tokenVersion === payload.tv &&
    (row.role !== "vendor" || row.vendorStatus === "approved");
}

/** Past half-life the cookie is renewed, so an active user is not signed out mid-work (same session id). */
function needsRenewal(payload: TokenClaims): boolean {
  return Date.now() / 1000 - (payload.iat ?? 0) > SESSION_TTL_SECONDS / 2;
}

/** The row without the fields only the session check needs; made once per cached row, not per request. */
const users = new WeakMap<SessionUserRow, SessionUser>();
function sessionUserOf(row: SessionUserRow): SessionUser {
  let user = users.get(row);
  if (!user) {
    const { isActive: _a, vendorStatus: _v, revoked: _r, ...rest } = row;
    // Shared by the requests that hit the same cached row: frozen, so no handler can change it for the next.
    user = Object.freeze(rest);
    users.set(row, user);
  }
  return user;
}

/** `GET /api/auth/user`'s answer: the signed-in user as the SPA reads it. */
export function currentUserResponse(c: Context<AppEnv>): Response {
  return c.json(currentUserJson(c.get("user")!));
}

/**
 * Sessions: an HS256 JWT in an HttpOnly, SameSite=Lax cookie. The token carries the user id, the
 * user's token version and a per-session id (`sid`). The user row is read on every request, so
 * deactivation, a role change or a password change (which bump the version: "sign out everywhere")
 * end every session of the user on the very next request; signing out revokes the one session
 * (its sid goes into revoked_sessions until the token would have expired).
 */
import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { parse as parseCookie } from "hono/utils/cookie";
import { jwtVerify, SignJWT } from "jose";
import type { AppEnv, SessionUser } from "../lib/deps.ts";
import { isDatabaseError } from "../db/errors.ts";
import { ServiceUnavailable } from "../lib/errors.ts";
import { answerFrom, jsonTemplate, markComplete } from "../lib/security.ts";
import type { SessionCache, TokenClaims } from "./session-cache.ts";
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

/** Requests whose answer must carry a Set-Cookie prepared by this file (issued, renewed or cleared). */
const cookieSet = new WeakSet<Context>();

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
  cookieSet.add(c);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    secure: isHttps(c),
    path: "/",
    maxAge: SESSION_TTL_SECONDS,
  });
}

export function clearSession(c: Context<AppEnv>) {
  cookieSet.add(c);
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
  const token = sessionToken(c.req.raw.headers.get("cookie"));
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

/**
 * The signed-in user of a Cookie header when everything the check needs is already cached (the
 * verified token, the session's row) and the answer needs no Set-Cookie (no renewal, no clearing):
 * the server's front door answers `GET /api/auth/user` with it (src/lib/pipeline.ts). The same
 * checks as resolveSession, on the same caches; `undefined` means "take the ordinary path", which
 * reads what is missing, renews or clears the cookie, or refuses.
 */
export function cachedSessionUser(cache: SessionCache, cookieHeader: string | null): SessionUser | undefined {
  const token = sessionToken(cookieHeader);
  if (!token) return undefined;
  const payload = cache.verifiedToken(token);
  if (!payload) return undefined;
  const sid = sessionIdOf(payload);
  if (!sid) return undefined;
  const row = cache.get(Number(payload.sub), sid);
  if (!row || !isValidSession(row, payload) || needsRenewal(payload)) return undefined;
  return sessionUserOf(row);
}

/**
 * The session cookie's value in a Cookie header, as Hono's getCookie reads it, remembered per
 * header: a browser sends the same header on every request, and parsing it (split, trim, two
 * regular expressions, URI decoding over a JWT-long value) is a pure function of the string.
 */
const cookieTokens = new Map<string, string | undefined>();
export function sessionToken(header: string | null): string | undefined {
  if (!header) return undefined;
  if (cookieTokens.has(header)) return cookieTokens.get(header);
  const token = parseCookie(header, SESSION_COOKIE)[SESSION_COOKIE];
  // Bounded in count and size (at most about 4 MB), whatever headers clients send.
  if (header.length <= 4096) {
    if (cookieTokens.size >= 1000) cookieTokens.clear();
    cookieTokens.set(header, token);
  }
  return token;
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

/**
 * The user answer per session user, i.e. per cached row (it changes only when the row does): a
 * Response with the JSON and every fixed header, copied per request (src/lib/security.ts jsonTemplate).
 */
const userAnswers = new WeakMap<SessionUser, Response>();
function userAnswerTemplate(user: SessionUser): Response {
  let template = userAnswers.get(user);
  if (template === undefined) {
    template = jsonTemplate(JSON.stringify(currentUserJson(user)));
    userAnswers.set(user, template);
  }
  return template;
}

/** `GET /api/auth/user`'s answer for a user, with its final headers (the front door's and the route's). */
export function currentUserAnswer(user: SessionUser, requestId: string): Response {
  return answerFrom(userAnswerTemplate(user), requestId);
}

/**
 * `GET /api/auth/user`'s answer on the ordinary path (the front door answers most calls before it):
 * when the session cookie was renewed on this request the pipeline adds the headers to the Set-Cookie answer.
 */
export function currentUserResponse(c: Context<AppEnv>): Response {
  const user = c.get("user")!;
  if (cookieSet.has(c)) {
    return c.body(JSON.stringify(currentUserJson(user)), 200, { "Content-Type": "application/json" });
  }
  return markComplete(currentUserAnswer(user, c.get("requestId")));
}

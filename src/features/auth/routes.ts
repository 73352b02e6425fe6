/**
 * Sign-in (standard, admin, second factor), sign-out and the current user.
 *
 * Every credential check reserves its attempt first (src/auth/throttle.ts): of any number of
 * parallel guesses, at most the limit are ever verified. Public bodies are capped and each address
 * has a request budget (src/auth/public-limits.ts), taken before the password hash is computed.
 */
import { Hono } from "hono";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { jwtVerify, SignJWT } from "jose";
import { publicRoute, signedIn } from "../../auth/guard.ts";
import { currentUserResponse, endSession, issueSession, SESSION_COOKIE, signingKey } from "../../auth/session.ts";
import { dummyHash, verifyPassword } from "../../auth/password.ts";
import {
  findLoginUserByEmail,
  findLoginUserById,
  findLoginUserByUsername,
  type LoginUserRow,
  markLoggedIn,
  recordLoginAttempt,
} from "../../auth/queries.ts";
import { capBody, limitPublicWrite, PUBLIC_JSON_MAX_BYTES } from "../../auth/public-limits.ts";
import { releaseAttempt, type Reservation, reserveAttempt, signInKeys, totpKeys } from "../../auth/throttle.ts";
import {
  consumeRecoveryCode,
  matchTotpStep,
  openTotpKey,
  resealTotpKeyIfOld,
  useTotpStep,
} from "../../auth/two-factor.ts";
import { currentUserJson } from "../../auth/user-json.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { Forbidden, TooManyRequests, Unauthorized } from "../../lib/errors.ts";
import { clientIp } from "../../lib/client.ts";
import { validate } from "../../lib/validate.ts";
import { adminLoginSchema, loginSchema, twoFactorLoginSchema } from "../../shared/schemas/auth.ts";

const TWO_FACTOR_COOKIE = "twofactor";
const TWO_FACTOR_TTL_SECONDS = 5 * 60;
const INVALID = "auth.invalidCredentials";

/**
 * A refused reservation: 429. Only the request that set the lock is audited (one row per lock,
 * however many requests hit it).
 */
async function refuse(
  c: Context<AppEnv>,
  r: Extract<Reservation, { ok: false }>,
  identifier: string,
  userId?: number,
): Promise<never> {
  if (r.justLocked) {
    await c.get("deps").db.tx((tx) =>
      audit(tx, c, {
        action: "LOGIN_THROTTLED",
        entityType: "user",
        entityId: userId,
        userId: userId ?? null,
        metadata: { identifier, scope: r.scope, lockedForSeconds: r.wait },
      })
    );
  }
  throw new TooManyRequests("auth.tooManyAttempts", r.wait);
}

/**
 * Failures all look the same (wrong password, unknown account, unapproved vendor), except that the
 * owner of a deactivated account who knows its password is told so (issue 9 item 7): only the
 * right password learns it.
 */
async function attempt(c: Context<AppEnv>, identifier: string, user: LoginUserRow | undefined, password: string) {
  const { db } = c.get("deps");
  const ip = clientIp(c);
  const keys = signInKeys(identifier, ip);
  const reservation = await reserveAttempt(db, keys);
  if (!reservation.ok) return await refuse(c, reservation, identifier, user?.id);
  const passwordOk = await verifyPassword(user?.passwordHash ?? await dummyHash(), password);
  if (user && passwordOk && !user.isActive) {
    await releaseAttempt(db, keys, [keys[0].key]);
    throw new Forbidden("auth.accountDeactivated", { accountDeactivated: true });
  }
  const allowed = !!user && passwordOk && (user.role !== "vendor" || user.vendorStatus === "approved");
  if (!allowed) {
    // The reservation already counted this failure.
    await db.tx(async (tx) => {
      await recordLoginAttempt(tx, identifier, ip, false);
      await audit(tx, c, {
        action: "LOGIN_FAILED",
        entityType: "user",
        entityId: user?.id,
        userId: user?.id ?? null,
        metadata: { identifier },
      });
    });
    throw new Unauthorized(INVALID);
  }
  await releaseAttempt(db, keys, [keys[0].key]);
  return user!;
}

async function completeSignIn(c: Context<AppEnv>, user: LoginUserRow, identifier: string, method: string) {
  const { db } = c.get("deps");
  await db.tx(async (tx) => {
    await recordLoginAttempt(tx, identifier, clientIp(c), true);
    await markLoggedIn(tx, user.id);
    await audit(tx, c, {
      action: "LOGIN",
      entityType: "user",
      entityId: user.id,
      userId: user.id,
      metadata: { method },
    });
  });
  await issueSession(c, user);
  return c.json(currentUserJson(user));
}

/** Password accepted; either sign in, or ask for the second factor first. */
async function afterPassword(c: Context<AppEnv>, user: LoginUserRow, identifier: string, method: string) {
  if (!user.totpEnabled) return completeSignIn(c, user, identifier, method);
  const { secrets } = c.get("deps");
  const pending = await new SignJWT({ purpose: "2fa", identifier, method })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(user.id))
    .setIssuedAt()
    .setExpirationTime(`${TWO_FACTOR_TTL_SECONDS}s`)
    .sign(await signingKey(secrets.jwtKey));
  setCookie(c, TWO_FACTOR_COOKIE, pending, {
    httpOnly: true,
    sameSite: "Strict",
    path: "/api/auth",
    maxAge: TWO_FACTOR_TTL_SECONDS,
  });
  return c.json({ twoFactorRequired: true });
}

/** The TOTP code (each step once) or an unused recovery code. */
async function secondFactorOk(c: Context<AppEnv>, userId: number, code: string): Promise<boolean> {
  const { db, secrets } = c.get("deps");
  const [row] = await db.query<{ totp_secret: string | null }>("select totp_secret from users where id = $1", [
    userId,
  ]);
  if (row?.totp_secret) {
    const step = matchTotpStep(await openTotpKey(secrets.totpKey, userId, row.totp_secret), code);
    if (step !== null) {
      if (!(await useTotpStep(db, userId, step))) return false;
      // A secret sealed with the old shared key moves to the two-factor key on first use.
      const resealed = await resealTotpKeyIfOld(secrets.totpKey, userId, row.totp_secret);
      if (resealed) {
        await db.query("update users set totp_secret = $2 where id = $1 and totp_secret = $3", [
          userId,
          resealed,
          row.totp_secret,
        ]);
      }
      return true;
    }
  }
  return await db.tx((tx) => consumeRecoveryCode(tx, userId, code));
}

export const authRoutes = new Hono<AppEnv>()
  .post(
    "/api/auth/login",
    publicRoute({ tags: ["auth"], summary: "Sign in with email and password" }),
    capBody(PUBLIC_JSON_MAX_BYTES),
    validate("json", loginSchema),
    async (c) => {
      await limitPublicWrite(c, "sign-in");
      const { email, password } = c.req.valid("json");
      const identifier = email.toLowerCase();
      const user = await findLoginUserByEmail(c.get("deps").db, identifier);
      return afterPassword(c, await attempt(c, identifier, user, password), identifier, "password");
    },
  )
  .post(
    "/api/admin/login",
    publicRoute({ tags: ["auth"], summary: "Administrator sign-in with username and password" }),
    capBody(PUBLIC_JSON_MAX_BYTES),
    validate("json", adminLoginSchema),
    async (c) => {
      await limitPublicWrite(c, "sign-in");
      const { username, password } = c.req.valid("json");
      const identifier = `admin:${username.toLowerCase()}`;
      const user = await findLoginUserByUsername(c.get("deps").db, username);
      return afterPassword(c, await attempt(c, identifier, user, password), identifier, "admin");
    },
  )
  .post(
    "/api/auth/login/2fa",
    publicRoute({ tags: ["auth"], summary: "Second sign-in step: TOTP or recovery code" }),
    capBody(PUBLIC_JSON_MAX_BYTES),
    validate("json", twoFactorLoginSchema),
    async (c) => {
      const { db, secrets } = c.get("deps");
      const token = getCookie(c, TWO_FACTOR_COOKIE);
      if (!token) throw new Unauthorized("auth.signInExpired");
      let sub: number, identifier: string, method: string;
      try {
        const { payload } = await jwtVerify(token, await signingKey(secrets.jwtKey), { algorithms: ["HS256"] });
        if (payload.purpose !== "2fa") throw new Error("wrong purpose");
        sub = Number(payload.sub);
        identifier = String(payload.identifier);
        method = String(payload.method);
      } catch {
        throw new Unauthorized("auth.signInExpired");
      }
      await limitPublicWrite(c, "sign-in");
      const ip = clientIp(c);
      const keys = totpKeys(sub, ip);
      const reservation = await reserveAttempt(db, keys);
      if (!reservation.ok) return await refuse(c, reservation, identifier, sub);
      const user = await findLoginUserById(db, sub);
      if (!user?.isActive || !user.totpEnabled) throw new Unauthorized(INVALID);
      if (!(await secondFactorOk(c, sub, c.req.valid("json").code))) {
        await db.tx(async (tx) => {
          await recordLoginAttempt(tx, identifier, ip, false);
          await audit(tx, c, {
            action: "LOGIN_FAILED",
            entityType: "user",
            entityId: sub,
            userId: sub,
            metadata: { identifier, step: "2fa" },
          });
        });
        throw new Unauthorized("auth.invalidCode");
      }
      await releaseAttempt(db, keys, [keys[0].key]);
      deleteCookie(c, TWO_FACTOR_COOKIE, { path: "/api/auth" });
      return completeSignIn(c, user, identifier, `${method}+totp`);
    },
  )
  .get(
    "/api/auth/user",
    signedIn({ tags: ["auth"], summary: "The signed-in user with role" }),
    (c) => currentUserResponse(c),
  )
  .get(
    "/api/login",
    publicRoute({ tags: ["auth"], summary: "Redirect to the login screen" }),
    (c) => c.redirect("/login"),
  )
  .post(
    "/api/auth/logout",
    publicRoute({
      tags: ["auth"],
      summary: "Sign out: this session is revoked on the server (a POST, so a cross-site link cannot sign you out)",
    }),
    capBody(PUBLIC_JSON_MAX_BYTES),
    async (c) => {
      const user = c.get("user");
      if (user) {
        await c.get("deps").db.tx((tx) => audit(tx, c, { action: "LOGOUT", entityType: "user", entityId: user.id }));
      }
      await endSession(c);
      return c.json({ message: "Signed out" });
    },
  );

export { SESSION_COOKIE };

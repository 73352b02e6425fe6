/** Sign-in (standard, admin, second factor), sign-out and the current user. */
import { Hono } from "hono";
import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { jwtVerify, SignJWT } from "jose";
import { publicRoute, signedIn } from "../../auth/guard.ts";
import { clearSession, issueSession, SESSION_COOKIE, signingKey } from "../../auth/session.ts";
import { dummyHash, verifyPassword } from "../../auth/password.ts";
import {
  findLoginUserByEmail,
  findLoginUserById,
  findLoginUserByUsername,
  type LoginUserRow,
  markLoggedIn,
  recordLoginAttempt,
  throttleWait,
} from "../../auth/queries.ts";
import { checkTotp, consumeRecoveryCode, openTotpKey } from "../../auth/two-factor.ts";
import { currentUserJson } from "../../auth/user-json.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { TooManyRequests, Unauthorized } from "../../lib/errors.ts";
import { clientIp } from "../../lib/client.ts";
import { validate } from "../../lib/validate.ts";
import { adminLoginSchema, loginSchema, twoFactorLoginSchema } from "../../shared/schemas/auth.ts";

const TWO_FACTOR_COOKIE = "twofactor";
const TWO_FACTOR_TTL_SECONDS = 5 * 60;
const INVALID = "auth.invalidCredentials";

/** Failures all look the same: wrong password, unknown account, inactive or unapproved account. */
async function attempt(c: Context<AppEnv>, identifier: string, user: LoginUserRow | undefined, password: string) {
  const { db } = c.get("deps");
  const ip = clientIp(c);
  const wait = await throttleWait(db, identifier, ip);
  if (wait > 0) {
    await db.tx((tx) =>
      audit(tx, c, {
        action: "LOGIN_THROTTLED",
        entityType: "user",
        entityId: user?.id,
        userId: user?.id ?? null,
        metadata: { identifier },
      })
    );
    throw new TooManyRequests("auth.tooManyAttempts", wait);
  }
  const passwordOk = await verifyPassword(user?.passwordHash ?? await dummyHash(), password);
  const allowed = !!user && passwordOk && user.isActive && (user.role !== "vendor" || user.vendorStatus === "approved");
  if (!allowed) {
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

export const authRoutes = new Hono<AppEnv>()
  .post(
    "/api/auth/login",
    publicRoute({ tags: ["auth"], summary: "Sign in with email and password" }),
    validate("json", loginSchema),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const identifier = email.toLowerCase();
      const user = await findLoginUserByEmail(c.get("deps").db, identifier);
      return afterPassword(c, await attempt(c, identifier, user, password), identifier, "password");
    },
  )
  .post(
    "/api/admin/login",
    publicRoute({ tags: ["auth"], summary: "Administrator sign-in with username and password" }),
    validate("json", adminLoginSchema),
    async (c) => {
      const { username, password } = c.req.valid("json");
      const identifier = `admin:${username.toLowerCase()}`;
      const user = await findLoginUserByUsername(c.get("deps").db, username);
      return afterPassword(c, await attempt(c, identifier, user, password), identifier, "admin");
    },
  )
  .post(
    "/api/auth/login/2fa",
    publicRoute({ tags: ["auth"], summary: "Second sign-in step: TOTP or recovery code" }),
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
      const ip = clientIp(c);
      const wait = await throttleWait(db, identifier, ip);
      if (wait > 0) throw new TooManyRequests("auth.tooManyAttempts", wait);
      const user = await findLoginUserById(db, sub);
      if (!user?.isActive || !user.totpEnabled) throw new Unauthorized(INVALID);
      const { code } = c.req.valid("json");
      const secret = (await db.query<{ totp_secret: string }>("select totp_secret from users where id = $1", [sub]))[0];
      const totpOk = secret?.totp_secret &&
        checkTotp(await openTotpKey(secrets.sealedBidKey, sub, secret.totp_secret), code);
      const ok = totpOk || await db.tx((tx) => consumeRecoveryCode(tx, sub, code));
      if (!ok) {
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
      deleteCookie(c, TWO_FACTOR_COOKIE, { path: "/api/auth" });
      return completeSignIn(c, user, identifier, `${method}+totp`);
    },
  )
  .get(
    "/api/auth/user",
    signedIn({ tags: ["auth"], summary: "The signed-in user with role" }),
    (c) => c.json(currentUserJson(c.get("user")!)),
  )
  .get(
    "/api/login",
    publicRoute({ tags: ["auth"], summary: "Redirect to the login screen" }),
    (c) => c.redirect("/login"),
  )
  .get("/api/auth/logout", publicRoute({ tags: ["auth"], summary: "Sign out and go home" }), async (c) => {
    const user = c.get("user");
    if (user) {
      await c.get("deps").db.tx((tx) => audit(tx, c, { action: "LOGOUT", entityType: "user", entityId: user.id }));
    }
    clearSession(c);
    return c.redirect("/");
  });

export { SESSION_COOKIE };

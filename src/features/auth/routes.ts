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
import { actorOf } from "../../audit/audit.ts";
import { publicRoute, signedIn } from "../../auth/guard.ts";
import {
  currentUserResponse,
  endSession,
  isHttps,
  issueSession,
  SESSION_COOKIE,
  signingKey,
} from "../../auth/session.ts";
import { DEVICE_COOKIE, DEVICE_TTL_SECONDS, deviceCookieValue, deviceOf } from "../../auth/device.ts";
import { findLoginUserByEmail, findLoginUserByUsername, type LoginUserRow } from "../../auth/queries.ts";
import { capBody, limitPublicWrite, PUBLIC_JSON_MAX_BYTES } from "../../auth/public-limits.ts";
import { currentUserJson } from "../../auth/user-json.ts";
import type { Queryable } from "../../db/types.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { Unauthorized } from "../../lib/errors.ts";
import { clientIp } from "../../lib/client.ts";
import { validate } from "../../lib/validate.ts";
import { adminLoginSchema, loginSchema, twoFactorLoginSchema } from "../../shared/schemas/auth.ts";
import * as s from "./service.ts";
import * as r from "../../shared/schemas/responses/auth.ts";
import { messageSchema } from "../../shared/schemas/responses/common.ts";

const TWO_FACTOR_COOKIE = "twofactor";
const TWO_FACTOR_TTL_SECONDS = 5 * 60;

const caller = (c: Context<AppEnv>): s.Caller => ({ ip: clientIp(c), audit: actorOf(c) });

async function attempt(c: Context<AppEnv>, identifier: string, user: LoginUserRow | undefined, password: string) {
  const { db, secrets } = c.get("deps");
  const device = await deviceOf(secrets.jwtKey, identifier, getCookie(c, DEVICE_COOKIE));
  return await s.checkPassword(db, caller(c), identifier, user, password, device);
}

async function completeSignIn(c: Context<AppEnv>, user: LoginUserRow, identifier: string, method: string) {
  const { db, secrets } = c.get("deps");
  await s.recordSignIn(db, caller(c), user, identifier, method);
  await issueSession(c, user);
  // This browser is now one the account has used: strangers' guesses elsewhere do not slow it down.
  setCookie(c, DEVICE_COOKIE, await deviceCookieValue(secrets.jwtKey, identifier), {
    httpOnly: true,
    sameSite: "Strict",
    secure: isHttps(c),
    path: "/api",
    maxAge: DEVICE_TTL_SECONDS,
  });
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

/**
 * A sign-in with a password (by email, or an administrator's username): the public write limit,
 * the attempt (lockout, audit), then the session or the second step.
 */
async function passwordSignIn(
  c: Context<AppEnv>,
  identifier: string,
  find: (db: Queryable) => Promise<LoginUserRow | undefined>,
  password: string,
  method: "password" | "admin",
) {
  await limitPublicWrite(c, "sign-in");
  const user = await find(c.get("deps").db);
  return afterPassword(c, await attempt(c, identifier, user, password), identifier, method);
}

export const authRoutes = new Hono<AppEnv>()
  .post(
    "/api/auth/login",
    publicRoute({ tags: ["auth"], summary: "Sign in with email and password", ok: r.signInSchema, errors: [401, 429] }),
    capBody(PUBLIC_JSON_MAX_BYTES),
    validate("json", loginSchema),
    async (c) => {
      const { email, password } = c.req.valid("json");
      const identifier = email.toLowerCase();
      return await passwordSignIn(c, identifier, (db) => findLoginUserByEmail(db, identifier), password, "password");
    },
  )
  .post(
    "/api/admin/login",
    publicRoute({
      tags: ["auth"],
      summary: "Administrator sign-in with username and password",
      ok: r.signInSchema,
      errors: [401, 429],
    }),
    capBody(PUBLIC_JSON_MAX_BYTES),
    validate("json", adminLoginSchema),
    async (c) => {
      const { username, password } = c.req.valid("json");
      const identifier = `admin:${username.toLowerCase()}`;
      return await passwordSignIn(c, identifier, (db) => findLoginUserByUsername(db, username), password, "admin");
    },
  )
  .post(
    "/api/auth/login/2fa",
    publicRoute({
      tags: ["auth"],
      summary: "Second sign-in step: TOTP or recovery code",
      ok: r.currentUserSchema,
      errors: [401, 429],
    }),
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
      const user = await s.checkSecondFactor(
        db,
        caller(c),
        secrets.totpKey,
        { userId: sub, identifier },
        c.req.valid("json").code,
      );
      deleteCookie(c, TWO_FACTOR_COOKIE, { path: "/api/auth" });
      return completeSignIn(c, user, identifier, `${method}+totp`);
    },
  )
  .get(
    "/api/auth/user",
    signedIn({ tags: ["auth"], summary: "The signed-in user with role", ok: r.currentUserSchema }),
    (c) => currentUserResponse(c),
  )
  .get(
    "/api/auth/session",
    publicRoute({
      tags: ["auth"],
      summary:
        "The signed-in user with role, or null when signed out (200 either way: what the SPA asks on every page, signed-out pages included, without an error in the browser's console)",
      ok: r.currentUserSchema.nullable(),
    }),
    (c) => c.get("user") ? currentUserResponse(c) : c.json(null),
  )
  .get(
    "/api/login",
    publicRoute({ tags: ["auth"], summary: "Redirect to the login screen", status: 302 }),
    (c) => c.redirect("/login"),
  )
  .post(
    "/api/auth/logout",
    publicRoute({
      tags: ["auth"],
      summary: "Sign out: this session is revoked on the server (a POST, so a cross-site link cannot sign you out)",
      ok: messageSchema,
    }),
    capBody(PUBLIC_JSON_MAX_BYTES),
    async (c) => {
      const user = c.get("user");
      if (user) {
        await s.recordSignOut(c.get("deps").db, actorOf(c), user.id);
      }
      await endSession(c);
      return c.json({ message: "Signed out" });
    },
  );

export { SESSION_COOKIE };

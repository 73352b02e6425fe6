/**
 * The rules of signing in, without HTTP: the password check behind a reserved attempt (of any
 * number of parallel guesses, at most the limit are ever verified), the second factor (each TOTP
 * step once, or an unused recovery code), and the audit entries of sign-in, failure, lockout and
 * sign-out. routes.ts owns cookies, tokens and answers.
 */
import { type AuditActor, auditAs } from "../../audit/audit.ts";
import { dummyHash, verifyPassword } from "../../auth/password.ts";
import {
  findLoginUserById,
  type LoginUserRow,
  markLoggedIn,
  recordLoginAttempt,
  replaceTotpSecret,
  totpSecretOf,
} from "../../auth/queries.ts";
import {
  NOTIFY_OWNER_AT,
  personalKeys,
  releaseAttempt,
  type Reservation,
  reserveAttempt,
  RULES,
  signInKeys,
  totpKeys,
} from "../../auth/throttle.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import {
  consumeRecoveryCode,
  matchTotpStep,
  openTotpKey,
  resealTotpKeyIfOld,
  useTotpStep,
} from "../../auth/two-factor.ts";
import type { Db, Queryable } from "../../db/types.ts";
import { Forbidden, TooManyRequests, Unauthorized } from "../../lib/errors.ts";

export const INVALID = "auth.invalidCredentials";

/** Who is signing in: the address and browser of the request (no user yet). */
export interface Caller {
  ip: string;
  audit: AuditActor;
}

/**
 * A refused reservation: 429. Only the request that set the lock is audited (one row per lock,
 * however many requests hit it).
 */
async function refuse(
  db: Db,
  caller: Caller,
  r: Extract<Reservation, { ok: false }>,
  identifier: string,
  userId?: number,
): Promise<never> {
  if (r.justLocked) {
    await db.tx((tx) =>
      auditAs(tx, caller.audit, {
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
 * owner of a deactivated account who knows its password is told so: only the
 * right password learns it.
 */
export async function checkPassword(
  db: Db,
  caller: Caller,
  identifier: string,
  user: LoginUserRow | undefined,
  password: string,
  /** The device id of a browser where this identifier signed in before (src/auth/device.ts). */
  device?: string,
) {
  const keys = signInKeys(identifier, caller.ip, device);
  const reservation = await reserveAttempt(db, keys);
  if (!reservation.ok) return await refuse(db, caller, reservation, identifier, user?.id);
  const passwordOk = await verifyPassword(user?.passwordHash ?? await dummyHash(), password);
  if (user && passwordOk && !user.isActive) {
    await releaseAttempt(db, keys, personalKeys(keys));
    throw new Forbidden("auth.accountDeactivated", { accountDeactivated: true });
  }
  const allowed = !!user && passwordOk && (user.role !== "vendor" || user.vendorStatus === "approved");
  if (!allowed) {
    // The reservation already counted this failure.
    const everywhere = keys.findIndex((k) => k.rule.kind === "delay");
    const warnOwner = !!user && everywhere >= 0 && reservation.failures[everywhere] === NOTIFY_OWNER_AT;
    await db.tx(async (tx) => {
      await recordLoginAttempt(tx, identifier, caller.ip, false);
      await auditAs(tx, caller.audit, {
        action: "LOGIN_FAILED",
        entityType: "user",
        entityId: user?.id,
        userId: user?.id ?? null,
        metadata: { identifier },
      });
      if (warnOwner) await warnOfFailures(tx, user!, caller.ip);
    });
    throw new Unauthorized(INVALID);
  }
  await releaseAttempt(db, keys, personalKeys(keys));
  return user!;
}

/** The owner learns of repeated failures from every address (once per quarter hour at most). */
async function warnOfFailures(tx: Queryable, user: LoginUserRow, ip: string) {
  await enqueueTemplated(tx, {
    to: user.email,
    template: "sign_in_failures",
    values: {
      name: `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || user.email,
      count: NOTIFY_OWNER_AT,
      minutes: RULES.accountEverywhere.windowSeconds / 60,
      lastAttempt: { date: new Date().toISOString() },
      address: ip,
    },
  });
}

/** The sign-in succeeded: history, last sign-in time and the audit entry, in one transaction. */
export async function recordSignIn(db: Db, caller: Caller, user: LoginUserRow, identifier: string, method: string) {
  await db.tx(async (tx) => {
    await recordLoginAttempt(tx, identifier, caller.ip, true);
    await markLoggedIn(tx, user.id);
    await auditAs(tx, caller.audit, {
      action: "LOGIN",
      entityType: "user",
      entityId: user.id,
      userId: user.id,
      metadata: { method },
    });
  });
}

/** The TOTP code (each step once) or an unused recovery code. */
async function secondFactorOk(db: Db, totpKey: Uint8Array, userId: number, code: string): Promise<boolean> {
  const sealed = await totpSecretOf(db, userId);
  if (sealed) {
    const step = matchTotpStep(await openTotpKey(totpKey, userId, sealed), code);
    if (step !== null) {
      if (!(await useTotpStep(db, userId, step))) return false;
      // A secret sealed with the old shared key moves to the two-factor key on first use.
      const resealed = await resealTotpKeyIfOld(totpKey, userId, sealed);
      if (resealed) await replaceTotpSecret(db, userId, resealed, sealed);
      return true;
    }
  }
  return await db.tx((tx) => consumeRecoveryCode(tx, userId, code));
}

/**
 * The second step for the user the first step named (`userId`), behind its own reserved attempt.
 * Returns the user to sign in; a wrong code is recorded and audited (401).
 */
export async function checkSecondFactor(
  db: Db,
  caller: Caller,
  totpKey: Uint8Array,
  pending: { userId: number; identifier: string },
  code: string,
) {
  const { userId, identifier } = pending;
  const keys = totpKeys(userId, caller.ip);
  const reservation = await reserveAttempt(db, keys);
  if (!reservation.ok) return await refuse(db, caller, reservation, identifier, userId);
  const user = await findLoginUserById(db, userId);
  if (!user?.isActive || !user.totpEnabled) throw new Unauthorized(INVALID);
  if (!(await secondFactorOk(db, totpKey, userId, code))) {
    await db.tx(async (tx) => {
      await recordLoginAttempt(tx, identifier, caller.ip, false);
      await auditAs(tx, caller.audit, {
        action: "LOGIN_FAILED",
        entityType: "user",
        entityId: userId,
        userId,
        metadata: { identifier, step: "2fa" },
      });
    });
    throw new Unauthorized("auth.invalidCode");
  }
  await releaseAttempt(db, keys, personalKeys(keys));
  return user;
}

export async function recordSignOut(db: Db, audit: AuditActor, userId: number) {
  await db.tx((tx) => auditAs(tx, audit, { action: "LOGOUT", entityType: "user", entityId: userId }));
}

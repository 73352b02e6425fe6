/**
 * The rules of your own account that are more than one call: checking your own password again
 * (reserved attempts), and enrolling in two-factor sign-in (a sealed TOTP key, confirmed by a code
 * that is then used up, and ten one-time recovery codes).
 */
import QRCode from "qrcode";
import { auditAs } from "../../audit/audit.ts";
import type { Actor } from "../../auth/actor.ts";
import { verifyPassword } from "../../auth/password.ts";
import { confirmPasswordKeys, releaseAttempt, reserveAttempt } from "../../auth/throttle.ts";
import {
  hashRecoveryCode,
  matchTotpStep,
  newRecoveryCodes,
  newTotpKey,
  openTotpKey,
  sealTotpKey,
  totpUri,
  useTotpStep,
} from "../../auth/two-factor.ts";
import type { Db } from "../../db/types.ts";
import { BadRequest, Conflict, TooManyRequests } from "../../lib/errors.ts";
import * as q from "./profile-queries.ts";

/**
 * Checks your own password again (change password, turn two-factor off). The attempt is reserved
 * first, so parallel guesses with a stolen session cannot all be tried.
 */
export async function confirmOwnPassword(
  db: Db,
  userId: number,
  stored: string | null | undefined,
  password: string,
) {
  const keys = confirmPasswordKeys(userId);
  const reservation = await reserveAttempt(db, keys);
  if (!reservation.ok) throw new TooManyRequests("auth.tooManyPasswordAttempts", reservation.wait);
  if (!(await verifyPassword(stored, password))) return false;
  await releaseAttempt(db, keys, keys.map((k) => k.key));
  return true;
}

/** A new TOTP key, kept sealed until a code confirms it; the otpauth URI, its QR code and the secret. */
export async function startTwoFactor(db: Db, totpKey: Uint8Array, user: { id: number; email: string }) {
  const state = await q.totpState(db, user.id);
  if (state?.enabled) throw new Conflict("twoFactor.alreadyEnabled");
  const key = newTotpKey();
  await q.savePendingTotp(db, user.id, await sealTotpKey(totpKey, user.id, key));
  const uri = totpUri(user.email, key);
  return {
    uri,
    qrSvg: await QRCode.toString(uri, { type: "svg", margin: 1 }),
    secret: new URL(uri).searchParams.get("secret"),
  };
}

/** Confirms enrolment with a code; returns the ten recovery codes (shown once). */
export async function enableTwoFactor(db: Db, totpKey: Uint8Array, actor: Actor, code: string) {
  const state = await q.totpState(db, actor.id);
  if (!state?.secret) throw new Conflict("twoFactor.setupFirst");
  if (state.enabled) throw new Conflict("twoFactor.alreadyEnabled");
  const step = matchTotpStep(await openTotpKey(totpKey, actor.id, state.secret), code);
  // The code that confirms enrolment is used up like any other: it cannot sign in afterwards.
  if (step === null || !(await useTotpStep(db, actor.id, step))) {
    throw new BadRequest("twoFactor.invalidCode", [
      { path: "code", message: "The code is not valid" },
    ]);
  }
  const codes = newRecoveryCodes();
  const hashes = await Promise.all(codes.map(hashRecoveryCode));
  await db.tx(async (tx) => {
    await q.enableTotp(tx, actor.id, hashes);
    await auditAs(tx, actor.audit, { action: "TWO_FACTOR_ENABLE", entityType: "user", entityId: actor.id });
  });
  return codes;
}

/**
 * TOTP (RFC 6238) with @oslojs/otp; secrets encrypted at rest with their own derived key
 * (secrets.totpKey), recovery codes stored hashed. Each accepted code's time step is remembered per
 * user, so a code works once (an observed code cannot be replayed within its window).
 */
import { decodeBase64 as unb64, encodeBase64 as b64 } from "@oslojs/encoding";
import { createTOTPKeyURI, verifyHOTP } from "@oslojs/otp";
import type { Queryable } from "../db/types.ts";
import * as q from "./queries.ts";
import { decryptText, encryptText, opensWithCurrentKey, randomToken, sha256Hex } from "../lib/crypto.ts";

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

export function newTotpKey(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(20));
}

export function totpUri(email: string, key: Uint8Array) {
  return createTOTPKeyURI("Procurement", email, key, TOTP_PERIOD, TOTP_DIGITS);
}

export async function sealTotpKey(dataKey: Uint8Array, userId: number, key: Uint8Array) {
  return await encryptText(dataKey, b64(key), `totp:${userId}`);
}

export async function openTotpKey(dataKey: Uint8Array, userId: number, sealed: string) {
  return unb64(await decryptText(dataKey, sealed, `totp:${userId}`));
}

/**
 * A secret sealed before per-purpose keys (with the master key, which also sealed bids) is sealed
 * again with the two-factor key; returns the new text, or undefined when it is already current.
 */
export async function resealTotpKeyIfOld(dataKey: Uint8Array, userId: number, sealed: string) {
  if (await opensWithCurrentKey(dataKey, sealed, `totp:${userId}`)) return undefined;
  return await sealTotpKey(dataKey, userId, await openTotpKey(dataKey, userId, sealed));
}

/** The time step a code belongs to (one step of clock drift either way is accepted), or null. */
export function matchTotpStep(key: Uint8Array, code: string, now = Date.now()): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD);
  for (const s of [step - 1, step, step + 1]) {
    if (verifyHOTP(key, BigInt(s), TOTP_DIGITS, code)) return s;
  }
  return null;
}

/**
 * Takes the step for the user, atomically: true only when no code of this step or a later one was
 * accepted before (so two parallel requests with one code cannot both pass).
 */
export async function useTotpStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  return await q.takeTotpStep(db, userId, step);
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => randomToken(8).replace(/[-_]/g, "x").slice(0, 10));
}

export const hashRecoveryCode = (code: string) => sha256Hex(code.trim().toLowerCase());

/** Uses up a recovery code; true when it was valid and unused. */
export async function consumeRecoveryCode(tx: Queryable, userId: number, code: string): Promise<boolean> {
  return await q.useRecoveryCodeHash(tx, userId, await hashRecoveryCode(code));
}

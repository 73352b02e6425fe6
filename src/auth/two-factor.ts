/** TOTP (RFC 6238) with @oslojs/otp; secrets encrypted at rest, recovery codes stored hashed. */
import { createTOTPKeyURI, verifyTOTPWithGracePeriod } from "@oslojs/otp";
import type { Queryable } from "../db/types.ts";
import { decryptText, encryptText, randomToken, sha256Hex } from "../lib/crypto.ts";

export const TOTP_PERIOD = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

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

/** One step of clock drift either way is accepted. */
export function checkTotp(key: Uint8Array, code: string) {
  return /^\d{6}$/.test(code) && verifyTOTPWithGracePeriod(key, TOTP_PERIOD, TOTP_DIGITS, code, TOTP_PERIOD);
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => randomToken(8).replace(/[-_]/g, "x").slice(0, 10));
}

export const hashRecoveryCode = (code: string) => sha256Hex(code.trim().toLowerCase());

/** Uses up a recovery code; true when it was valid and unused. */
export async function consumeRecoveryCode(tx: Queryable, userId: number, code: string): Promise<boolean> {
  const rows = await tx.query(
    `update user_recovery_codes set used_at = now()
      where user_id = $1 and code_hash = $2 and used_at is null returning id`,
    [userId, await hashRecoveryCode(code)],
  );
  return rows.length > 0;
}

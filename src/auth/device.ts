/**
 * Device cookies (docs/decisions/021): a browser in which an account signed in successfully gets a
 * cookie naming that account, signed with the session key. Its sign-ins are counted on a key of
 * their own instead of the account's limit across all addresses, so strangers guessing the
 * account's password elsewhere do not slow its owner down on a browser the owner has used before.
 * A stolen cookie gains nothing but that device's own small budget of guesses.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { hmacSha256, hmacSha256Verify } from "../lib/crypto.ts";

export const DEVICE_COOKIE = "device";
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

const signed = (identifier: string, nonce: string) => `device|${identifier}|${nonce}`;

/** A new cookie value for the identifier (email, or admin:username) that just signed in. */
export async function deviceCookieValue(key: Uint8Array, identifier: string): Promise<string> {
  const nonce = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16)));
  return `${nonce}.${encodeBase64urlNoPadding(await hmacSha256(key, signed(identifier, nonce)))}`;
}

/** The device's id when the cookie was issued to this identifier by this server, else undefined. */
export async function deviceOf(key: Uint8Array, identifier: string, cookie: string | undefined) {
  const [nonce, sig, extra] = (cookie ?? "").split(".");
  if (!nonce || !sig || extra !== undefined || nonce.length > 32) return undefined;
  let mac: Uint8Array;
  try {
    mac = decodeBase64urlIgnorePadding(sig);
  } catch {
    return undefined;
  }
  return await hmacSha256Verify(key, signed(identifier, nonce), mac) ? nonce : undefined;
}

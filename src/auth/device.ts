/**
 * Device cookies (docs/decisions/021): a browser in which an account signed in successfully gets a
 * cookie naming that account, signed with the session key. Its sign-ins are counted on a key of
 * their own instead of the account's limit across all addresses, so strangers guessing the
 * account's password elsewhere do not slow its owner down on a browser the owner has used before.
 * A stolen cookie gains nothing but that device's own small budget of guesses.
 */
import { encodeBase64urlNoPadding } from "@oslojs/encoding";

export const DEVICE_COOKIE = "device";
export const DEVICE_TTL_SECONDS = 180 * 24 * 60 * 60;

async function mac(key: Uint8Array, identifier: string, nonce: string): Promise<string> {
  const k = await crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  const sig = await crypto.subtle.sign("HMAC", k, new TextEncoder().encode(`device|${identifier}|${nonce}`));
  return encodeBase64urlNoPadding(new Uint8Array(sig));
}

/** A new cookie value for the identifier (email, or admin:username) that just signed in. */
export async function deviceCookieValue(key: Uint8Array, identifier: string): Promise<string> {
  const nonce = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16)));
  return `${nonce}.${await mac(key, identifier, nonce)}`;
}

/** The device's id when the cookie was issued to this identifier by this server, else undefined. */
export async function deviceOf(key: Uint8Array, identifier: string, cookie: string | undefined) {
  const [nonce, sig, extra] = (cookie ?? "").split(".");
  if (!nonce || !sig || extra !== undefined || nonce.length > 32) return undefined;
  return sameText(sig, await mac(key, identifier, nonce)) ? nonce : undefined;
}

/** Compares in time independent of where the texts differ. */
function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

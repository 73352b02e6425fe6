/** AES-256-GCM for data that must be unreadable at rest (sealed bids, TOTP secrets). */
import { decodeBase64, encodeBase64, encodeBase64urlNoPadding, encodeHexLowerCase } from "@oslojs/encoding";

const IV_BYTES = 12;

/**
 * Keys that replaced an older one: data encrypted before the change (with the master key itself,
 * before per-purpose keys were derived) still decrypts. GCM authenticates, so trying the old key
 * after the new one fails can never return wrong plaintext.
 */
const fallbacks = new WeakMap<Uint8Array, Uint8Array>();
export function registerFallbackKey(key: Uint8Array, older: Uint8Array) {
  fallbacks.set(key, older);
}

async function importKey(raw: Uint8Array) {
  return await crypto.subtle.importKey("raw", raw as BufferSource, "AES-GCM", false, ["encrypt", "decrypt"]);
}

/** Returns iv || ciphertext+tag. `context` is bound as additional data, so a blob cannot be moved to another row. */
export async function encrypt(key: Uint8Array, plain: Uint8Array, context = ""): Promise<Uint8Array> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv, additionalData: new TextEncoder().encode(context) },
    await importKey(key),
    plain as BufferSource,
  );
  const out = new Uint8Array(IV_BYTES + sealed.byteLength);
  out.set(iv);
  out.set(new Uint8Array(sealed), IV_BYTES);
  return out;
}

export async function decrypt(key: Uint8Array, blob: Uint8Array, context = ""): Promise<Uint8Array> {
  try {
    return await decryptWith(key, blob, context);
  } catch (e) {
    const older = fallbacks.get(key);
    if (!older) throw e;
    return await decryptWith(older, blob, context);
  }
}

/** True when the blob opens with `key` itself (not only with its older fallback): no re-encryption needed. */
export async function opensWithCurrentKey(key: Uint8Array, b64: string, context = ""): Promise<boolean> {
  try {
    await decryptWith(key, decodeBase64(b64), context);
    return true;
  } catch {
    return false;
  }
}

async function decryptWith(key: Uint8Array, blob: Uint8Array, context: string): Promise<Uint8Array> {
  const plain = await crypto.subtle.decrypt(
    { name: "AES-GCM", iv: blob.slice(0, IV_BYTES), additionalData: new TextEncoder().encode(context) },
    await importKey(key),
    blob.slice(IV_BYTES) as BufferSource,
  );
  return new Uint8Array(plain);
}

export async function encryptText(key: Uint8Array, text: string, context = ""): Promise<string> {
  const blob = await encrypt(key, new TextEncoder().encode(text), context);
  return encodeBase64(blob);
}

export async function decryptText(key: Uint8Array, b64: string, context = ""): Promise<string> {
  const blob = decodeBase64(b64);
  return new TextDecoder().decode(await decrypt(key, blob, context));
}

async function hmacKey(key: Uint8Array, use: "sign" | "verify") {
  return await crypto.subtle.importKey("raw", key as BufferSource, { name: "HMAC", hash: "SHA-256" }, false, [use]);
}

/** HMAC-SHA256 of text (UTF-8) under `key`. */
export async function hmacSha256(key: Uint8Array, text: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign("HMAC", await hmacKey(key, "sign"), new TextEncoder().encode(text)));
}

/** Whether `mac` is the HMAC-SHA256 of text under `key` (compared by WebCrypto, in constant time). */
export async function hmacSha256Verify(key: Uint8Array, text: string, mac: Uint8Array): Promise<boolean> {
  return await crypto.subtle.verify(
    "HMAC",
    await hmacKey(key, "verify"),
    mac as BufferSource,
    new TextEncoder().encode(text),
  );
}

/** Hex SHA-256 of text (UTF-8) or bytes. */
export async function sha256Hex(data: string | Uint8Array): Promise<string> {
  const bytes = typeof data === "string" ? new TextEncoder().encode(data) : data;
  const digest = await crypto.subtle.digest("SHA-256", bytes as BufferSource);
  return encodeHexLowerCase(new Uint8Array(digest));
}

/** URL-safe random token (for one-time links and recovery codes). */
export function randomToken(bytes = 32): string {
  const raw = crypto.getRandomValues(new Uint8Array(bytes));
  return encodeBase64urlNoPadding(raw);
}

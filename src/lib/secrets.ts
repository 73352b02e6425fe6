/**
 * Keys the server needs. In production they come from the environment (config.ts requires them);
 * in embedded/demo mode they are generated once and kept in DATA_DIR/secrets.json (mode 0600),
 * so sessions and sealed bids survive restarts without any set-up.
 */
import { decodeBase64 as unb64, encodeBase64 as b64 } from "@oslojs/encoding";
import { hkdfSync } from "node:crypto";
import type { Config } from "../config.ts";
import { registerFallbackKey } from "./crypto.ts";

/**
 * What each derived key protects. Every purpose gets its own key, derived with HKDF-SHA256 from the
 * configured master key (SEALED_BID_KEY), so a key handed to one part of the code opens nothing else.
 */
export type KeyPurpose = "sealed-bids" | "totp-secrets" | "audit" | "backups" | "outbox-links";

export interface Secrets {
  /** HS256 key for session tokens. */
  jwtKey: Uint8Array;
  /**
   * AES-256-GCM key for sealed bids (derived, purpose "sealed-bids"). Data sealed before keys were
   * derived (with the master key itself) still opens: crypto.ts falls back to the master key.
   */
  sealedBidKey: Uint8Array;
  /** AES-256-GCM key for two-factor secrets (derived, purpose "totp-secrets"; same fallback). */
  totpKey: Uint8Array;
  /** The key for any other purpose: derived once, same fallback, same object each call. */
  keyFor(purpose: KeyPurpose): Uint8Array;
}

const INFO_PREFIX = "procurement/v1/";

/** HKDF-SHA256(master, info = purpose): 32 bytes. */
export function deriveKey(master: Uint8Array, purpose: KeyPurpose): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", master, new Uint8Array(0), INFO_PREFIX + purpose, 32));
}

function withDerivedKeys(jwtKey: Uint8Array, master: Uint8Array): Secrets {
  const keys = new Map<KeyPurpose, Uint8Array>();
  const keyFor = (purpose: KeyPurpose) => {
    let key = keys.get(purpose);
    if (!key) {
      key = deriveKey(master, purpose);
      registerFallbackKey(key, master);
      keys.set(purpose, key);
    }
    return key;
  };
  return { jwtKey, sealedBidKey: keyFor("sealed-bids"), totpKey: keyFor("totp-secrets"), keyFor };
}

const random = (n: number) => crypto.getRandomValues(new Uint8Array(n));

export async function loadSecrets(config: Pick<Config, "jwtSecret" | "sealedBidKey" | "dataDir">): Promise<Secrets> {
  let stored: { jwtSecret?: string; sealedBidKey?: string } = {};
  const path = `${config.dataDir}/secrets.json`;
  if (!config.jwtSecret || !config.sealedBidKey) {
    try {
      stored = JSON.parse(await Deno.readTextFile(path));
    } catch (e) {
      if (!(e instanceof Deno.errors.NotFound)) throw e;
    }
    const next = {
      jwtSecret: stored.jwtSecret ?? b64(random(48)),
      sealedBidKey: stored.sealedBidKey ?? b64(random(32)),
    };
    if (next.jwtSecret !== stored.jwtSecret || next.sealedBidKey !== stored.sealedBidKey) {
      await Deno.mkdir(config.dataDir, { recursive: true });
      await Deno.writeTextFile(path, JSON.stringify(next), { mode: 0o600 });
    }
    stored = next;
  }
  return withDerivedKeys(
    new TextEncoder().encode(config.jwtSecret ?? stored.jwtSecret!),
    unb64(config.sealedBidKey ?? stored.sealedBidKey!),
  );
}

/** Fixed keys for tests that need no files (the master key is 32 bytes of 7). */
export function testSecrets(): Secrets {
  return withDerivedKeys(new TextEncoder().encode("t".repeat(48)), testMasterKey());
}

export function testMasterKey(): Uint8Array {
  return new Uint8Array(32).fill(7);
}

/**
 * Keys the server needs. In production they come from the environment (config.ts requires them);
 * in embedded/demo mode they are generated once and kept in DATA_DIR/secrets.json (mode 0600),
 * so sessions and sealed bids survive restarts without any set-up.
 */
import type { Config } from "../config.ts";

export interface Secrets {
  /** HS256 key for session tokens. */
  jwtKey: Uint8Array;
  /** AES-256-GCM key for sealed bids. */
  sealedBidKey: Uint8Array;
}

const b64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
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
  return {
    jwtKey: new TextEncoder().encode(config.jwtSecret ?? stored.jwtSecret!),
    sealedBidKey: unb64(config.sealedBidKey ?? stored.sealedBidKey!),
  };
}

/** Fixed keys for tests that need no files. */
export function testSecrets(): Secrets {
  return { jwtKey: new TextEncoder().encode("t".repeat(48)), sealedBidKey: new Uint8Array(32).fill(7) };
}

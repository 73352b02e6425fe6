/** argon2id password hashing. Hashes and passwords are never logged or returned by the API. */
import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline (19 MiB, 2 iterations, 1 lane).
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const MIN_PASSWORD_LENGTH = 6;

/**
 * How many hashes this process has computed: argon2 is the expensive step an attacker would aim at,
 * so tests check that refused requests never reach it (a count, not a timing).
 */
export const hashingStats = { hashes: 0 };

export function hashPassword(password: string): Promise<string> {
  hashingStats.hashes++;
  return hash(password, OPTIONS);
}

export async function verifyPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of a random password, verified against when the user does not exist, so timing does not reveal accounts. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  return (dummy ??= hashPassword(crypto.randomUUID()));
}

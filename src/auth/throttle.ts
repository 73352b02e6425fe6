/**
 * Throttling of credential checks (passwords, TOTP codes, one-time tokens), held in the database so
 * it holds across instances.
 *
 * An attempt is RESERVED before the secret is verified: the reservation reads and updates the
 * counter under a row lock in one transaction, so of N parallel guesses at most `limit` are ever
 * evaluated; the others are refused without touching the secret. A failure needs no second write
 * (the reservation already counted it); a success releases it.
 *
 * Keys are chosen so that the limit cannot be turned into a weapon:
 * - sign-in counts per (account, address) and per address (a higher limit): a stranger elsewhere
 *   cannot lock a known account, and one person cannot lock a shared office address (their own
 *   (account, address) lock stops them long before the address limit);
 * - each lock lasts `lockSeconds`, doubled for every lock in a row (backoff, up to `maxLockSeconds`),
 *   forgotten after a quiet day.
 */
import type { Db, Queryable } from "../db/types.ts";
import * as q from "./queries.ts";

export interface ThrottleRule {
  /** Failures allowed in `windowSeconds` before the key is locked. */
  limit: number;
  windowSeconds: number;
  /** Length of the first lock; each following lock in a row doubles it. */
  lockSeconds: number;
  maxLockSeconds: number;
}

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

export const RULES = {
  /** One account from one address: the owner's typos, or a guesser at one address. */
  account: { limit: 5, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE, maxLockSeconds: DAY },
  /** Everything from one address, whichever accounts: a guesser spraying many accounts. */
  address: { limit: 30, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE, maxLockSeconds: DAY },
  /** One-time link tokens guessed from one address. */
  token: { limit: 10, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE, maxLockSeconds: DAY },
} as const satisfies Record<string, ThrottleRule>;

/** How long a key's lock history is remembered without new activity. */
const LOCKOUT_MEMORY_SECONDS = DAY;

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export type Reservation =
  | { ok: true; keys: ThrottleKey[] }
  | {
    ok: false;
    /** Seconds until the key that refused allows attempts again. */
    wait: number;
    /** True for the one request that locked the key: the refusal to write to the audit trail. */
    justLocked: boolean;
    /** The refusing key's name, without the secret part (for the audit trail). */
    scope: string;
  };

async function reserveOne(tx: Queryable, { key, rule }: ThrottleKey) {
  const row = await q.lockThrottleRow(tx, key);
  if (row.lockedFor !== null && row.lockedFor > 0) {
    return { ok: false as const, wait: Math.ceil(row.lockedFor), justLocked: false };
  }
  const lockouts = row.idle > LOCKOUT_MEMORY_SECONDS ? 0 : row.lockouts;
  const windowOpen = row.windowAge < rule.windowSeconds;
  const failures = windowOpen ? row.failures : 0;
  if (failures >= rule.limit) {
    const lockFor = Math.min(rule.lockSeconds * 2 ** lockouts, rule.maxLockSeconds);
    await q.lockThrottleKey(tx, key, lockouts + 1, lockFor);
    return { ok: false as const, wait: lockFor, justLocked: true };
  }
  await q.countThrottleAttempt(tx, key, failures + 1, lockouts, windowOpen);
  return { ok: true as const };
}

/**
 * Reserve one attempt on every key, in the given order (callers always list the narrower key
 * first, so locks are taken in one order and one person's lock does not count against the address).
 * Refused by the first key that is locked or full; nothing is reserved on the others then.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[]): Promise<Reservation> {
  return await db.tx(async (tx) => {
    const taken: ThrottleKey[] = [];
    for (const k of keys) {
      const r = await reserveOne(tx, k);
      if (!r.ok) {
        for (const t of taken) await releaseOne(tx, t.key, false);
        return { ...r, scope: k.key.split(":")[0] };
      }
      taken.push(k);
    }
    return { ok: true, keys: taken };
  });
}

async function releaseOne(tx: Queryable, key: string, reset: boolean) {
  await q.releaseThrottleKey(tx, key, reset);
}

/**
 * The attempt succeeded: it does not count as a failure. The keys in `reset` (the account's own)
 * start afresh; the others (the shared address) only give back this attempt.
 */
export async function releaseAttempt(db: Queryable, keys: ThrottleKey[], reset: string[] = []) {
  for (const k of keys) await releaseOne(db, k.key, reset.includes(k.key));
}

/** Throttle keys of one sign-in identifier at one address. */
export function signInKeys(identifier: string, ip: string): ThrottleKey[] {
  return [
    { key: `signin:${identifier}|${ip}`, rule: RULES.account },
    { key: `signin-ip:${ip}`, rule: RULES.address },
  ];
}

/** The second factor: per account (the password was right, so no stranger can lock it) and address. */
export function totpKeys(userId: number, ip: string): ThrottleKey[] {
  return [
    { key: `totp:${userId}`, rule: RULES.account },
    { key: `signin-ip:${ip}`, rule: RULES.address },
  ];
}

/** Re-entering one's own password while signed in (change password, turn two-factor off). */
export function confirmPasswordKeys(userId: number): ThrottleKey[] {
  return [{ key: `confirm:${userId}`, rule: RULES.account }];
}

/** One-time link tokens (set-password) tried from one address. */
export function tokenKeys(ip: string): ThrottleKey[] {
  return [{ key: `token-ip:${ip}`, rule: RULES.token }];
}

/**
 * Fixed-window request counter for public writes, one statement: the count is taken and checked
 * atomically. Returns the hit number in the window and the seconds until it ends.
 */
export async function hitRateLimit(db: Queryable, key: string, windowSeconds: number) {
  return await q.hitRateLimitRow(db, key, windowSeconds);
}

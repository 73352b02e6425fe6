/**
 * Throttling of credential checks (passwords, TOTP codes, one-time tokens), held in the database so
 * it holds across instances (docs/decisions/021).
 *
 * An attempt is RESERVED before the secret is verified: the reservation reads and updates the
 * counters under row locks in one transaction, so of N parallel guesses at most the allowance is
 * ever evaluated; the others are refused without touching the secret. A failure needs no second
 * write (the reservation already counted it); a success releases it.
 *
 * Three kinds of key, chosen so that no limit can be turned into a weapon:
 * - "lock" (one account from one address; one device): `limit` failures in a window, then a lock that
 *   doubles each time in a row (backoff), forgotten after a quiet day.
 * - "delay" (one account from every address): `free` failures, then each further evaluation waits
 *   `baseSeconds`, doubling up to `maxSeconds`: about ten guesses per quarter hour from any number of
 *   addresses, and never a lock: the owner waits at most `maxSeconds`, and not at all on a browser
 *   where the account signed in before (device.ts).
 * - "address" (everything from one address): past a high `limit`, only identifiers that already
 *   failed from that address are refused; a colleague's right password from the same office address
 *   is always evaluated.
 */
import type { Db, Queryable } from "../db/types.ts";
import * as q from "./queries.ts";

export interface LockRule {
  kind: "lock";
  /** Failures allowed in `windowSeconds` before the key is locked. */
  limit: number;
  windowSeconds: number;
  /** Length of the first lock; each following lock in a row doubles it. */
  lockSeconds: number;
  maxLockSeconds: number;
}

export interface DelayRule {
  kind: "delay";
  /** Failures in `windowSeconds` evaluated without waiting. */
  free: number;
  windowSeconds: number;
  /** Wait after the first failure beyond `free`; doubled after each further one, up to `maxSeconds`. */
  baseSeconds: number;
  maxSeconds: number;
}

export interface AddressRule {
  kind: "address";
  /** Failures in `windowSeconds` after which identifiers that failed from the address are refused. */
  limit: number;
  windowSeconds: number;
}

export type ThrottleRule = LockRule | DelayRule | AddressRule;

const MINUTE = 60;
const DAY = 24 * 60 * MINUTE;

export const RULES = {
  /** One account from one address (or one device): the owner's typos, or a guesser at one address. */
  account: { kind: "lock", limit: 5, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE, maxLockSeconds: DAY },
  /** One account from every address: 5 free, then 30 s, 1, 2, 4 min, 5 min each (10 per 15 minutes). */
  accountEverywhere: { kind: "delay", free: 5, windowSeconds: 15 * MINUTE, baseSeconds: 30, maxSeconds: 5 * MINUTE },
  /** Everything from one address, whichever accounts: a guesser spraying many accounts. */
  address: { kind: "address", limit: 100, windowSeconds: 15 * MINUTE },
  /** One-time link tokens guessed from one address. */
  token: { kind: "lock", limit: 10, windowSeconds: 15 * MINUTE, lockSeconds: 15 * MINUTE, maxLockSeconds: DAY },
} as const satisfies Record<string, ThrottleRule>;

/** Failures of an account (from every address) at which its owner is told by email. */
export const NOTIFY_OWNER_AT = 5;

/** How long a key's lock history is remembered without new activity. */
const LOCKOUT_MEMORY_SECONDS = DAY;

export interface ThrottleKey {
  key: string;
  rule: ThrottleRule;
}

export type Reservation =
  | {
    ok: true;
    keys: ThrottleKey[];
    /** Each key's failures in its window, this attempt counted (read by the caller to warn the owner). */
    failures: number[];
  }
  | {
    ok: false;
    /** Seconds until the key that refused allows attempts again. */
    wait: number;
    /** True for the one request that locked the key: the refusal to write to the audit trail. */
    justLocked: boolean;
    /** The refusing key's name, without the secret part (for the audit trail). */
    scope: string;
  };

type One = { ok: true; failures: number; before: number } | { ok: false; wait: number; justLocked: boolean };

/**
 * One key's reservation. `clean`: the narrower key before it had no failure in its window (an
 * address past its limit still lets that identifier be tried).
 */
async function reserveOne(tx: Queryable, { key, rule }: ThrottleKey, clean: boolean): Promise<One> {
  const row = await q.lockThrottleRow(tx, key);
  const windowOpen = row.windowAge < rule.windowSeconds;
  const failures = windowOpen ? row.failures : 0;
  if (rule.kind === "delay") {
    if (row.lockedFor !== null && row.lockedFor > 0) {
      // `lockouts` remembers the failure count whose wait was already reported: one audit row per wait.
      const justLocked = row.lockouts < failures;
      if (justLocked) await q.markThrottleReported(tx, key, failures);
      return { ok: false, wait: Math.ceil(row.lockedFor), justLocked };
    }
    const next = failures + 1;
    const wait = next < rule.free ? 0 : Math.min(rule.baseSeconds * 2 ** (next - rule.free), rule.maxSeconds);
    await q.countDelayedAttempt(tx, key, next, windowOpen ? row.lockouts : 0, windowOpen, wait);
    return { ok: true, failures: next, before: failures };
  }
  if (rule.kind === "address") {
    if (failures >= rule.limit && !clean) {
      const justLocked = windowOpen && row.lockouts === 0;
      if (justLocked) await q.markThrottleReported(tx, key, 1);
      return { ok: false, wait: Math.max(1, Math.ceil(rule.windowSeconds - row.windowAge)), justLocked };
    }
    await q.countThrottleAttempt(tx, key, failures + 1, windowOpen ? row.lockouts : 0, windowOpen);
    return { ok: true, failures: failures + 1, before: failures };
  }
  if (row.lockedFor !== null && row.lockedFor > 0) {
    return { ok: false, wait: Math.ceil(row.lockedFor), justLocked: false };
  }
  const lockouts = row.idle > LOCKOUT_MEMORY_SECONDS ? 0 : row.lockouts;
  if (failures >= rule.limit) {
    const lockFor = Math.min(rule.lockSeconds * 2 ** lockouts, rule.maxLockSeconds);
    await q.lockThrottleKey(tx, key, lockouts + 1, lockFor);
    return { ok: false, wait: lockFor, justLocked: true };
  }
  await q.countThrottleAttempt(tx, key, failures + 1, lockouts, windowOpen);
  return { ok: true, failures: failures + 1, before: failures };
}

/**
 * Reserve one attempt on every key, in the given order (callers always list the narrower key
 * first, so locks are taken in one order and one person's lock does not count against the address).
 * Refused by the first key that is locked or full; nothing is reserved on the others then.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[]): Promise<Reservation> {
  return await db.tx(async (tx) => {
    const taken: ThrottleKey[] = [];
    const failures: number[] = [];
    let clean = true;
    for (const [i, k] of keys.entries()) {
      const r = await reserveOne(tx, k, clean);
      if (!r.ok) {
        for (const t of taken) await releaseOne(tx, t.key, false);
        return { ...r, scope: k.key.split(":")[0] };
      }
      if (i === 0) clean = r.before === 0;
      taken.push(k);
      failures.push(r.failures);
    }
    return { ok: true, keys: taken, failures };
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

/**
 * Throttle keys of one sign-in identifier at one address: the account there, the account from every
 * address, the address. From a browser where the identifier signed in before (`device`, device.ts),
 * that device's own key replaces the first two.
 */
export function signInKeys(identifier: string, ip: string, device?: string): ThrottleKey[] {
  if (device) {
    return [
      { key: `signin-device:${identifier}|${device}`, rule: RULES.account },
      { key: `signin-ip:${ip}`, rule: RULES.address },
    ];
  }
  return [
    { key: `signin:${identifier}|${ip}`, rule: RULES.account },
    { key: `signin-account:${identifier}`, rule: RULES.accountEverywhere },
    { key: `signin-ip:${ip}`, rule: RULES.address },
  ];
}

/** Keys whose history a successful sign-in clears (the identity is proven); the address only gives back one. */
export const personalKeys = (keys: ThrottleKey[]) => keys.filter((k) => k.rule.kind !== "address").map((k) => k.key);

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

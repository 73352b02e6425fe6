import type { Queryable } from "../db/types.ts";
import type { SessionUser } from "../lib/deps.ts";

export type SessionUserRow = SessionUser & { isActive: boolean; vendorStatus: string | null; revoked?: boolean };

const SESSION_USER_COLUMNS = `u.id, u.email, u.username, u.first_name as "firstName", u.last_name as "lastName",
  u.role_id as "roleId", r.name as role, r.display_name as "roleDisplayName",
  u.must_change_password as "mustChangePassword", u.token_version as "tokenVersion",
  u.is_active as "isActive", vp.status as "vendorStatus"`;

/** The user of a session, and whether that session (`sid`) was signed out. */
export async function findSessionUser(db: Queryable, id: number, sid: string): Promise<SessionUserRow | undefined> {
  const rows = await db.query<SessionUserRow>(
    `select ${SESSION_USER_COLUMNS}, exists (select 1 from revoked_sessions rs where rs.sid = $2) as revoked
       from users u join roles r on r.id = u.role_id
       left join vendor_profiles vp on vp.user_id = u.id
      where u.id = $1`,
    [id, sid],
  );
  return rows[0];
}

/** Signs one session out until its token would have expired anyway; forgets entries already past that. */
export async function revokeSession(db: Queryable, sid: string, userId: number | null, ttlSeconds: number) {
  await db.query("delete from revoked_sessions where expires_at < now()");
  await db.query(
    `insert into revoked_sessions (sid, user_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))
     on conflict (sid) do nothing`,
    [sid, userId, ttlSeconds],
  );
}

export type LoginUserRow = SessionUserRow & { passwordHash: string | null; totpEnabled: boolean };

const LOGIN_USER_SELECT =
  `select ${SESSION_USER_COLUMNS}, u.password_hash as "passwordHash", u.totp_enabled as "totpEnabled"
  from users u join roles r on r.id = u.role_id left join vendor_profiles vp on vp.user_id = u.id`;

export async function findLoginUserByEmail(db: Queryable, email: string) {
  return (await db.query<LoginUserRow>(`${LOGIN_USER_SELECT} where u.email = lower($1)`, [email]))[0];
}

export async function findLoginUserByUsername(db: Queryable, username: string) {
  return (await db.query<LoginUserRow>(
    `${LOGIN_USER_SELECT} where lower(u.username) = lower($1) and r.name = 'admin'`,
    [username],
  ))[0];
}

export async function findLoginUserById(db: Queryable, id: number) {
  return (await db.query<LoginUserRow>(`${LOGIN_USER_SELECT} where u.id = $1`, [id]))[0];
}

/** Sign-in history (kept for reports; throttling itself lives in auth_throttle, see throttle.ts). */
export async function recordLoginAttempt(db: Queryable, identifier: string, ip: string, succeeded: boolean) {
  await db.query("insert into login_attempts (identifier, ip, succeeded) values ($1, $2, $3)", [
    identifier,
    ip,
    succeeded,
  ]);
}

export async function markLoggedIn(db: Queryable, userId: number) {
  await db.query("update users set last_login_at = now() where id = $1", [userId]);
}

// Two-factor sign-in (src/auth/two-factor.ts)

/** The user's sealed TOTP secret, if two-factor is set up. */
export async function totpSecretOf(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.query<{ totp_secret: string | null }>("select totp_secret from users where id = $1", [userId]);
  return row?.totp_secret ?? null;
}

/** Replaces the sealed secret only if it is still the one read (a parallel change wins). */
export async function replaceTotpSecret(db: Queryable, userId: number, next: string, previous: string) {
  await db.query("update users set totp_secret = $2 where id = $1 and totp_secret = $3", [userId, next, previous]);
}

/** Takes the TOTP step if no code of this step or a later one was accepted before; true when taken. */
export async function takeTotpStep(db: Queryable, userId: number, step: number): Promise<boolean> {
  const rows = await db.query(
    `update users set totp_last_step = $2 where id = $1 and (totp_last_step is null or totp_last_step < $2)
     returning id`,
    [userId, step],
  );
  return rows.length > 0;
}

/** Marks an unused recovery code (by hash) as used; true when there was one. */
export async function useRecoveryCodeHash(tx: Queryable, userId: number, codeHash: string): Promise<boolean> {
  const rows = await tx.query(
    `update user_recovery_codes set used_at = now()
      where user_id = $1 and code_hash = $2 and used_at is null returning id`,
    [userId, codeHash],
  );
  return rows.length > 0;
}

// Throttling (tables auth_throttle and rate_limits, src/auth/throttle.ts)

export interface ThrottleRow {
  failures: number;
  windowAge: number;
  lockouts: number;
  lockedFor: number | null;
  idle: number;
}

/** The key's counters (the row is made on first use), locked for the reservation. */
export async function lockThrottleRow(tx: Queryable, key: string): Promise<ThrottleRow> {
  await tx.query("insert into auth_throttle (key) values ($1) on conflict (key) do nothing", [key]);
  const [row] = await tx.query<ThrottleRow>(
    `select failures, extract(epoch from now() - window_start)::float8 as "windowAge", lockouts,
            extract(epoch from locked_until - now())::float8 as "lockedFor",
            extract(epoch from now() - updated_at)::float8 as idle
       from auth_throttle where key = $1 for update`,
    [key],
  );
  return row;
}

/** Locks the key for `seconds` and starts a new window. */
export async function lockThrottleKey(tx: Queryable, key: string, lockouts: number, seconds: number) {
  await tx.query(
    `update auth_throttle set failures = 0, window_start = now(), lockouts = $2,
        locked_until = now() + make_interval(secs => $3), updated_at = now() where key = $1`,
    [key, lockouts, seconds],
  );
}

/** Counts one more attempt; `windowOpen` false starts a new window. */
export async function countThrottleAttempt(
  tx: Queryable,
  key: string,
  failures: number,
  lockouts: number,
  windowOpen: boolean,
) {
  await tx.query(
    `update auth_throttle set failures = $2, lockouts = $3, locked_until = null, updated_at = now(),
        window_start = case when $4::boolean then window_start else now() end
      where key = $1`,
    [key, failures, lockouts, windowOpen],
  );
}

/** Gives back one attempt, or (`reset`) starts the key afresh. */
export async function releaseThrottleKey(tx: Queryable, key: string, reset: boolean) {
  await tx.query(
    reset
      ? "update auth_throttle set failures = 0, lockouts = 0, locked_until = null, updated_at = now() where key = $1"
      : "update auth_throttle set failures = greatest(failures - 1, 0) where key = $1",
    [key],
  );
}

/** Counts a failure on a delay key; the next attempt waits `waitSeconds` (0: none). */
export async function countDelayedAttempt(
  tx: Queryable,
  key: string,
  failures: number,
  reported: number,
  windowOpen: boolean,
  waitSeconds: number,
) {
  await tx.query(
    `update auth_throttle set failures = $2, lockouts = $3, updated_at = now(),
        locked_until = case when $5::int > 0 then now() + make_interval(secs => $5::int) end,
        window_start = case when $4::boolean then window_start else now() end
      where key = $1`,
    [key, failures, reported, windowOpen, waitSeconds],
  );
}

/** Remembers that the key's current refusal was written to the audit trail. */
export async function markThrottleReported(tx: Queryable, key: string, reported: number) {
  await tx.query("update auth_throttle set lockouts = $2 where key = $1", [key, reported]);
}

/** One hit on a fixed-window counter, taken and checked in one statement; the hit number and seconds left. */
export async function hitRateLimitRow(db: Queryable, key: string, windowSeconds: number) {
  const [row] = await db.query<{ hits: number; wait: number }>(
    `insert into rate_limits as r (key, window_start, hits) values ($1, now(), 1)
     on conflict (key) do update set
       hits = case when r.window_start <= now() - make_interval(secs => $2) then 1 else r.hits + 1 end,
       window_start = case when r.window_start <= now() - make_interval(secs => $2) then now() else r.window_start end
     returning hits, greatest(1, ceil(extract(epoch from window_start + make_interval(secs => $2) - now())))::int as wait`,
    [key, windowSeconds],
  );
  return row;
}

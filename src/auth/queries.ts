import type { Queryable } from "../db/types.ts";
import type { SessionUser } from "../lib/deps.ts";

export type SessionUserRow = SessionUser & { isActive: boolean; vendorStatus: string | null };

const SESSION_USER_COLUMNS = `u.id, u.email, u.username, u.first_name as "firstName", u.last_name as "lastName",
  u.role_id as "roleId", r.name as role, r.display_name as "roleDisplayName",
  u.must_change_password as "mustChangePassword", u.token_version as "tokenVersion",
  u.is_active as "isActive", vp.status as "vendorStatus"`;

export async function findSessionUser(db: Queryable, id: number): Promise<SessionUserRow | undefined> {
  const rows = await db.query<SessionUserRow>(
    `select ${SESSION_USER_COLUMNS}
       from users u join roles r on r.id = u.role_id
       left join vendor_profiles vp on vp.user_id = u.id
      where u.id = $1`,
    [id],
  );
  return rows[0];
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

export const THROTTLE_WINDOW_MINUTES = 15;
export const THROTTLE_MAX_FAILURES = 5;

/** Seconds until another attempt is allowed for this identifier and IP, or 0 when allowed now. */
export async function throttleWait(db: Queryable, identifier: string, ip: string): Promise<number> {
  const rows = await db.query<{ wait: number | null }>(
    `with recent as (
       select identifier, ip, created_at from login_attempts
        where not succeeded and created_at > now() - make_interval(mins => $3)
          and (identifier = $1 or ip = $2)
     ), nth as (
       select (select created_at from recent where identifier = $1 order by created_at desc offset $4 - 1 limit 1) as by_id,
              (select created_at from recent where ip = $2 order by created_at desc offset $4 - 1 limit 1) as by_ip
     )
     select ceil(extract(epoch from (greatest(by_id, by_ip) + make_interval(mins => $3) - now())))::int as wait from nth`,
    [identifier, ip, THROTTLE_WINDOW_MINUTES, THROTTLE_MAX_FAILURES],
  );
  return Math.max(0, rows[0]?.wait ?? 0);
}

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

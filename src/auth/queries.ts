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

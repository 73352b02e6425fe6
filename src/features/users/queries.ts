import type { Queryable } from "../../db/types.ts";

export interface UserRow {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  username: string | null;
  phone: string | null;
  isActive: boolean;
  mustChangePassword: boolean;
  totpEnabled: boolean;
  lastLoginAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  companyName: string | null;
  contactPerson: string | null;
  vendorStatus: string | null;
  role: { id: number; name: string; displayName: string };
}

const USER_SELECT = `select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, u.username, u.phone,
    u.is_active as "isActive", u.must_change_password as "mustChangePassword", u.totp_enabled as "totpEnabled",
    u.last_login_at as "lastLoginAt", u.created_at as "createdAt", u.updated_at as "updatedAt",
    vp.company_name as "companyName", vp.contact_person as "contactPerson", vp.status as "vendorStatus",
    json_build_object('id', r.id, 'name', r.name, 'displayName', r.display_name) as role
  from users u join roles r on r.id = u.role_id left join vendor_profiles vp on vp.user_id = u.id`;

export async function listUsers(db: Queryable, f: { q?: string; roleId?: number; limit: number; offset: number }) {
  const where =
    `where ($1::text is null or u.email ilike '%' || $1 || '%' or (u.first_name || ' ' || u.last_name) ilike '%' || $1 || '%')
      and ($2::int is null or u.role_id = $2)`;
  const [items, total] = await Promise.all([
    db.query<UserRow>(`${USER_SELECT} ${where} order by u.created_at desc, u.id desc limit $3 offset $4`, [
      f.q ?? null,
      f.roleId ?? null,
      f.limit,
      f.offset,
    ]),
    db.query<{ n: number }>(`select count(*)::int as n from users u ${where}`, [f.q ?? null, f.roleId ?? null]),
  ]);
  return { items, total: total[0].n };
}

export async function getUser(db: Queryable, id: number) {
  return (await db.query<UserRow>(`${USER_SELECT} where u.id = $1`, [id]))[0];
}

/** Locks the user row for the rest of the transaction. */
export async function lockUser(db: Queryable, id: number) {
  return (await db.query<{ id: number; roleId: number; isActive: boolean; email: string }>(
    `select id, role_id as "roleId", is_active as "isActive", email from users where id = $1 for update`,
    [id],
  ))[0];
}

/** Active admins, locked, so two admins cannot demote each other at the same moment and leave none. */
export async function lockActiveAdmins(db: Queryable) {
  return await db.query<{ id: number }>("select id from users where role_id = 1 and is_active order by id for update");
}

export async function emailTaken(db: Queryable, email: string, exceptId?: number) {
  const rows = await db.query("select 1 from users where email = $1 and id <> coalesce($2, -1)", [
    email,
    exceptId ?? null,
  ]);
  return rows.length > 0;
}

export async function insertUser(
  db: Queryable,
  u: { firstName: string; lastName: string; email: string; passwordHash: string; roleId: number },
) {
  const rows = await db.query<{ id: number }>(
    `insert into users (first_name, last_name, email, password_hash, role_id, must_change_password)
     values ($1, $2, $3, $4, $5, true) returning id`,
    [u.firstName, u.lastName, u.email, u.passwordHash, u.roleId],
  );
  return rows[0].id;
}

export async function updateUserFields(
  db: Queryable,
  id: number,
  u: { firstName: string; lastName: string; email: string; phone?: string | null },
) {
  await db.query(
    `update users set first_name = $2, last_name = $3, email = $4, phone = coalesce($5, phone), updated_at = now()
      where id = $1`,
    [id, u.firstName, u.lastName, u.email, u.phone ?? null],
  );
}

export async function updateVendorContact(
  db: Queryable,
  id: number,
  v: { companyName?: string; contactPerson?: string; phone?: string },
) {
  await db.query(
    `update vendor_profiles set company_name = coalesce(nullif($2, ''), company_name),
        contact_person = coalesce(nullif($3, ''), contact_person), phone = coalesce(nullif($4, ''), phone),
        updated_at = now()
      where user_id = $1`,
    [id, v.companyName ?? null, v.contactPerson ?? null, v.phone ?? null],
  );
}

/** Sets a password; `mustChange` for passwords an administrator chose. Ends every session of the user. */
export async function setPassword(db: Queryable, id: number, passwordHash: string, mustChange: boolean) {
  await db.query(
    `update users set password_hash = $2, must_change_password = $3, token_version = token_version + 1,
        updated_at = now() where id = $1`,
    [id, passwordHash, mustChange],
  );
}

export async function setRole(db: Queryable, id: number, roleId: number) {
  await db.query(
    "update users set role_id = $2, token_version = token_version + 1, updated_at = now() where id = $1",
    [id, roleId],
  );
}

export async function setActive(db: Queryable, id: number, isActive: boolean) {
  await db.query(
    `update users set is_active = $2, token_version = token_version + case when $2 then 0 else 1 end,
        updated_at = now() where id = $1`,
    [id, isActive],
  );
}

export async function passwordHashOf(db: Queryable, id: number) {
  return (await db.query<{ h: string | null }>("select password_hash as h from users where id = $1", [id]))[0]?.h;
}

export async function adminStats(db: Queryable) {
  // Exact counts kept by the database (sql/0023_kept_counts.sql).
  const rows = await db.query<{ totalUsers: number; activeUsers: number; pendingVendors: number }>(
    `select coalesce(sum(n) filter (where entity = 'users'), 0)::int as "totalUsers",
            coalesce(sum(n) filter (where entity = 'users' and bucket = 'active'), 0)::int as "activeUsers",
            coalesce(sum(n) filter (where entity = 'vendor_profiles' and bucket = 'pending'), 0)::int as "pendingVendors"
       from kept_counts where entity in ('users', 'vendor_profiles')`,
  );
  return rows[0];
}

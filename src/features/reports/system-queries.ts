/**
 * The queries of the admin system analytics: users by role and by last sign-in, sign-ins
 * and failures per day, the outbox by status, file storage and the database's size. Days are
 * calendar days in the organisation's time zone ($tz), as in the other reports.
 */
import type { Queryable } from "../../db/types.ts";

export const ACTIVITY = ["today", "week", "month", "older", "never"] as const;
export type Activity = (typeof ACTIVITY)[number];
export const OUTBOX_STATUSES = ["pending", "sending", "sent", "logged", "failed"] as const;
export const FILE_PURPOSES = ["business_license", "quotation_attachment", "ocr_source", "backup", "other"] as const;

/** The range a report covers: `from` and `to` as given, else the 30 days ending today (organisation's zone). */
export async function resolveRange(db: Queryable, from: string | null, to: string | null, tz: string, maxDays: number) {
  const [row] = await db.query<{ from: string; to: string; truncated: boolean }>(
    `with t as (select coalesce($2::date, (now() at time zone $3::text)::date) as to_day),
          f as (select to_day, coalesce($1::date, to_day - 29) as from_day from t)
     select to_char(greatest(from_day, to_day - ($4::int - 1)), 'YYYY-MM-DD') as "from",
            to_char(to_day, 'YYYY-MM-DD') as "to", from_day < to_day - ($4::int - 1) as truncated
       from f`,
    [from, to, tz, maxDays],
  );
  return row;
}

export interface RoleActivityRow {
  role: string;
  users: number;
  inactive: number;
  today: number;
  week: number;
  month: number;
  older: number;
  never: number;
}

/**
 * Every role (also one without users), with its users by last sign-in: today, in the six days
 * before, in the 23 days before those (so within 30 days), earlier, never.
 */
export async function usersByRole(db: Queryable, tz: string) {
  return await db.query<RoleActivityRow>(
    `with u as (
       select u.role_id, u.is_active,
              case when u.last_login_at is null then 'never'
                   when (u.last_login_at at time zone $1::text)::date >= t.d then 'today'
                   when (u.last_login_at at time zone $1::text)::date >= t.d - 6 then 'week'
                   when (u.last_login_at at time zone $1::text)::date >= t.d - 29 then 'month'
                   else 'older' end as activity
         from users u cross join (select (now() at time zone $1::text)::date as d) t)
     select r.name as role, count(u.role_id)::int as users,
            (count(*) filter (where not u.is_active))::int as inactive,
            (count(*) filter (where u.activity = 'today'))::int as today,
            (count(*) filter (where u.activity = 'week'))::int as week,
            (count(*) filter (where u.activity = 'month'))::int as month,
            (count(*) filter (where u.activity = 'older'))::int as older,
            (count(*) filter (where u.activity = 'never'))::int as never
       from roles r left join u on u.role_id = r.id
      group by r.id, r.name order by r.id`,
    [tz],
  );
}

export interface SignInDay {
  day: string;
  succeeded: number;
  failed: number;
  lockouts: number;
}

/**
 * Per day of the range (days without any attempt included): sign-ins that succeeded and failed
 * (login_attempts: wrong password, unknown account, unapproved vendor, wrong second factor) and
 * the locks the throttle set (audit entries LOGIN_THROTTLED, one per lock).
 */
export async function signInsByDay(db: Queryable, from: string, to: string, tz: string) {
  return await db.query<SignInDay>(
    `with r as (select ($1::date)::timestamp at time zone $3::text as lo,
                       ($2::date + 1)::timestamp at time zone $3::text as hi),
          a as (select (created_at at time zone $3::text)::date as day,
                       count(*) filter (where succeeded) as ok, count(*) filter (where not succeeded) as bad
                  from login_attempts, r where created_at >= r.lo and created_at < r.hi group by 1),
          l as (select (created_at at time zone $3::text)::date as day, count(*) as n
                  from audit_logs, r where action = 'LOGIN_THROTTLED' and created_at >= r.lo and created_at < r.hi
                 group by 1)
     select to_char(d.day, 'YYYY-MM-DD') as day, coalesce(a.ok, 0)::int as succeeded,
            coalesce(a.bad, 0)::int as failed, coalesce(l.n, 0)::int as lockouts
       from (select generate_series($1::date, $2::date, interval '1 day')::date as day) d
       left join a on a.day = d.day left join l on l.day = d.day
      order by d.day`,
    [from, to, tz],
  );
}

/** Messages created in the range, by status. */
export async function outboxByStatus(db: Queryable, from: string, to: string, tz: string) {
  return await db.query<{ status: string; count: number }>(
    `select status, count(*)::int as count from notification_outbox
      where created_at >= ($1::date)::timestamp at time zone $3::text
        and created_at < ($2::date + 1)::timestamp at time zone $3::text
      group by status`,
    [from, to, tz],
  );
}

/** Every stored file now, by purpose and by where its bytes are (database or object storage). */
export async function storage(db: Queryable) {
  return await db.query<{ purpose: string; storage: string; files: number; bytes: number }>(
    `select purpose, storage, count(*)::int as files, coalesce(sum(size_bytes), 0)::float8 as bytes
       from files group by purpose, storage`,
  );
}

/** pg_database_size works on PostgreSQL and on PGlite alike. */
export async function databaseSize(db: Queryable) {
  const [row] = await db.query<{ bytes: number }>("select pg_database_size(current_database())::float8 as bytes");
  return row.bytes;
}

export async function vendorExists(db: Queryable, vendorId: number) {
  return (await db.query("select 1 from vendor_profiles where user_id = $1", [vendorId])).length > 0;
}

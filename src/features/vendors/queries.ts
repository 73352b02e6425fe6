import type { Queryable } from "../../db/types.ts";
import { cursorSql, type Keyset, keysetRows, whereAfter } from "../../db/keyset.ts";
import { cappedCount } from "../../db/paging.ts";

export async function insertVendorUser(
  tx: Queryable,
  v: { firstName: string; lastName: string; email: string; phone: string },
) {
  // No password: the vendor sets one through the link sent on approval.
  return (await tx.query<{ id: number }>(
    `insert into users (role_id, email, first_name, last_name, phone, password_hash) values (5, $1, $2, $3, $4, null)
     returning id`,
    [v.email, v.firstName, v.lastName, v.phone],
  ))[0].id;
}

export async function insertVendorProfile(
  tx: Queryable,
  v: {
    userId: number;
    companyName: string;
    contactPerson: string;
    phone: string;
    licenseFileId: number | null;
    licenseUrl: string | null;
  },
) {
  await tx.query(
    `insert into vendor_profiles (user_id, company_name, contact_person, phone, business_license_file_id, business_license_url)
     values ($1, $2, $3, $4, $5, $6)`,
    [v.userId, v.companyName, v.contactPerson, v.phone, v.licenseFileId, v.licenseUrl],
  );
}

export async function replaceVendorCategories(tx: Queryable, vendorId: number, categoryIds: number[]) {
  await tx.query("delete from vendor_categories where vendor_id = $1 and category_id <> all($2::int[])", [
    vendorId,
    categoryIds,
  ]);
  await tx.query(
    `insert into vendor_categories (vendor_id, category_id) select $1, unnest($2::int[]) on conflict do nothing`,
    [vendorId, categoryIds],
  );
}

export async function vendorCategoryIds(db: Queryable, vendorId: number) {
  return (await db.query<{ categoryId: number }>(
    `select vc.category_id as "categoryId" from vendor_categories vc join categories c on c.id = vc.category_id
      where vc.vendor_id = $1 order by lower(c.name)`,
    [vendorId],
  ));
}

export interface VendorApplication {
  id: number;
  companyName: string;
  contactPerson: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  status: string;
  createdAt: Date;
  reviewedAt: Date | null;
  rejectionReason: string | null;
  categories: { id: number; name: string }[];
  businessLicenseUrl: string | null;
  businessLicenseFileId: number | null;
  businessLicenseName: string | null;
}

const APPLICATION_COLUMNS = `u.id, vp.company_name as "companyName", vp.contact_person as "contactPerson",
    u.first_name as "firstName", u.last_name as "lastName", u.email, vp.phone, vp.status, vp.created_at as "createdAt",
    vp.reviewed_at as "reviewedAt", vp.rejection_reason as "rejectionReason",
    coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by lower(c.name))
       from vendor_categories vc join categories c on c.id = vc.category_id where vc.vendor_id = u.id), '[]'::json) as categories,
    case when vp.business_license_file_id is not null then '/api/files/' || vp.business_license_file_id
         else vp.business_license_url end as "businessLicenseUrl",
    vp.business_license_file_id as "businessLicenseFileId", f.filename as "businessLicenseName"`;
const APPLICATION_JOINS = "join users u on u.id = vp.user_id left join files f on f.id = vp.business_license_file_id";
const APPLICATION_SELECT = `select ${APPLICATION_COLUMNS} from vendor_profiles vp ${APPLICATION_JOINS}`;

/**
 * One page of a status's applications, oldest first (the review queue's order), and its total
 * (src/db/paging.ts: exact up to 10,000, else capped or estimated). The page's rows are chosen from
 * the (status, created_at, user_id) index first, then get their categories and license. Deep pages:
 * `after`, the (created_at, id) of the last row of the page before.
 */
export async function listApplications(
  db: Queryable,
  f: { status: string; limit: number; offset: number; after?: Keyset },
) {
  const params: unknown[] = [f.status];
  const page = whereAfter("where vp.status = $1", params, f.after, "vp.created_at", "vp.user_id", "asc");
  const [rows, total] = await Promise.all([
    db.query<VendorApplication & { cursor: string }>(
      `select ${APPLICATION_COLUMNS}, ${cursorSql("vp.created_at", "vp.user_id")} as cursor
         from (select vp.user_id from vendor_profiles vp ${page}
                order by vp.created_at, vp.user_id limit $${params.length + 1} offset $${params.length + 2}) p
         join vendor_profiles vp on vp.user_id = p.user_id ${APPLICATION_JOINS}
        order by vp.created_at, vp.user_id`,
      [...params, f.limit, f.after ? 0 : f.offset],
    ),
    // Over the status, not the cursor: the same total on every page.
    cappedCount(db, { from: "from vendor_profiles vp", where: "where vp.status = $1", params: [f.status] }),
  ]);
  return { ...keysetRows(rows, f.limit), ...total };
}

export async function getApplication(db: Queryable, id: number) {
  return (await db.query<VendorApplication>(`${APPLICATION_SELECT} where u.id = $1`, [id]))[0];
}

export async function lockVendor(tx: Queryable, id: number) {
  return (await tx.query<{ status: string; createdAt: Date }>(
    `select status, created_at as "createdAt" from vendor_profiles where user_id = $1 for update`,
    [id],
  ))[0];
}

export async function setVendorStatus(
  tx: Queryable,
  id: number,
  status: string,
  reviewerId: number,
  reason: string | null,
) {
  await tx.query(
    `update vendor_profiles set status = $2, reviewed_by = $3, reviewed_at = now(), rejection_reason = $4, updated_at = now()
      where user_id = $1`,
    [id, status, reviewerId, reason],
  );
}

export async function vendorStats(db: Queryable) {
  return (await db.query<{ pendingVendors: number; approvedVendors: number; rejectedVendors: number }>(
    // Exact counts kept by the database (sql/0023_kept_counts.sql).
    `select coalesce(sum(n) filter (where bucket = 'pending'), 0)::int as "pendingVendors",
            coalesce(sum(n) filter (where bucket = 'approved'), 0)::int as "approvedVendors",
            coalesce(sum(n) filter (where bucket = 'rejected'), 0)::int as "rejectedVendors"
       from kept_counts where entity = 'vendor_profiles'`,
  ))[0];
}

export async function insertToken(tx: Queryable, userId: number, tokenHash: string, hours: number) {
  // A new link replaces any earlier unused one.
  await tx.query(
    "update user_tokens set used_at = now() where user_id = $1 and purpose = 'set_password' and used_at is null",
    [
      userId,
    ],
  );
  await tx.query(
    `insert into user_tokens (user_id, purpose, token_hash, expires_at)
     values ($1, 'set_password', $2, now() + make_interval(hours => $3))`,
    [userId, tokenHash, hours],
  );
}

/** Takes the token if valid (unused, unexpired), marking it used; returns its user. */
export async function consumeToken(tx: Queryable, tokenHash: string) {
  return (await tx.query<{ userId: number }>(
    `update user_tokens set used_at = now()
      where token_hash = $1 and purpose = 'set_password' and used_at is null and expires_at > now()
      returning user_id as "userId"`,
    [tokenHash],
  ))[0];
}

/** Whether a set-password token is valid now, without taking it (checked before hashing the password). */
export async function findUsableToken(db: Queryable, tokenHash: string) {
  return (await db.query<{ userId: number }>(
    `select user_id as "userId" from user_tokens
      where token_hash = $1 and purpose = 'set_password' and used_at is null and expires_at > now()`,
    [tokenHash],
  ))[0];
}

/** The registration's follow-up token; `vendorId` null for the decoy of an already registered email. */
export async function insertRegistrationToken(
  tx: Queryable,
  tokenHash: string,
  vendorId: number | null,
  minutes: number,
) {
  await tx.query("delete from registration_tokens where expires_at < now()");
  await tx.query(
    `insert into registration_tokens (token_hash, vendor_id, expires_at)
     values ($1, $2, now() + make_interval(mins => $3))`,
    [tokenHash, vendorId, minutes],
  );
}

export async function findRegistrationToken(db: Queryable, tokenHash: string) {
  return (await db.query<{ vendorId: number | null }>(
    `select vendor_id as "vendorId" from registration_tokens where token_hash = $1 and expires_at > now()`,
    [tokenHash],
  ))[0];
}

/** Active categories as the follow-up call answers them (ordered by name). */
export async function categoryIdsByName(db: Queryable, ids: number[]) {
  return await db.query<{ categoryId: number }>(
    `select id as "categoryId" from categories where id = any($1::int[]) order by lower(name)`,
    [ids],
  );
}

/** The vendor's company name (purchase order emails). */
export async function vendorCompanyName(db: Queryable, userId: number) {
  return (await db.query<{ name: string }>("select company_name as name from vendor_profiles where user_id = $1", [
    userId,
  ]))[0];
}

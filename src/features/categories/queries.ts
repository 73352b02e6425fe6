import type { Queryable } from "../../db/types.ts";

export interface CategoryRow {
  id: number;
  name: string;
  description: string;
  isActive: boolean;
  vendorCount: number;
  createdAt: Date;
  updatedAt: Date;
}

const SELECT = `select c.id, c.name, c.description, c.is_active as "isActive", c.created_at as "createdAt",
    c.updated_at as "updatedAt",
    (select count(*)::int from vendor_categories vc join vendor_profiles vp on vp.user_id = vc.vendor_id
      where vc.category_id = c.id and vp.status = 'approved') as "vendorCount"
  from categories c`;

export async function listCategories(db: Queryable, includeInactive: boolean) {
  return await db.query<CategoryRow>(`${SELECT} where $1 or c.is_active order by lower(c.name)`, [includeInactive]);
}

export async function getCategory(db: Queryable, id: number) {
  return (await db.query<CategoryRow>(`${SELECT} where c.id = $1`, [id]))[0];
}

export async function nameTaken(db: Queryable, name: string, exceptId?: number) {
  return (await db.query("select 1 from categories where lower(name) = lower($1) and id <> coalesce($2, -1)", [
    name,
    exceptId ?? null,
  ])).length > 0;
}

export async function insertCategory(db: Queryable, name: string, description: string) {
  return (await db.query<{ id: number }>(
    "insert into categories (name, description) values ($1, $2) returning id",
    [name, description],
  ))[0].id;
}

export async function updateCategory(
  db: Queryable,
  id: number,
  c: { name: string; description: string; isActive?: boolean },
) {
  await db.query(
    `update categories set name = $2, description = $3, is_active = coalesce($4, is_active), updated_at = now()
      where id = $1`,
    [id, c.name, c.description, c.isActive ?? null],
  );
}

/** What still refers to a category; a category in use is never deleted (it would orphan history). */
export async function categoryUsage(db: Queryable, id: number) {
  return (await db.query<{ vendors: number; requests: number; bids: number }>(
    `select (select count(*)::int from vendor_categories where category_id = $1) as vendors,
            (select count(*)::int from purchase_requests where category_id = $1)
              + (select count(*)::int from purchase_request_items where category_id = $1) as requests,
            (select count(*)::int from bid_requests where category_id = $1)
              + (select count(*)::int from bid_request_items where category_id = $1) as bids`,
    [id],
  ))[0];
}

export async function deleteCategory(db: Queryable, id: number) {
  await db.query("delete from categories where id = $1", [id]);
}

/** Ids among `ids` that are existing, active categories. */
export async function activeCategoryIds(db: Queryable, ids: number[]) {
  return (await db.query<{ id: number }>("select id from categories where id = any($1::int[]) and is_active", [ids]))
    .map(
      (r) => r.id,
    );
}

/** Of these ids, the categories that exist (active or not). */
export async function existingCategoryIds(db: Queryable, ids: number[]) {
  return (await db.query<{ id: number }>("select id from categories where id = any($1::int[])", [ids])).map((r) =>
    r.id
  );
}

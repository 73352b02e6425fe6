import type { Queryable } from "./types.ts";

/** Spec section 9: items default to category 1, when such a category exists (a fresh install may have none). */
export async function defaultCategoryId(db: Queryable): Promise<number | null> {
  return (await db.query("select 1 from categories where id = 1 and is_active")).length ? 1 : null;
}

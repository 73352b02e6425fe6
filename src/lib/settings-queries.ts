/** SQL of reading settings (key/value rows seeded by the first migration). */
import type { Queryable } from "../db/types.ts";

export async function activeSettings(db: Queryable, keys: string[]) {
  return await db.query<{ key: string; value: string }>(
    "select key, value from settings where key = any($1::text[]) and is_active",
    [keys],
  );
}

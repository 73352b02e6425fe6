/**
 * SQL of the settings rows (key/value rows seeded by the first migration): read by src/lib/settings.ts,
 * written by the features whose screens change them (system settings, budgets). Shared code, not a
 * feature's, so features reach it without crossing into each other (docs/decisions/027-service-layer.md).
 */
import type { Queryable } from "../db/types.ts";

export async function activeSettings(db: Queryable, keys: string[]) {
  return await db.query<{ key: string; value: string }>(
    "select key, value from settings where key = any($1::text[]) and is_active",
    [keys],
  );
}

export async function writeSetting(tx: Queryable, key: string, value: string, userId: number | null) {
  await tx.query(
    `insert into settings (key, value, category, updated_by, updated_at) values ($1, $2, 'system', $3, now())
     on conflict (key) do update set value = excluded.value, updated_by = excluded.updated_by, updated_at = now()`,
    [key, value, userId],
  );
}

/** SQL of the audit module (sealed entries and checkpoints). */
import type { Queryable } from "../db/types.ts";

/** Of these bid requests, the ones whose sealed quotations have been unsealed. */
export async function unsealedBidIds(db: Queryable, ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  return (await db.query<{ id: number }>(
    "select id from bid_requests where id = any($1::int[]) and unsealed_at is not null",
    [ids],
  )).map((r) => r.id);
}

export async function usersByIds(db: Queryable, ids: number[]) {
  if (!ids.length) return [];
  return await db.query<{ id: number; email: string; name: string | null }>(
    `select id, email, nullif(btrim(first_name || ' ' || last_name), '') as name from users where id = any($1::int[])`,
    [ids],
  );
}

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

export interface AuditRow {
  userId: number | null;
  action: string;
  entityType: string;
  entityId: string | null;
  metadata: unknown;
  ip: string | null;
  userAgent: string | null;
}

/** One audit entry (the insert trigger chains its hash). */
export async function insertAuditRow(tx: Queryable, r: AuditRow) {
  await tx.query(
    `insert into audit_logs (user_id, action, entity_type, entity_id, metadata, ip, user_agent)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7)`,
    [r.userId, r.action, r.entityType, r.entityId, JSON.stringify(r.metadata), r.ip, r.userAgent],
  );
}

/** The entry `skip` rows after `afterId` (the next checkpoint), if the chain is that long. */
export async function nthEntryAfter(db: Queryable, afterId: number, skip: number) {
  const [row] = await db.query<{ id: number; hash: string }>(
    "select id, hash from audit_logs where id > $1 order by id offset $2 limit 1",
    [afterId, skip],
  );
  return row;
}

/** The newest entry after `afterId`, if any. */
export async function headEntryAfter(db: Queryable, afterId: number) {
  const [row] = await db.query<{ id: number; hash: string }>(
    "select id, hash from audit_logs where id > $1 order by id desc limit 1",
    [afterId],
  );
  return row;
}

export async function entryHash(db: Queryable, id: number) {
  const [row] = await db.query<{ hash: string }>("select hash from audit_logs where id = $1", [id]);
  return row;
}

/** A page of the chain in id order with each row's hash recomputed by the trigger's function. */
export async function chainPage(db: Queryable, afterId: number, limit: number) {
  return await db.query<{ id: number; prev_hash: string; hash: string; computed: string }>(
    `select id, prev_hash, hash, audit_row_hash(prev_hash, a) as computed
       from audit_logs a where id > $1 order by id limit $2`,
    [afterId, limit],
  );
}

/** The channel a checkpointer listens on: delivered when the writing transaction commits. */
export const SENSITIVE_CHANNEL = "audit_sensitive";

export async function notifySensitiveEntry(tx: Queryable) {
  await tx.query("select pg_notify($1, '')", [SENSITIVE_CHANNEL]);
}

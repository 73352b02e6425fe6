/** SQL of the notification centre: always one user's own rows (every statement filters on user_id). */
import type { Queryable } from "../../db/types.ts";
import type { NotificationView } from "../../shared/notifications.ts";

const COLUMNS = `id, type, entity_kind as "entityKind", entity_id as "entityId", params,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "createdAt",
  to_char(read_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "readAt"`;

/** Newest first, `limit` rows before the id `before` (the whole list when absent). */
export async function listPage(db: Queryable, userId: number, limit: number, before?: number) {
  return await db.query<NotificationView>(
    `select ${COLUMNS} from notifications where user_id = $1 and ($2::bigint is null or id < $2)
      order by id desc limit $3`,
    [userId, before ?? null, limit],
  );
}

export async function unreadCount(db: Queryable, userId: number) {
  const [{ n }] = await db.query<{ n: number }>(
    "select count(*)::int as n from notifications where user_id = $1 and read_at is null",
    [userId],
  );
  return n;
}

/** The rows after `afterId`, oldest first (a stream's replay and each wake-up), at most `limit`. */
export async function newer(db: Queryable, userId: number, afterId: number, limit: number) {
  return await db.query<NotificationView>(
    `select ${COLUMNS} from notifications where user_id = $1 and id > $2 order by id limit $3`,
    [userId, afterId, limit],
  );
}

/** The newest id of the user's rows (0 when none): where a stream without Last-Event-ID starts. */
export async function lastId(db: Queryable, userId: number) {
  const [{ id }] = await db.query<{ id: number }>(
    "select coalesce(max(id), 0)::bigint as id from notifications where user_id = $1",
    [userId],
  );
  return Number(id);
}

/** Marks one of the user's rows read; false when the user has no row with that id. */
export async function markRead(db: Queryable, userId: number, id: number) {
  const rows = await db.query(
    "update notifications set read_at = coalesce(read_at, now()) where id = $1 and user_id = $2 returning id",
    [id, userId],
  );
  return rows.length > 0;
}

/** Marks every unread row of the user read (up to `upTo` when given: what the user saw); returns how many. */
export async function markAllRead(db: Queryable, userId: number, upTo?: number) {
  const rows = await db.query(
    `update notifications set read_at = now()
      where user_id = $1 and read_at is null and ($2::bigint is null or id <= $2) returning id`,
    [userId, upTo ?? null],
  );
  return rows.length;
}

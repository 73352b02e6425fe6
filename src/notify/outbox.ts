/**
 * Every email is first written here, in the transaction of the change that caused it; the worker
 * (worker.ts) delivers it later. So an email is sent if and only if its change committed.
 */
import type { Queryable } from "../db/types.ts";

export interface OutgoingEmail {
  to: string;
  subject: string;
  body: string;
}

export async function enqueueEmail(tx: Queryable, email: OutgoingEmail): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    "insert into notification_outbox (channel, recipient, subject, body) values ('email', $1, $2, $3) returning id",
    [email.to, email.subject, email.body],
  );
  return rows[0].id;
}

export async function listOutbox(db: Queryable, f: { status?: string; limit: number; offset: number }) {
  const where = "where ($1::text is null or status = $1)";
  const [items, total] = await Promise.all([
    db.query(
      `select id, channel, recipient, subject, body, status, attempts, max_attempts as "maxAttempts",
         next_attempt_at as "nextAttemptAt", last_error as "lastError", provider, created_at as "createdAt",
         sent_at as "sentAt"
       from notification_outbox ${where} order by id desc limit $2 offset $3`,
      [f.status ?? null, f.limit, f.offset],
    ),
    db.query<{ n: number }>(`select count(*)::int as n from notification_outbox ${where}`, [f.status ?? null]),
  ]);
  return { items, total: total[0].n };
}

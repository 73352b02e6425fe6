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

/** Which template wrote the email, in which language (shown in the outbox viewer). */
export interface EmailOrigin {
  language?: string;
  template?: string;
}

export async function enqueueEmail(tx: Queryable, email: OutgoingEmail & EmailOrigin): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into notification_outbox (channel, recipient, subject, body, language, template)
     values ('email', $1, $2, $3, $4, $5) returning id`,
    [email.to, email.subject, email.body, email.language ?? null, email.template ?? null],
  );
  return rows[0].id;
}

export async function listOutbox(db: Queryable, f: { status?: string; id?: number; limit: number; offset: number }) {
  const where = "where ($1::text is null or status = $1) and ($4::int is null or id = $4)";
  const [items, total] = await Promise.all([
    db.query(
      `select id, channel, recipient, subject, body, status, attempts, max_attempts as "maxAttempts",
         case when status in ('pending', 'sending') then next_attempt_at end as "nextAttemptAt",
         last_error as "lastError", last_attempt_at as "lastAttemptAt", provider, language, template,
         created_at as "createdAt", sent_at as "sentAt"
       from notification_outbox ${where} order by id desc limit $2 offset $3`,
      [f.status ?? null, f.limit, f.offset, f.id ?? null],
    ),
    db.query<{ n: number }>(
      `select count(*)::int as n from notification_outbox ${where.replaceAll("$4", "$2")}`,
      [f.status ?? null, f.id ?? null],
    ),
  ]);
  return { items, total: total[0].n };
}

/**
 * Puts a failed email back in the queue for a fresh round of attempts; the last error stays until
 * the next attempt replaces it. Returns the row's status before, or undefined when there is none.
 */
export async function resendEmail(
  tx: Queryable,
  id: number,
): Promise<{ before: string; recipient: string } | undefined> {
  const [row] = await tx.query<{ status: string; recipient: string }>(
    "select status, recipient from notification_outbox where id = $1 for update",
    [id],
  );
  if (!row) return undefined;
  if (row.status === "failed") {
    await tx.query(
      `update notification_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
        where id = $1`,
      [id],
    );
  }
  return { before: row.status, recipient: row.recipient };
}

export async function getOutboxMessage(db: Queryable, id: number) {
  return (await listOutbox(db, { id, limit: 1, offset: 0 })).items[0];
}

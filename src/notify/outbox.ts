/**
 * Every email is first written here, in the transaction of the change that caused it; the worker
 * (worker.ts) delivers it later. So an email is sent if and only if its change committed.
 */
import type { Queryable } from "../db/types.ts";
import * as q from "./queries.ts";

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
  return await q.insertOutboxEmail(tx, {
    to: email.to,
    subject: email.subject,
    body: email.body,
    language: email.language ?? null,
    template: email.template ?? null,
  });
}

export async function listOutbox(db: Queryable, f: { status?: string; id?: number; limit: number; offset: number }) {
  return await q.listOutboxRows(db, f);
}

/**
 * Puts a failed email back in the queue for a fresh round of attempts; the last error stays until
 * the next attempt replaces it. Returns the row's status before, or undefined when there is none.
 */
export async function resendEmail(
  tx: Queryable,
  id: number,
): Promise<{ before: string; recipient: string } | undefined> {
  const row = await q.lockOutboxRow(tx, id);
  if (!row) return undefined;
  if (row.status === "failed") {
    await q.requeueOutboxRow(tx, id);
  }
  return { before: row.status, recipient: row.recipient };
}

export async function getOutboxMessage(db: Queryable, id: number) {
  return (await listOutbox(db, { id, limit: 1, offset: 0 })).items[0];
}

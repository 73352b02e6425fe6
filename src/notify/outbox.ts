/**
 * Every email is first written here, in the transaction of the change that caused it; the worker
 * (worker.ts) delivers it later. So an email is sent if and only if its change committed.
 */
import type { Queryable } from "../db/types.ts";
import { decryptText, encryptText } from "../lib/crypto.ts";
import * as q from "./queries.ts";

/** What the stored body shows where a one-time token goes (migration 0032). */
export const HIDDEN_MARK = "••••••••";
const HIDDEN_CONTEXT = "outbox:hidden-values:v1";

/**
 * Values an email must carry but the outbox must not keep readable (a set-password token): the
 * body is stored with HIDDEN_MARK in their place and the values encrypted beside it with `key`
 * (derived from SEALED_BID_KEY, purpose "outbox-links"). They are put back only to send (and then
 * cleared) or for an administrator who reveals the message (audited).
 */
export interface HiddenValues {
  values: string[];
  key: Uint8Array;
}

/** The body with the hidden values put back, in order of the marks. */
export async function revealBody(body: string, hidden: string | null, key: Uint8Array): Promise<string> {
  if (!hidden) return body;
  const values: string[] = JSON.parse(await decryptText(key, hidden, HIDDEN_CONTEXT));
  let i = 0;
  return body.replaceAll(HIDDEN_MARK, () => values[Math.min(i++, values.length - 1)]);
}

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

export async function enqueueEmail(
  tx: Queryable,
  email: OutgoingEmail & EmailOrigin & { hidden?: HiddenValues },
): Promise<number> {
  let body = email.body;
  let hidden: string | null = null;
  const values = email.hidden?.values.filter((v) => v && body.includes(v)) ?? [];
  if (values.length) {
    // Marks in the order the values appear, so revealBody puts each back where it was.
    const ordered: string[] = [];
    body = body.replace(new RegExp(values.map((v) => v.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "g"), (v) => {
      ordered.push(v);
      return HIDDEN_MARK;
    });
    hidden = await encryptText(email.hidden!.key, JSON.stringify(ordered), HIDDEN_CONTEXT);
  }
  return await q.insertOutboxEmail(tx, {
    to: email.to,
    subject: email.subject,
    body,
    hidden,
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

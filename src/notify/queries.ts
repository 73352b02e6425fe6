/** SQL of the email templates an administrator changed (table email_templates, one row per key and language). */
import type { Queryable } from "../db/types.ts";
import type { TemplateText } from "./templates.ts";

export type TemplateRow = TemplateText & { key: string; language: string };

export async function customTemplate(db: Queryable, key: string, language: string): Promise<TemplateText | undefined> {
  return (await db.query<TemplateText>(
    "select subject, body from email_templates where template_key = $1 and language = $2",
    [key, language],
  ))[0];
}

export async function customTemplates(db: Queryable): Promise<TemplateRow[]> {
  return await db.query<TemplateRow>(
    "select template_key as key, language, subject, body from email_templates order by template_key, language",
  );
}

/** The row before the change (locked), for the audit trail. */
export async function lockCustomTemplate(db: Queryable, key: string, language: string) {
  return (await db.query<TemplateText>(
    "select subject, body from email_templates where template_key = $1 and language = $2 for update",
    [key, language],
  ))[0];
}

export async function saveCustomTemplate(
  db: Queryable,
  t: { key: string; language: string; subject: string; body: string; userId: number },
) {
  await db.query(
    `insert into email_templates (template_key, language, subject, body, updated_by, updated_at)
     values ($1, $2, $3, $4, $5, now())
     on conflict (template_key, language) do update set subject = excluded.subject, body = excluded.body,
       updated_by = excluded.updated_by, updated_at = now()`,
    [t.key, t.language, t.subject, t.body, t.userId],
  );
}

export async function deleteCustomTemplate(db: Queryable, key: string, language: string): Promise<boolean> {
  return (await db.query("delete from email_templates where template_key = $1 and language = $2 returning 1", [
    key,
    language,
  ])).length > 0;
}

/** The language of the user with this email address, if there is one. */
export async function languageOfEmail(db: Queryable, email: string): Promise<string | undefined> {
  return (await db.query<{ language: string }>("select language from users where email = lower($1)", [email]))[0]
    ?.language;
}

/** The language a user's emails are written in (staff: their setting; vendors: chosen at registration). */
export async function setUserLanguage(db: Queryable, userId: number, language: string) {
  await db.query("update users set language = $2, updated_at = now() where id = $1", [userId, language]);
}

// Quotation deadline reminders (tables deadline_reminders; reads requests, bids, vendors, quotations)

export interface DueReminder {
  kind: "purchase_request" | "bid_request";
  requestId: number;
  number: string;
  title: string;
  deadline: Date;
  sealed: boolean;
  vendorId: number;
  email: string;
}

/**
 * Vendors to remind: in the request's category (when matching is on), opted in, and no current
 * quotation yet, except for sealed bids, where whether a vendor has bid must not show.
 */
export async function dueReminders(tx: Queryable, hours: number, byCategory: boolean): Promise<DueReminder[]> {
  return await tx.query<DueReminder>(
    `with vendors as (
       select vp.user_id as vendor_id, u.email from vendor_profiles vp join users u on u.id = vp.user_id
        where vp.status = 'approved' and u.is_active
          and coalesce((u.preferences ->> 'emailNotifications')::boolean, true)
          and coalesce((u.preferences ->> 'deadlineReminders')::boolean, true)
     ), requests as (
       select 'purchase_request' as kind, pr.id, pr.request_number as number, pr.title, pr.deadline, pr.category_id,
              false as sealed
         from purchase_requests pr
        where pr.status = 'active' and pr.request_type in ('vendor_quote', 'bid_required')
          and pr.deadline > now() and pr.deadline <= now() + make_interval(hours => $1)
          -- converted into a bid that is not cancelled: vendors answer the bid (kept flag, sql/0028)
          and not pr.has_live_bid
       union all
       select 'bid_request', b.id, b.bid_number, b.title, b.bidding_deadline, b.category_id,
              b.bidding_mode = 'sealed'
         from bid_requests b
        where b.status in ('published', 'bidding_open')
          and b.bidding_deadline > now() and b.bidding_deadline <= now() + make_interval(hours => $1)
     )
     select r.kind, r.id as "requestId", r.number, r.title, r.deadline, r.sealed, v.vendor_id as "vendorId", v.email
       from requests r cross join vendors v
      where (not $2 or r.category_id is null
             or exists (select 1 from vendor_categories vc where vc.vendor_id = v.vendor_id and vc.category_id = r.category_id))
        and (r.sealed or not exists (select 1 from quotations q where q.vendor_id = v.vendor_id and q.is_current
                          and (case when r.kind = 'purchase_request' then q.purchase_request_id else q.bid_request_id end) = r.id))
        and not exists (select 1 from deadline_reminders d
                         where d.request_kind = r.kind and d.request_id = r.id and d.vendor_id = v.vendor_id)
      order by r.deadline, r.id, v.vendor_id`,
    [hours, byCategory],
  );
}

/** Remembers that this vendor was reminded of this request (never twice). */
export async function recordReminder(tx: Queryable, d: DueReminder) {
  await tx.query("insert into deadline_reminders (request_kind, request_id, vendor_id) values ($1, $2, $3)", [
    d.kind,
    d.requestId,
    d.vendorId,
  ]);
}

// The outbox (table notification_outbox): queued in the change's transaction, delivered by worker.ts

export async function insertOutboxEmail(
  tx: Queryable,
  e: {
    to: string;
    subject: string;
    body: string;
    hidden: string | null;
    language: string | null;
    template: string | null;
  },
): Promise<number> {
  const rows = await tx.query<{ id: number }>(
    `insert into notification_outbox (channel, recipient, subject, body, hidden_values, language, template)
     values ('email', $1, $2, $3, $4, $5, $6) returning id`,
    [e.to, e.subject, e.body, e.hidden, e.language, e.template],
  );
  return rows[0].id;
}

export async function listOutboxRows(
  db: Queryable,
  f: { status?: string; id?: number; limit: number; offset: number },
) {
  const where = "where ($1::text is null or status = $1) and ($4::int is null or id = $4)";
  const [items, total] = await Promise.all([
    db.query(
      `select id, channel, recipient, subject, body, status, attempts, max_attempts as "maxAttempts",
         case when status in ('pending', 'sending') then next_attempt_at end as "nextAttemptAt",
         last_error as "lastError", last_attempt_at as "lastAttemptAt", provider, language, template,
         created_at as "createdAt", sent_at as "sentAt", hidden_values is not null as "hasHiddenValues"
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

export async function lockOutboxRow(tx: Queryable, id: number) {
  const [row] = await tx.query<{ status: string; recipient: string }>(
    "select status, recipient from notification_outbox where id = $1 for update",
    [id],
  );
  return row;
}

/** Back in the queue for a fresh round of attempts (the last error stays until the next attempt). */
export async function requeueOutboxRow(tx: Queryable, id: number) {
  await tx.query(
    `update notification_outbox set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
      where id = $1`,
    [id],
  );
}

export type ClaimedEmail = {
  id: number;
  recipient: string;
  subject: string;
  body: string;
  hiddenValues: string | null;
  attempts: number;
  maxAttempts: number;
};

/** Claims the next due email with a lease (FOR UPDATE SKIP LOCKED: workers never take the same row). */
export async function claimDueEmail(db: Queryable, leaseSeconds: number): Promise<ClaimedEmail | undefined> {
  const rows = await db.query<ClaimedEmail>(
    `update notification_outbox o set status = 'sending', attempts = o.attempts + 1,
        locked_until = now() + make_interval(secs => $1)
      where o.id = (
        select id from notification_outbox
         where channel = 'email' and next_attempt_at <= now()
           and (status = 'pending' or (status = 'sending' and locked_until < now()))
         order by id for update skip locked limit 1)
      returning o.id, o.recipient, o.subject, o.body, o.hidden_values as "hiddenValues", o.attempts,
                o.max_attempts as "maxAttempts"`,
    [leaseSeconds],
  );
  return rows[0];
}

/** Kept in the outbox, not sent: no provider is configured (demo). */
export async function markEmailLogged(db: Queryable, id: number) {
  await db.query(
    `update notification_outbox set status = 'logged', provider = 'log', locked_until = null, sent_at = now(),
        last_attempt_at = now() where id = $1`,
    [id],
  );
}

export async function markEmailSent(db: Queryable, id: number, provider: string, messageId: string | null) {
  await db.query(
    `update notification_outbox set status = 'sent', provider = $2, provider_message_id = $3, sent_at = now(),
        locked_until = null, last_error = null, last_attempt_at = now(), hidden_values = null where id = $1`,
    [id, provider, messageId],
  );
}

/** A failed attempt: back to pending after `backoffSeconds`, or failed for good. */
export async function markEmailAttemptFailed(
  db: Queryable,
  id: number,
  f: { final: boolean; error: string; provider: string; backoffSeconds: number },
) {
  await db.query(
    `update notification_outbox set status = $2, last_error = $3, provider = $4, locked_until = null,
        last_attempt_at = now(), next_attempt_at = now() + make_interval(secs => $5) where id = $1`,
    [id, f.final ? "failed" : "pending", f.error, f.provider, f.backoffSeconds],
  );
}

/** A message's stored body and its encrypted hidden values (for an administrator's reveal). */
export async function outboxBody(db: Queryable, id: number) {
  const [row] = await db.query<{ body: string; hidden: string | null; recipient: string }>(
    "select body, hidden_values as hidden, recipient from notification_outbox where id = $1",
    [id],
  );
  return row;
}

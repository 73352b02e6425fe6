/**
 * Quotation deadline reminders (settings: deadline_reminders_enabled, auto_reminder_hours; email
 * templates deadline_reminder and deadline_reminder_sealed, in the vendor's language): within
 * `auto_reminder_hours` of a request's deadline, every approved vendor that could still answer and
 * has not, gets one email through the outbox. For a sealed bid the reminder goes to every
 * subscribed vendor of its category, submitted or not, with the same neutral wording, so neither
 * the recipients (visible in the outbox) nor the text tell who has bid (issue 10 item 4c). Recorded
 * in deadline_reminders in the same transaction, so no vendor is reminded twice; an advisory lock
 * makes one instance do each round.
 */
import type { Db, Queryable } from "../db/types.ts";
import type { Logger } from "../lib/logger.ts";
import { getSettings, isOn } from "../lib/settings.ts";
import { enqueueTemplated } from "../notify/emails.ts";

const LOCK_KEY = 727_100_011;

interface Due {
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
async function dueReminders(tx: Queryable, hours: number, byCategory: boolean): Promise<Due[]> {
  return await tx.query<Due>(
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
          and not exists (select 1 from bid_requests b where b.purchase_request_id = pr.id and b.status <> 'cancelled')
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

/** One round; returns how many reminders were queued. */
export async function runDeadlineReminders(db: Db, logger: Logger): Promise<number> {
  return await db.tx(async (tx) => {
    const [{ locked }] = await tx.query<{ locked: boolean }>("select pg_try_advisory_xact_lock($1) as locked", [
      LOCK_KEY,
    ]);
    if (!locked) return 0;
    const s = await getSettings(tx, [
      "deadline_reminders_enabled",
      "email_notifications_enabled",
      "auto_reminder_hours",
      "enable_vendor_matching",
    ]);
    if (!isOn(s.deadline_reminders_enabled) || !isOn(s.email_notifications_enabled)) return 0;
    const hours = Math.min(72, Math.max(1, Number.parseInt(s.auto_reminder_hours ?? "24", 10) || 24));
    const due = await dueReminders(tx, hours, isOn(s.enable_vendor_matching ?? "true"));
    for (const d of due) {
      // In the vendor's language; a request's deadline is a calendar day, a bid's an instant.
      await enqueueTemplated(tx, {
        to: d.email,
        template: d.sealed ? "deadline_reminder_sealed" : "deadline_reminder",
        values: {
          title: d.title,
          requestNumber: d.number,
          deadline: { date: d.deadline, withTime: d.kind === "bid_request" },
        },
      });
      await tx.query(
        "insert into deadline_reminders (request_kind, request_id, vendor_id) values ($1, $2, $3)",
        [d.kind, d.requestId, d.vendorId],
      );
    }
    if (due.length) logger.info("deadline reminders queued", { count: due.length });
    return due.length;
  });
}

export function startDeadlineReminders(db: Db, logger: Logger, intervalMs = 5 * 60_000) {
  const tick = () =>
    runDeadlineReminders(db, logger).catch((e) =>
      logger.error("deadline reminders failed", { error: (e as Error).message })
    );
  const timer = setInterval(tick, intervalMs);
  return { stop: () => clearInterval(timer) };
}

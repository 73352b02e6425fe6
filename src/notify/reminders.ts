/**
 * Quotation deadline reminders (settings: deadline_reminders_enabled, auto_reminder_hours; email
 * templates deadline_reminder and deadline_reminder_sealed, in the vendor's language): within
 * `auto_reminder_hours` of a request's deadline, every approved vendor that could still answer and
 * has not, gets one email through the outbox. For a sealed bid the reminder goes to every
 * subscribed vendor of its category, submitted or not, with the same neutral wording, so neither
 * the recipients (visible in the outbox) nor the text tell who has bid. Recorded
 * in deadline_reminders in the same transaction, so no vendor is reminded twice.
 */
import type { Queryable } from "../db/types.ts";
import { getSettings, isOn } from "../lib/settings.ts";
import { enqueueTemplated } from "./emails.ts";
import { dueReminders, recordReminder } from "./queries.ts";

/** Queues the reminders now due, in the caller's transaction; returns how many. */
export async function queueDeadlineReminders(tx: Queryable): Promise<number> {
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
    await recordReminder(tx, d);
  }
  return due.length;
}

/**
 * Emails to the vendors of a live bid, through the outbox in the transaction of the change: an
 * amendment (deadline extension, clarification) and an early close.
 */
import type { Queryable } from "../../db/types.ts";
import { getSettings, isOn, renderTemplate } from "../../lib/settings.ts";
import { enqueueEmail } from "../../notify/outbox.ts";
import * as q from "./queries.ts";

const when = (d: Date) => d.toISOString().replace("T", " ").slice(0, 16) + " UTC";

async function audience(tx: Queryable, bidId: number, template: string) {
  const s = await getSettings(tx, ["email_notifications_enabled", "enable_vendor_matching", template]);
  if (!isOn(s.email_notifications_enabled ?? "true")) return { vendors: [], template: "" };
  const vendors = await q.bidAudience(tx, bidId, isOn(s.enable_vendor_matching ?? "true"));
  return { vendors, template: s[template] ?? "" };
}

/** Returns how many vendors were told. */
export async function announceAmendment(
  tx: Queryable,
  bid: { id: number; title: string; bidNumber: string },
  change: { biddingDeadline: Date; clarification: string },
) {
  const { vendors, template } = await audience(tx, bid.id, "template_bid_amended");
  for (const v of vendors) {
    await enqueueEmail(tx, {
      to: v.email,
      subject: `Amendment to ${bid.bidNumber}: ${bid.title}`,
      body: renderTemplate(template, {
        title: bid.title,
        requestNumber: bid.bidNumber,
        deadline: when(change.biddingDeadline),
        clarification: change.clarification ? `\n\nClarification:\n${change.clarification}` : "",
        contactPerson: v.contactPerson,
        companyName: v.companyName,
      }),
    });
  }
  return vendors.length;
}

export async function announceEarlyClose(
  tx: Queryable,
  bid: { id: number; title: string; bidNumber: string; biddingDeadline: Date },
  reason: string,
) {
  const { vendors, template } = await audience(tx, bid.id, "template_bid_closed_early");
  for (const v of vendors) {
    await enqueueEmail(tx, {
      to: v.email,
      subject: `Bidding closed early: ${bid.bidNumber} ${bid.title}`,
      body: renderTemplate(template, {
        title: bid.title,
        requestNumber: bid.bidNumber,
        deadline: when(bid.biddingDeadline),
        reason,
        contactPerson: v.contactPerson,
        companyName: v.companyName,
      }),
    });
  }
  return vendors.length;
}

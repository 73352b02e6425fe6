/**
 * Emails to the vendors of a live bid, through the outbox in the transaction of the change: an
 * amendment (deadline extension, clarification) and an early close. Each is written in its
 * recipient's language (templates bid_amended and bid_closed_early, src/notify/templates.ts), the
 * deadline shown with its time in the organisation's time zone.
 */
import type { Queryable } from "../../db/types.ts";
import { getSettings, isOn } from "../../lib/settings.ts";
import { enqueueTemplated } from "../../notify/emails.ts";
import type { EmailValues } from "../../shared/email-render.ts";
import type { EmailTemplateKey } from "../../shared/schemas/notification-settings.ts";
import { sealedBidders } from "../../sealing/bidder.ts";
import * as q from "./queries.ts";

async function audience(tx: Queryable, sealedBidKey: Uint8Array, bidId: number) {
  const s = await getSettings(tx, ["email_notifications_enabled", "enable_vendor_matching"]);
  if (!isOn(s.email_notifications_enabled ?? "true")) return [];
  // A sealed bid's bidders are known only to the server (src/sealing/bidder.ts): opened here so a
  // bidder outside the bid's category hears of the change as an open bid's would.
  const sealed = await sealedBidders(tx, sealedBidKey, bidId);
  return await q.bidAudience(tx, bidId, isOn(s.enable_vendor_matching ?? "true"), sealed);
}

/**
 * One email a vendor of the bid, in the change's transaction; the values every bid template shares
 * (title, number, addressee) added to the template's own. Returns how many vendors were told.
 */
async function tellVendors(
  tx: Queryable,
  sealedBidKey: Uint8Array,
  bid: { id: number; title: string; bidNumber: string },
  template: EmailTemplateKey,
  values: EmailValues,
) {
  const vendors = await audience(tx, sealedBidKey, bid.id);
  for (const v of vendors) {
    await enqueueTemplated(tx, {
      to: v.email,
      template,
      values: {
        title: bid.title,
        requestNumber: bid.bidNumber,
        ...values,
        contactPerson: v.contactPerson,
        companyName: v.companyName,
      },
    });
  }
  return vendors.length;
}

/** Returns how many vendors were told. */
export function announceAmendment(
  tx: Queryable,
  sealedBidKey: Uint8Array,
  bid: { id: number; title: string; bidNumber: string },
  change: { biddingDeadline: Date; clarification: string },
) {
  return tellVendors(tx, sealedBidKey, bid, "bid_amended", {
    deadline: { date: change.biddingDeadline, withTime: true },
    // Empty: the clarification line is left out.
    clarification: change.clarification ?? "",
  });
}

export function announceEarlyClose(
  tx: Queryable,
  sealedBidKey: Uint8Array,
  bid: { id: number; title: string; bidNumber: string; biddingDeadline: Date },
  reason: string,
) {
  return tellVendors(tx, sealedBidKey, bid, "bid_closed_early", {
    deadline: { date: bid.biddingDeadline, withTime: true },
    reason,
  });
}

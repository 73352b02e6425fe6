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
import { aboutBid, notifyUsers, vendorsInCategory, vendorsOfBid } from "../../notify/in-app.ts";
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

type BidRef = { id: number; title: string; bidNumber: string; categoryId: number | null; createdBy: number };

/** In the bell of the category's vendors: a bid they may quote on was published. */
export async function tellPublished(tx: Queryable, bid: BidRef) {
  await notifyUsers(tx, vendorsInCategory(tx, bid.categoryId), { type: "bid_published", ...aboutBid(bid) });
}

/**
 * In the bell of the bid's author and of its vendors (subscribed, or who quoted: a sealed bid's
 * bidders opened with the key when given; the clock has none, and tells the others): bidding closed.
 */
export async function tellClosed(tx: Queryable, bid: BidRef, sealedBidKey?: Uint8Array, actorId?: number) {
  const sealed = sealedBidKey ? await sealedBidders(tx, sealedBidKey, bid.id) : [];
  const vendors = await vendorsOfBid(tx, bid.id, sealed);
  await notifyUsers(tx, [bid.createdBy, ...vendors], { type: "bid_closed", ...aboutBid(bid) }, actorId);
}

/** In the bell of the bid's vendors: an amendment (a later deadline, a clarification, changed items). */
export async function tellAmended(
  tx: Queryable,
  sealedBidKey: Uint8Array,
  bid: BidRef,
  change: { biddingDeadline: Date; extended: boolean; clarified: boolean },
) {
  const vendors = await vendorsOfBid(tx, bid.id, await sealedBidders(tx, sealedBidKey, bid.id));
  const { extended, clarified } = change;
  const params = { deadline: change.biddingDeadline.toISOString(), extended, clarified };
  await notifyUsers(tx, vendors, { type: "bid_amended", ...aboutBid(bid, params) });
}

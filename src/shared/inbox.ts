/**
 * The work inbox's kinds and windows, shared by the server and the SPA (without zod: the SPA's first
 * screen imports these, and zod is not in its chunks; the answer's schema is schemas/responses/inbox.ts).
 */

/**
 * What can wait for someone, in the order the inbox shows the groups. Each kind's rule (who, which
 * rows, which window) is in src/features/inbox/queries.ts.
 */
export const INBOX_KINDS = [
  "request_approval",
  "bid_approval",
  "bid_closing",
  "bid_evaluation",
  "order_action",
  "order_acknowledge",
  "delivery",
  "opportunity",
  "vendor_application",
] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

/** Counts stop at this many: "99+" (a longer queue is a list's job, and its count would cost a scan). */
export const INBOX_COUNT_CAP = 100;
/** Items listed per kind, oldest or most urgent first; the link of the kind's screen shows the rest. */
export const INBOX_ITEMS_PER_KIND = 10;

/** Hours before its bidding deadline that a bid counts as closing soon. */
export const CLOSING_SOON_HOURS = 48;
/** Days ahead that a delivery counts as due (overdue ones always do). */
export const DELIVERY_DUE_DAYS = 7;

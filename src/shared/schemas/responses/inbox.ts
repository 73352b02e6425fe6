/** Response schemas: the work inbox (GET /api/inbox). */
import { z } from "zod";
import { dateText, decimal, int, timestamp } from "./common.ts";

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

export const inboxItemSchema = z.object({
  kind: z.enum(INBOX_KINDS),
  id: int,
  /** PR-, BR- or PO- number; null for a vendor application. */
  number: z.string().nullable(),
  title: z.string(),
  amount: decimal.nullable(),
  currency: z.string().nullable(),
  /** A deadline or closing time; for a delivery, `dueDate` instead. */
  due: timestamp.nullable(),
  dueDate: dateText.nullable(),
  overdue: z.boolean(),
  /** What is asked when a kind has more than one: unseal or evaluate, cancel or close, a bid or a request. */
  action: z.string().nullable(),
  /** Approvals: this one is approval `given + 1` of `required`. */
  level: z.object({ given: int, required: int }).nullable(),
  /** Approvals of a request under a budget: the tightest budget before and after its estimate. */
  budget: z.object({ name: z.string(), remaining: decimal, after: decimal, overrun: z.boolean() }).nullable(),
  /** The SPA path where the action is taken. */
  path: z.string(),
});
export type InboxItem = z.infer<typeof inboxItemSchema>;

export const inboxSchema = z.object({
  items: z.array(inboxItemSchema),
  /** Per kind the user may have, at most INBOX_COUNT_CAP; kinds the user never has are absent. */
  counts: z.partialRecord(z.enum(INBOX_KINDS), int),
  total: int,
});
export type Inbox = z.infer<typeof inboxSchema>;

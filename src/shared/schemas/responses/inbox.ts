/** Response schemas: the work inbox (GET /api/inbox). */
import { z } from "zod";
import { dateText, decimal, int, timestamp } from "./common.ts";
import { INBOX_KINDS } from "../../inbox.ts";

export { INBOX_KINDS, type InboxKind } from "../../inbox.ts";

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

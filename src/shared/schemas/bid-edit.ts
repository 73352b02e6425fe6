/**
 * Editing a bid request (docs/decisions/007-bid-controls.md), shared by API and SPA:
 * - a draft is edited with the create payload (bidRequestSchema) plus the `version` read;
 * - a published or open bid takes an amendment: a later bidding deadline, a project deadline, a
 *   clarification, and items only while no vendor has quoted. It is announced to the vendors.
 * Approvals of a bid pending approval take an optional comment; a rejection needs a reason.
 */
import { z } from "zod";
import { deadlineProblem, parseDateValue, safeString } from "./common.ts";

export const BID_EDIT_MESSAGES = {
  version: "version is required",
  date: "Enter a real date and time",
  clarification: "Text is too long (max 5000)",
  order: "Bidding deadline must be before project deadline",
} as const;

export const bidVersionSchema = z.object({
  version: z.coerce.number({ error: BID_EDIT_MESSAGES.version }).int(BID_EDIT_MESSAGES.version).min(
    1,
    BID_EDIT_MESSAGES.version,
  ).max(2147483647, BID_EDIT_MESSAGES.version),
});

/** A real date (time), and a deadline: today or later in the organisation's time zone (common.ts). */
const instant = safeString().trim().superRefine((v, ctx) => {
  if (!parseDateValue(v)) return ctx.addIssue({ code: "custom", message: BID_EDIT_MESSAGES.date });
  const problem = deadlineProblem(v);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

const amendmentItem = z.object({
  itemName: safeString().trim().min(1, "All items must have names").max(200),
  specification: safeString().max(2000).optional().default(""),
  quantity: z.coerce.number().int("All items must have valid quantities").min(1, "All items must have valid quantities")
    .max(1_000_000, "All items must have valid quantities"),
  unit: safeString().trim().max(20).optional().default("pcs"),
  estimatedPrice: z.union([z.number(), safeString()]).optional(),
});

export const bidAmendmentSchema = z.object({
  version: bidVersionSchema.shape.version.optional(),
  /** The new bidding deadline: the same or later than the advertised one. */
  biddingDeadline: instant.optional(),
  /** The project deadline; must stay after the bidding deadline. */
  deadline: instant.optional(),
  /** Sent to every vendor that can see the bid and kept in its history. */
  clarification: safeString().trim().max(5000, BID_EDIT_MESSAGES.clarification).optional().default(""),
  /** Only while no vendor has submitted a quotation. */
  items: z.array(amendmentItem).min(1, "At least one item is required").max(500, "At most 500 items").optional(),
});
export type BidAmendment = z.output<typeof bidAmendmentSchema>;

export const bidApproveSchema = z.object({ comment: safeString().trim().max(2000).optional().default("") });
export const bidRejectSchema = z.object({
  comment: safeString("A reason is required to reject").trim().min(1, "A reason is required to reject").max(2000),
});

/** Milliseconds as "2 days 3 hours" style parts, for the early-close confirmation. */
export function remainingParts(ms: number): { days: number; hours: number; minutes: number } {
  const total = Math.max(0, Math.floor(ms / 60_000));
  return { days: Math.floor(total / 1440), hours: Math.floor((total % 1440) / 60), minutes: total % 60 };
}

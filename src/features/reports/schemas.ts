/**
 * The one filter every report takes: a date range, a category, a department and a
 * status. The SPA keeps the same fields in its URL and imports these names from here.
 *
 * - from / to: calendar days (YYYY-MM-DD), both included, taken in the organisation's time zone.
 *   Each report says which date it filters on (award date, request creation, publication).
 * - status: the status of the request a row belongs to (a bid request's status where the row is
 *   about a bid, else the purchase request's).
 */
import { z } from "zod";
import { dateSchema, idSchema, parseDateValue, safeString } from "../../shared/schemas/common.ts";
import { PR_STATUSES } from "../../shared/status/purchase-request.ts";
import { BID_STATUSES } from "../../shared/status/bid-request.ts";

export const REPORT_STATUSES = [...new Set<string>([...PR_STATUSES, ...BID_STATUSES])] as [string, ...string[]];
export const REPORT_KINDS = ["spend", "savings", "pipeline", "approvals", "bidding", "vendors"] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];

export const REPORT_MESSAGES = {
  order: "The start date must be on or before the end date",
  status: "Unknown status",
  department: "Department must be at most 100 characters",
} as const;

/** An empty query value (`?categoryId=`) means "no filter", as the SPA's cleared fields send. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());

export const reportFilterSchema = z.object({
  from: optional(dateSchema),
  to: optional(dateSchema),
  categoryId: optional(idSchema()),
  department: optional(safeString().trim().max(100, REPORT_MESSAGES.department)),
  status: optional(z.enum(REPORT_STATUSES, { error: REPORT_MESSAGES.status })),
}).superRefine((f, ctx) => {
  // Runs even when a date failed its own check (zod goes on to object checks): only real dates compare.
  const from = f.from ? parseDateValue(f.from) : undefined;
  const to = f.to ? parseDateValue(f.to) : undefined;
  if (from && to && from.instant > to.instant) {
    ctx.addIssue({ code: "custom", path: ["to"], message: REPORT_MESSAGES.order });
  }
});

export type ReportFilter = z.infer<typeof reportFilterSchema>;

export const reportKindParamSchema = z.object({ kind: z.enum(REPORT_KINDS, { error: "Unknown report" }) });

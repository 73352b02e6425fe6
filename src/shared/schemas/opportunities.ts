/**
 * Query strings of the vendor's lists: its opportunities (GET /api/vendor/matching-prs) and its own
 * quotations (GET /api/vendor/quotations), both paged by keyset cursor like the staff lists.
 */
import { z } from "zod";

export const vendorQuotationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  /** Keyset paging: the X-Next-Cursor of the page before (offsets stop at 10,000). */
  after: z.string().max(120).optional(),
});

/** "purchase_request:12,bid_request:7": at most 100 opportunities by kind and id. */
const opportunityIdsSchema = z.string().max(3000).transform((text, ctx) => {
  const ids = { purchaseRequest: [] as number[], bidRequest: [] as number[] };
  const parts = text.split(",").filter(Boolean);
  for (const part of parts) {
    const m = /^(purchase_request|bid_request):([1-9]\d{0,9})$/.exec(part);
    if (!m || Number(m[2]) > 2_147_483_647 || parts.length > 100) {
      ctx.addIssue({ code: "custom", message: "ids must be up to 100 of purchase_request:<id> or bid_request:<id>" });
      return z.NEVER;
    }
    (m[1] === "purchase_request" ? ids.purchaseRequest : ids.bidRequest).push(Number(m[2]));
  }
  return ids;
});

export const matchingQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  /** Keyset paging: the X-Next-Cursor of the page before (offsets stop at 10,000). */
  after: z.string().max(120).optional(),
  kind: z.enum(["purchase_request", "bid_request"]).optional(),
  categoryId: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
  /** Words in the request number, title or description. */
  q: z.string().max(200).optional(),
  ids: opportunityIdsSchema.optional(),
});

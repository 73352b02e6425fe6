import { z } from "zod";
import { idSchema } from "../../shared/schemas/common.ts";

export const quotationListQuerySchema = z.object({
  status: z.enum(["submitted", "under_review", "approved", "rejected"], {
    error: "status must be submitted, under_review, approved or rejected",
  }).optional(),
  purchaseRequestId: idSchema().optional(),
  bidRequestId: idSchema().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).default(0),
  /** Keyset paging: the X-Next-Cursor of the page before (deep pages; offsets stop at 10,000). */
  after: z.string().max(120).optional(),
});

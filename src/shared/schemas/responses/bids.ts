/** Response schemas: bid requests. */
import { z } from "zod";
import { decimal, int, timestamp } from "./common.ts";

export const bidRequestResponseSchema = z.looseObject({
  id: int,
  bidNumber: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  department: z.string().nullable(),
  deadline: timestamp.nullable(),
  biddingStartAt: timestamp.nullable(),
  biddingDeadline: timestamp.nullable(),
  biddingMode: z.string(),
  status: z.string(),
  estimatedBudget: decimal.nullable(),
  evaluationMethod: z.string().nullable(),
  purchaseRequestId: int.nullable(),
  unsealedAt: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  version: int,
  approvalsRequired: int,
  createdBy: int.nullable(),
  category: z.object({ id: int, name: z.string() }).nullable(),
  bidCount: int,
  items: z.array(z.looseObject({ id: int, name: z.string(), quantity: int, unit: z.string() })),
});
/** A list row: the details' fields, but `items` holds the first three items (id, name, quantity, unit, estimatedPrice). */
export const bidRequestListSchema = z.array(bidRequestResponseSchema.extend({ itemCount: int }));
export const bidStatsSchema = z.object({ active: int, drafts: int, completed: int, totalValue: decimal });
export const approvalRuleSchema = z.object({ threshold: decimal });
/** A purchase request a bid request can be made from (GET /api/bid-requests/candidates). */
export const bidCandidateListSchema = z.array(
  z.object({ id: int, requestId: z.string(), title: z.string(), status: z.literal("active") }),
);

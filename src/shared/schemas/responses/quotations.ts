/** Response schemas: quotations (staff review, comparison, award) and a vendor's own quotations. */
import { z } from "zod";
import { decimal, int, timestamp } from "./common.ts";

export const quotationRowSchema = z.object({
  id: int,
  purchaseRequestId: int.nullable(),
  bidRequestId: int.nullable(),
  requestNumber: z.string(),
  purchaseRequestTitle: z.string(),
  vendorId: int,
  vendorName: z.string(),
  submittedAt: timestamp,
  status: z.string(),
  totalAmount: decimal.nullable(),
  currency: z.string(),
  validityDays: int,
  validUntil: timestamp,
  expired: z.boolean(),
  leadTimeDays: int.nullable(),
  notes: z.string().nullable(),
  technicalScore: z.number().nullable(),
  reviewComment: z.string(),
  revision: int,
  source: z.string(),
  isCurrent: z.boolean(),
  attachments: z.array(z.object({ id: int, filename: z.string() })),
  items: z.array(z.object({
    id: int,
    requestItemId: int,
    name: z.string(),
    itemName: z.string(),
    quantity: int,
    unit: z.string(),
    unitPrice: decimal,
    totalPrice: decimal,
    notes: z.string(),
  })),
});
/** A row of the staff list: `items` holds the first three items (by id), `itemCount` how many there are. */
export const quotationListRowSchema = quotationRowSchema.extend({
  itemCount: int.describe("How many items the quotation has (the details endpoint answers them all)"),
});
export const quotationListSchema = z.array(quotationListRowSchema);

export const quotationDetailSchema = quotationRowSchema.extend({
  revisions: z.array(z.looseObject({
    id: int,
    revision: int,
    status: z.string(),
    totalAmount: decimal.nullable(),
    submittedAt: timestamp,
    isCurrent: z.boolean(),
  })),
});

export const purchaseOrderIssuedSchema = z.object({ id: int, poNumber: z.string(), totalAmount: decimal });
/** Approving a quotation awards it: the detail and the purchase order issued. */
export const quotationReviewedSchema = quotationDetailSchema.extend({
  purchaseOrder: purchaseOrderIssuedSchema.optional(),
});
export const awardResultSchema = z.object({ purchaseOrder: purchaseOrderIssuedSchema, quotationId: int });

export const quotationStatsSchema = z.object({
  total: int,
  submitted: int,
  underReview: int,
  approved: int,
  rejected: int,
  sealedBids: int,
  sealedSubmissions: int,
});

export const comparisonSchema = z.object({
  request: z.looseObject({ id: int, kind: z.string(), number: z.string(), title: z.string(), status: z.string() }),
  quotations: z.array(z.looseObject({ id: int, rank: z.number() })),
  rows: z.array(z.object({
    itemId: int,
    name: z.string(),
    quantity: int,
    unit: z.string(),
    cells: z.array(
      z.object({ quotationId: int, unitPrice: decimal, lineTotal: decimal, isLowestUnitPrice: z.boolean() }).nullable(),
    ),
  })),
});

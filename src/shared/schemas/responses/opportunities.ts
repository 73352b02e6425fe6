/** Response schemas: a vendor's opportunities and its own quotations. */
import { z } from "zod";
import { decimal, int, timestamp } from "./common.ts";

const item = z.looseObject({
  id: int,
  name: z.string(),
  quantity: int,
  unit: z.string(),
  estimatedPrice: decimal.nullable(),
  specifications: z.string().nullable().optional().describe("With ids= only (not in a list page's first three)"),
});

/** An active purchase request needing quotes or an open bid request (only fields meant for vendors). */
export const opportunitySchema = z.looseObject({
  kind: z.enum(["purchase_request", "bid_request"]),
  id: int,
  requestId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  deadline: timestamp,
  createdAt: timestamp,
  biddingMode: z.string().nullable(),
  category: z.object({ id: int, name: z.string() }).nullable(),
  itemCount: int.describe("How many items the request has"),
  items: z.array(item).describe(
    "A list page's rows: the first three items by position (id, name, quantity, unit, estimatedPrice); rows asked by ids=: every item, with specifications",
  ),
  /** The vendor's current quotation for it, if any. */
  myQuotation: z.object({ id: int, status: z.string() }).nullable(),
});
export const opportunityListSchema = z.array(opportunitySchema);

export const vendorQuotationSchema = z.object({
  id: int,
  purchaseRequestId: int.nullable(),
  bidRequestId: int.nullable(),
  requestNumber: z.string(),
  purchaseRequestTitle: z.string(),
  status: z.string(),
  isCurrent: z.boolean(),
  revision: int,
  sealed: z.boolean(),
  totalAmount: decimal.nullable(),
  validityDays: int,
  validUntil: timestamp,
  leadTimeDays: int.nullable(),
  notes: z.string().nullable(),
  submittedAt: timestamp,
  source: z.string(),
  items: z.array(z.looseObject({
    id: int,
    itemId: int,
    name: z.string().optional(),
    quantity: int.optional(),
    unit: z.string().optional(),
    unitPrice: decimal,
    totalPrice: decimal.optional(),
    notes: z.string().optional(),
  })),
  attachments: z.array(z.object({ id: int, filename: z.string() })),
  purchaseOrder: z.object({ id: int, poNumber: z.string() }).nullable(),
});
/** A row of the vendor's own list: no items or attachments (GET /api/vendor/quotations/{id}), their count. */
export const vendorQuotationListRowSchema = vendorQuotationSchema.omit({ items: true, attachments: true }).extend({
  itemCount: int.describe("How many items the quotation has (its details answer them)"),
});
export const vendorQuotationListSchema = z.array(vendorQuotationListRowSchema);

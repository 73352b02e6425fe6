/** Response schemas: purchase orders. */
import { z } from "zod";
import { PURCHASE_ORDER_STATUSES } from "../purchase-orders.ts";
import { decimal, int, timestamp } from "./common.ts";

export const purchaseOrderRowSchema = z.object({
  id: int,
  poNumber: z.string(),
  quotationId: int,
  vendorId: int,
  vendorName: z.string(),
  purchaseRequestId: int.nullable(),
  bidRequestId: int.nullable(),
  requestNumber: z.string(),
  requestTitle: z.string(),
  totalAmount: decimal,
  currency: z.string(),
  status: z.enum(PURCHASE_ORDER_STATUSES),
  createdAt: timestamp,
  acknowledgedAt: timestamp.nullable(),
  promisedDeliveryDate: z.string().nullable(),
  requestedDeliveryDate: z.string().nullable(),
  declinedAt: timestamp.nullable(),
  declinedReason: z.string().nullable(),
  cancelledAt: timestamp.nullable(),
  cancelledReason: z.string().nullable(),
  closedAt: timestamp.nullable(),
  version: int,
  updatedAt: timestamp,
  createdBy: z.object({ id: int, name: z.string() }),
});
export const purchaseOrderListSchema = z.array(purchaseOrderRowSchema);

export const purchaseOrderTotalsSchema = z.object({
  count: int,
  totals: z.array(z.object({ currency: z.string(), count: int, amount: decimal })),
});
export const purchaseOrderVendorsSchema = z.array(z.object({ id: int, name: z.string() }));

/** Staff see the award, receipts and history too; the order's vendor sees the order and its lines. */
export const purchaseOrderDetailSchema = purchaseOrderRowSchema.extend({
  vendor: z.object({ companyName: z.string(), contactPerson: z.string(), email: z.string(), phone: z.string() }),
  validUntil: timestamp,
  leadTimeDays: int.nullable(),
  lines: z.array(z.object({
    id: int,
    name: z.string(),
    quantity: int,
    unit: z.string(),
    unitPrice: decimal,
    totalPrice: decimal,
    received: decimal,
  })),
  award: z.object({ justification: z.string(), awardedAt: timestamp, awardedBy: z.string().nullable() }).nullable()
    .optional(),
  receipts: z.array(z.object({
    id: int,
    receivedAt: timestamp,
    receivedBy: z.object({ id: int, name: z.string() }).nullable(),
    notes: z.string(),
    deliveryNote: z.object({ id: int, filename: z.string() }).nullable(),
    lines: z.array(z.object({
      quotationItemId: int,
      name: z.string(),
      quantity: decimal,
      overReceiptReason: z.string().nullable(),
    })),
  })).optional(),
  history: z.array(z.object({
    id: int,
    action: z.string(),
    createdAt: timestamp,
    user: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
  })).optional(),
});

export const receiptCreatedSchema = z.object({
  receipt: z.object({ id: int, status: z.enum(PURCHASE_ORDER_STATUSES) }),
  purchaseOrder: purchaseOrderDetailSchema,
});

/** Response schemas: purchase requests (list rows, one request with items and history, counts). */
import { z } from "zod";
import { decimal, int, timestamp } from "./common.ts";

export const purchaseRequestRowSchema = z.looseObject({
  id: int,
  requestId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  status: z.string(),
  requestType: z.string(),
  priority: z.string().nullable(),
  department: z.string().nullable(),
  biddingMode: z.string().nullable(),
  deadline: timestamp.nullable(),
  createdAt: timestamp,
  updatedAt: timestamp,
  estimatedBudget: decimal.nullable(),
  approvalsRequired: int,
  version: int,
  createdById: int,
  category: z.object({ id: int, name: z.string() }).nullable(),
  categoryName: z.string().nullable(),
  approvedBy: z.array(int),
});
export const purchaseRequestListSchema = z.array(purchaseRequestRowSchema);

const person = z.object({ id: int, name: z.string(), email: z.string() });

export const purchaseRequestDetailSchema = purchaseRequestRowSchema.extend({
  createdBy: person,
  items: z.array(z.looseObject({
    id: int,
    name: z.string(),
    quantity: int,
    unit: z.string(),
    estimatedPrice: decimal.nullable(),
  })),
  history: z.array(z.looseObject({
    id: int,
    action: z.string(),
    fromStatus: z.string().nullable(),
    toStatus: z.string().nullable(),
    comment: z.string().nullable(),
    createdAt: timestamp,
    actor: person.nullable(),
  })),
});

export const purchaseRequestStatsSchema = z.object({ total: int, active: int, pending: int, completed: int });

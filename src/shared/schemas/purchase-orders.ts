/**
 * Purchase orders after the award: statuses, their moves, and the bodies of the vendor's
 * answer, cancellation and goods receipt. Shared by the API and the SPA (same rules, same messages).
 */
import { z } from "zod";
import { DATE_MESSAGES, idSchema, parseDateValue, safeString } from "./common.ts";

export const PURCHASE_ORDER_STATUSES = [
  "issued",
  "acknowledged",
  "declined",
  "partially_received",
  "received",
  "closed",
  "cancelled",
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** The legal moves (the database's trigger in sql/0013 holds the same list). */
export const PURCHASE_ORDER_TRANSITIONS: Record<PurchaseOrderStatus, readonly PurchaseOrderStatus[]> = {
  issued: ["acknowledged", "declined", "partially_received", "received", "cancelled"],
  acknowledged: ["partially_received", "received", "cancelled"],
  declined: ["cancelled"],
  partially_received: ["received", "closed"],
  received: ["closed"],
  closed: [],
  cancelled: [],
};

/** Orders on which goods may still be received (a received order takes more only as an over-receipt). */
export const RECEIVABLE_STATUSES: readonly PurchaseOrderStatus[] = [
  "issued",
  "acknowledged",
  "partially_received",
  "received",
];
/** Statuses after which an order can no longer be cancelled because goods arrived. */
export const RECEIVED_STATUSES: readonly PurchaseOrderStatus[] = ["partially_received", "received", "closed"];

export const PO_MESSAGES = {
  reasonRequired: "Reason is required",
  reasonTooLong: "Reason must be at most 2000 characters",
  notesTooLong: "Notes must be at most 2000 characters",
  linesRequired: "Enter a received quantity for at least one line",
  quantityPositive: "Quantity must be greater than 0",
  quantityInvalid: "Quantity must be a number with at most 3 decimals",
  overReceiptReasonRequired: "Give a reason to receive more than was ordered",
  receivedInFuture: "The goods cannot have been received in the future",
  dateInvalid: DATE_MESSAGES.invalid,
} as const;

const reason = () =>
  safeString(PO_MESSAGES.reasonRequired).trim().min(1, PO_MESSAGES.reasonRequired).max(2000, PO_MESSAGES.reasonTooLong);

/** A calendar date YYYY-MM-DD (or the SPA's UTC midnight), returned as YYYY-MM-DD. */
export const calendarDateSchema = safeString(PO_MESSAGES.dateInvalid).transform((v, ctx) => {
  const d = parseDateValue(v)?.calendarDate;
  if (!d) {
    ctx.addIssue({ code: "custom", message: PO_MESSAGES.dateInvalid });
    return z.NEVER;
  }
  return d;
});

export const acknowledgeSchema = z.object({
  promisedDeliveryDate: z.union([calendarDateSchema, z.literal(""), z.null()]).optional()
    .transform((v) => v || null),
});

export const declineSchema = z.object({ reason: reason() });
export const cancelSchema = z.object({ reason: reason() });

export const updatePurchaseOrderSchema = z.object({
  requestedDeliveryDate: z.union([calendarDateSchema, z.null()]),
  /** The version the client read; a different current version answers 409. */
  version: z.coerce.number().int().min(1).optional(),
});

/** Up to 3 decimals, above zero, below numeric(14,3)'s limit; kept as a decimal string. */
export const quantitySchema = z.union([z.string(), z.number()], { error: PO_MESSAGES.quantityInvalid })
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,11}(\.\d{1,3})?$/.test(v), { message: PO_MESSAGES.quantityInvalid, abort: true })
  .refine((v) => Number(v) > 0, { message: PO_MESSAGES.quantityPositive });

export const receiptLineSchema = z.object({
  quotationItemId: idSchema(),
  quantity: quantitySchema,
  overReceiptReason: safeString().trim().max(2000, PO_MESSAGES.reasonTooLong).optional()
    .transform((v) => v || null),
});

export const receiptSchema = z.object({
  lines: z.array(receiptLineSchema, { error: PO_MESSAGES.linesRequired }).min(1, PO_MESSAGES.linesRequired).max(500),
  notes: safeString().trim().max(2000, PO_MESSAGES.notesTooLong).optional().default(""),
  /** When the goods arrived (default: now); not in the future. */
  receivedAt: safeString(PO_MESSAGES.dateInvalid).refine((v) => parseDateValue(v) !== undefined, {
    message: PO_MESSAGES.dateInvalid,
  }).optional(),
});
export type ReceiptInput = z.input<typeof receiptSchema>;

/** Decimal strings with 3 places compared exactly, as integers of thousandths. */
export function toThousandths(v: string | number): bigint {
  const [whole, frac = ""] = String(v).split(".");
  return BigInt(whole || "0") * 1000n + BigInt((frac + "000").slice(0, 3));
}
export function fromThousandths(v: bigint): string {
  const neg = v < 0n;
  const abs = neg ? -v : v;
  const whole = abs / 1000n;
  const frac = (abs % 1000n).toString().padStart(3, "0").replace(/0+$/, "");
  return `${neg ? "-" : ""}${whole}${frac ? `.${frac}` : ""}`;
}

export const purchaseOrderListQuerySchema = z.object({
  status: z.enum(PURCHASE_ORDER_STATUSES, { error: `status must be one of ${PURCHASE_ORDER_STATUSES.join(", ")}` })
    .optional(),
  vendorId: idSchema().optional(),
  purchaseRequestId: idSchema().optional(),
  bidRequestId: idSchema().optional(),
  from: calendarDateSchema.optional(),
  to: calendarDateSchema.optional(),
  minAmount: z.string().trim().regex(/^\d{1,12}(\.\d{1,2})?$/, "minAmount must be an amount like 1000.00").optional(),
  maxAmount: z.string().trim().regex(/^\d{1,12}(\.\d{1,2})?$/, "maxAmount must be an amount like 1000.00").optional(),
  search: safeString().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PurchaseOrderListQuery = z.output<typeof purchaseOrderListQuerySchema>;

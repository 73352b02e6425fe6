/**
 * Purchase request payloads (spec sections 3, 5, 7, 9), shared by API and SPA. The spec checks
 * rules in a fixed order and shows the first failure, so the checks run in that order in one
 * refinement instead of per field.
 */
import { z } from "zod";
import { DATE_MESSAGES, deadlineProblem, idSchema, safeString } from "./common.ts";
import { toCents } from "../money.ts";
import { formText, isValidQuantity, numberInput, requestFormProblem, requestItemFields } from "./request-form.ts";

export const PR_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  department: "Department is required",
  justification: "Justification is required",
  itemNames: "All items must have names",
  itemQuantities: "All items must have valid quantities",
  price: "Estimated price must be 0 or more, with at most 2 decimals",
  atLeastOneItem: "At least one item is required",
  // Quotations on a purchase request are never sealed, so the request cannot say so
  // (docs/decisions/005-sealed-purchase-requests.md).
  sealedOnBidsOnly:
    "Sealed bidding is for bid requests: create the request open and convert it into a sealed bid request",
  quickRequired: "Please fill in all required fields",
  deadline: "Deadline must be a valid date",
  deadlinePast: DATE_MESSAGES.past,
  stale: "This purchase request was changed by someone else. Reload and try again.",
  approvedItemsLocked: "The items of an approved purchase request cannot change. Cancel it and raise a new request.",
} as const;

export const PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const REQUEST_TYPES = ["internal", "vendor_quote", "bid_required"] as const;
export const URGENCIES = ["low", "medium", "high", "critical"] as const;

const fullItem = z.object({
  id: idSchema().optional(),
  ...requestItemFields,
  urgency: z.enum(URGENCIES).optional().default("medium"),
  notes: formText(2000),
});

export const fullPurchaseRequestSchema = z.object({
  title: safeString().max(200).optional().default(""),
  description: formText(5000),
  department: safeString().max(100).optional().default(""),
  justification: formText(5000),
  deadline: safeString().optional(),
  priority: z.enum(PRIORITIES).optional().default("medium"),
  requestType: z.enum(REQUEST_TYPES).optional().default("internal"),
  biddingMode: z.enum(["open", "sealed", "unsealed"]).optional().default("open")
    .refine((m) => m !== "sealed", PR_MESSAGES.sealedOnBidsOnly),
  categoryId: idSchema().optional(),
  approvalRequired: z.boolean().optional().default(true),
  vendorPreferences: formText(2000),
  internalSupplier: formText(200),
  items: z.array(fullItem).max(500, "At most 500 items").optional().default([]),
  // sent by the spec's client, ignored: the server computes the budget from the items
  estimatedBudget: z.unknown().optional(),
  status: z.enum(["draft", "pending"]).optional(),
}).superRefine((v, ctx) => {
  const fail = (message: string, path: (string | number)[]) => {
    ctx.addIssue({ code: "custom", message, path });
  };
  const own = { field: "justification", value: v.justification, message: PR_MESSAGES.justification };
  const problem = requestFormProblem(v, own, PR_MESSAGES);
  if (problem) return fail(problem.message, problem.path);
  const badPrice = v.items.findIndex((i) => toCents(i.estimatedPrice ?? 0) === null);
  if (badPrice >= 0) return fail(PR_MESSAGES.price, ["items", badPrice, "estimatedPrice"]);
  if (v.deadline !== undefined && v.deadline !== "") {
    const problem = deadlineProblem(v.deadline);
    if (problem) return fail(problem === DATE_MESSAGES.past ? problem : PR_MESSAGES.deadline, ["deadline"]);
  }
});

const quickItem = z.object({
  id: idSchema().optional(),
  name: safeString().max(200).optional().default(""),
  description: safeString().max(200).optional(),
  unit: safeString().trim().max(20).optional(),
  quantity: numberInput,
  specifications: formText(2000),
  estimatedPrice: numberInput,
  categoryId: idSchema().optional(),
});

/** Quick create and edit: title, deadline and one named item; blank items are dropped. */
export const quickPurchaseRequestSchema = z.object({
  title: safeString().max(200).optional().default(""),
  description: formText(5000),
  deadline: safeString().optional().default(""),
  categoryId: idSchema().optional(),
  requestType: z.enum(REQUEST_TYPES).optional(),
  biddingMode: z.enum(["open", "sealed", "unsealed"]).optional().refine(
    (m) => m !== "sealed",
    PR_MESSAGES.sealedOnBidsOnly,
  ),
  status: z.enum(["draft", "pending"]).optional(),
  items: z.array(quickItem).max(500, "At most 500 items").optional().default([]),
  version: z.number().int().positive().optional(),
}).transform((v) => ({
  ...v,
  items: v.items
    .map((i) => ({ ...i, name: (i.name || i.description || "").trim() }))
    .filter((i) => i.name.length > 0),
})).superRefine((v, ctx) => {
  const fail = (message: string, path: (string | number)[]) => ctx.addIssue({ code: "custom", message, path });
  if (!v.title.trim() || !v.deadline || !v.items.length) return fail(PR_MESSAGES.quickRequired, ["title"]);
  const deadline = deadlineProblem(v.deadline);
  if (deadline) return fail(deadline === DATE_MESSAGES.past ? deadline : PR_MESSAGES.deadline, ["deadline"]);
  const badQty = v.items.findIndex((i) => !isValidQuantity(i.quantity ?? 1));
  if (badQty >= 0) return fail(PR_MESSAGES.itemQuantities, ["items", badQty, "quantity"]);
  const badPrice = v.items.findIndex((i) => toCents(i.estimatedPrice ?? 0) === null);
  if (badPrice >= 0) return fail(PR_MESSAGES.price, ["items", badPrice, "estimatedPrice"]);
});

export const prStatusSchema = z.object({
  status: z.enum(["pending", "completed", "cancelled", "active", "rejected", "draft"], { error: "Invalid status" }),
  version: z.number().int().positive().optional(),
  comment: safeString().trim().max(2000).optional(),
});

export const approveSchema = z.object({ comment: safeString().trim().max(2000).optional().default("") });
export const rejectSchema = z.object({
  comment: safeString("A reason is required to reject").trim().min(1, "A reason is required to reject").max(
    2000,
  ),
});

export const prListQuerySchema = z.object({
  status: z.enum(["draft", "pending", "active", "rejected", "completed", "cancelled"]).optional(),
  categoryId: idSchema().optional(),
  requestType: z.enum(REQUEST_TYPES).optional(),
  q: safeString().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
  /** Keyset cursor from X-Next-Cursor: the page after that row (offset is then ignored). */
  after: z.string().max(200).optional(),
});

/** Which of the two payloads of spec section 7 a body is: the full form always has department and justification. */
export function isFullPayload(body: unknown): boolean {
  return !!body && typeof body === "object" && ("department" in body || "justification" in body);
}

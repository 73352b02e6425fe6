/**
 * Purchase request payloads (spec sections 3, 5, 7, 9), shared by API and SPA. The spec checks
 * rules in a fixed order and shows the first failure, so the checks run in that order in one
 * refinement instead of per field.
 */
import { z } from "zod";
import { toCents } from "../money.ts";

export const PR_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  department: "Department is required",
  justification: "Justification is required",
  itemNames: "All items must have names",
  itemQuantities: "All items must have valid quantities",
  price: "Estimated price must be 0 or more, with at most 2 decimals",
  atLeastOneItem: "At least one item is required",
  quickRequired: "Please fill in all required fields",
  deadline: "Deadline must be a valid date",
  stale: "This purchase request was changed by someone else. Reload and try again.",
  approvedItemsLocked: "The items of an approved purchase request cannot change. Cancel it and raise a new request.",
} as const;

export const PRIORITIES = ["low", "medium", "high", "urgent"] as const;
export const REQUEST_TYPES = ["internal", "vendor_quote", "bid_required"] as const;
export const URGENCIES = ["low", "medium", "high", "critical"] as const;

const text = (max: number) => z.string().max(max, `Text is too long (max ${max})`).optional().default("");
const moneyInput = z.union([z.number(), z.string()]).optional();
const quantityInput = z.union([z.number(), z.string()]).optional();

function isValidQuantity(q: unknown) {
  const n = typeof q === "string" ? Number(q) : q;
  return typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 1_000_000;
}

const fullItem = z.object({
  id: z.number().int().optional(),
  itemName: z.string().max(200).optional().default(""),
  specification: text(2000),
  quantity: quantityInput,
  unit: z.string().trim().max(20).optional().default("pcs"),
  estimatedPrice: moneyInput,
  categoryId: z.coerce.number().int().positive().optional(),
  urgency: z.enum(URGENCIES).optional().default("medium"),
  notes: text(2000),
});

export const fullPurchaseRequestSchema = z.object({
  title: z.string().max(200).optional().default(""),
  description: text(5000),
  department: z.string().max(100).optional().default(""),
  justification: text(5000),
  deadline: z.string().optional(),
  priority: z.enum(PRIORITIES).optional().default("medium"),
  requestType: z.enum(REQUEST_TYPES).optional().default("internal"),
  biddingMode: z.enum(["open", "sealed", "unsealed"]).optional().default("open"),
  categoryId: z.coerce.number().int().positive().optional(),
  approvalRequired: z.boolean().optional().default(true),
  vendorPreferences: text(2000),
  internalSupplier: text(200),
  items: z.array(fullItem).max(500, "At most 500 items").optional().default([]),
  // sent by the spec's client, ignored: the server computes the budget from the items
  estimatedBudget: z.unknown().optional(),
  status: z.enum(["draft", "pending"]).optional(),
}).superRefine((v, ctx) => {
  const fail = (message: string, path: (string | number)[]) => {
    ctx.addIssue({ code: "custom", message, path });
  };
  if (!v.title.trim()) return fail(PR_MESSAGES.title, ["title"]);
  if (!v.description.trim()) return fail(PR_MESSAGES.description, ["description"]);
  if (!v.department.trim()) return fail(PR_MESSAGES.department, ["department"]);
  if (!v.justification.trim()) return fail(PR_MESSAGES.justification, ["justification"]);
  if (!v.items.length) return fail(PR_MESSAGES.atLeastOneItem, ["items"]);
  const noName = v.items.findIndex((i) => !i.itemName.trim());
  if (noName >= 0) return fail(PR_MESSAGES.itemNames, ["items", noName, "itemName"]);
  const badQty = v.items.findIndex((i) => !isValidQuantity(i.quantity ?? 1));
  if (badQty >= 0) return fail(PR_MESSAGES.itemQuantities, ["items", badQty, "quantity"]);
  const badPrice = v.items.findIndex((i) => toCents(i.estimatedPrice ?? 0) === null);
  if (badPrice >= 0) return fail(PR_MESSAGES.price, ["items", badPrice, "estimatedPrice"]);
  if (v.deadline !== undefined && v.deadline !== "" && Number.isNaN(Date.parse(v.deadline))) {
    return fail(PR_MESSAGES.deadline, ["deadline"]);
  }
});

const quickItem = z.object({
  id: z.number().int().optional(),
  name: z.string().max(200).optional().default(""),
  description: z.string().max(200).optional(),
  unit: z.string().trim().max(20).optional(),
  quantity: quantityInput,
  specifications: text(2000),
  estimatedPrice: moneyInput,
  categoryId: z.coerce.number().int().positive().optional(),
});

/** Quick create and edit: title, deadline and one named item; blank items are dropped. */
export const quickPurchaseRequestSchema = z.object({
  title: z.string().max(200).optional().default(""),
  description: text(5000),
  deadline: z.string().optional().default(""),
  categoryId: z.coerce.number().int().positive().optional(),
  requestType: z.enum(REQUEST_TYPES).optional(),
  biddingMode: z.enum(["open", "sealed", "unsealed"]).optional(),
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
  if (Number.isNaN(Date.parse(v.deadline))) return fail(PR_MESSAGES.deadline, ["deadline"]);
  const badQty = v.items.findIndex((i) => !isValidQuantity(i.quantity ?? 1));
  if (badQty >= 0) return fail(PR_MESSAGES.itemQuantities, ["items", badQty, "quantity"]);
  const badPrice = v.items.findIndex((i) => toCents(i.estimatedPrice ?? 0) === null);
  if (badPrice >= 0) return fail(PR_MESSAGES.price, ["items", badPrice, "estimatedPrice"]);
});

export const prStatusSchema = z.object({
  status: z.enum(["pending", "completed", "cancelled", "active", "rejected", "draft"], { error: "Invalid status" }),
  version: z.number().int().positive().optional(),
  comment: z.string().trim().max(2000).optional(),
});

export const approveSchema = z.object({ comment: z.string().trim().max(2000).optional().default("") });
export const rejectSchema = z.object({
  comment: z.string({ error: "A reason is required to reject" }).trim().min(1, "A reason is required to reject").max(
    2000,
  ),
});

export const prListQuerySchema = z.object({
  status: z.enum(["draft", "pending", "active", "rejected", "completed", "cancelled"]).optional(),
  categoryId: z.coerce.number().int().positive().optional(),
  requestType: z.enum(REQUEST_TYPES).optional(),
  q: z.string().trim().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(10_000_000).default(0),
});

/** Which of the two payloads of spec section 7 a body is: the full form always has department and justification. */
export function isFullPayload(body: unknown): boolean {
  return !!body && typeof body === "object" && ("department" in body || "justification" in body);
}

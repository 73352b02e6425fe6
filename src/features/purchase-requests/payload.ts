/**
 * A validated purchase request body as rows: the full form or the quick-create payload, with the
 * spec's defaults (unit pcs, quantity 1, cost 0; a missing deadline is default_deadline_days away).
 */
import type { z } from "zod";
import { defaultCategoryId } from "../../db/default-category.ts";
import { itemCommon } from "../../db/request-items.ts";
import type { Queryable } from "../../db/types.ts";
import { getSetting } from "../../lib/settings.ts";
import { toCents } from "../../shared/money.ts";
import type { fullPurchaseRequestSchema, quickPurchaseRequestSchema } from "../../shared/schemas/purchase-requests.ts";
import type * as q from "./queries.ts";

const DAY = 86_400_000;

type FullForm = z.output<typeof fullPurchaseRequestSchema>;
type QuickForm = z.output<typeof quickPurchaseRequestSchema>;

export interface NewPurchaseRequest extends q.PurchaseRequestFields {
  biddingMode: "open";
  items: q.PrItemInput[];
}

/** Items of the quick-create / edit payload with the spec's defaults (unit pcs, quantity 1, cost 0). */
export function quickItems(items: QuickForm["items"]): q.PrItemInput[] {
  return items.map((i) => ({
    name: i.name,
    specifications: i.specifications,
    quantity: Number(i.quantity ?? 1),
    unit: i.unit || "pcs",
    estimatedPriceCents: toCents(i.estimatedPrice ?? 0)!,
    categoryId: i.categoryId ?? null,
    urgency: "medium",
    notes: "",
  }));
}

/** The full form as a new request; a missing deadline is default_deadline_days from now. */
export async function fromFullForm(db: Queryable, v: FullForm): Promise<NewPurchaseRequest> {
  const defaultCategory = await defaultCategoryId(db);
  const days = Number(await getSetting(db, "default_deadline_days", "7")) || 7;
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    department: v.department.trim(),
    justification: v.justification.trim(),
    priority: v.priority,
    requestType: v.requestType,
    biddingMode: "open", // sealed is a bid-request mode (docs/decisions/005-sealed-purchase-requests.md)
    deadline: v.deadline ? new Date(v.deadline) : new Date(Date.now() + days * DAY),
    approvalRequired: v.approvalRequired,
    vendorPreferences: v.vendorPreferences,
    internalSupplier: v.internalSupplier,
    status: v.status ?? "pending",
    categoryId: v.categoryId ?? v.items[0]?.categoryId ?? defaultCategory,
    items: v.items.map((i) => ({
      ...itemCommon(i, defaultCategory),
      specifications: i.specification,
      urgency: i.urgency,
      notes: i.notes,
    })),
  };
}

/** The quick-create payload as a new request (internal, pending, approval required by default). */
export function fromQuickForm(v: QuickForm): NewPurchaseRequest {
  return {
    title: v.title.trim(),
    description: v.description.trim(),
    department: "",
    justification: "",
    priority: "medium",
    requestType: v.requestType ?? "internal",
    biddingMode: "open", // sealed is a bid-request mode (docs/decisions/005-sealed-purchase-requests.md)
    deadline: new Date(v.deadline),
    approvalRequired: true,
    vendorPreferences: "",
    internalSupplier: "",
    status: v.status ?? "pending",
    categoryId: v.categoryId ?? v.items[0]?.categoryId ?? null,
    items: quickItems(v.items),
  };
}

/**
 * The full Create Purchase Request form's values, defaults (spec section 9) and the payload built
 * from them (the Review tab's live budget is in web/src/lib/item-totals.ts).
 */
import type { FullPurchaseRequestInput } from "../api/create-purchase-request.ts";
import type { Urgency } from "../api/get-purchase-request.ts";
import type { Priority, RequestType } from "../api/get-purchase-requests.ts";
import { dateInputValue } from "../../../lib/date-input.ts";
import { itemLinePayload } from "../../../lib/item-totals.ts";
import type { ItemFieldValues } from "../../../components/item-fields.tsx";
import type { RequestBasics } from "../../../components/wizard/request-fields.tsx";

/** The fields every line item has (web/src/components/item-fields.tsx), then a purchase request's own. */
export type FullItemValues = ItemFieldValues & {
  /** "" means the request's category. */
  categoryId: string;
  urgency: Urgency;
  notes: string;
};

export type FullFormValues = RequestBasics & {
  justification: string;
  priority: Priority;
  requestType: RequestType;
  categoryId: string;
  /** YYYY-MM-DD */
  deadline: string;
  approvalRequired: boolean;
  vendorPreferences: string;
  internalSupplier: string;
  /** Sealed bidding is for bid requests only (docs/decisions/005-sealed-purchase-requests.md). */
  biddingMode: "open";
  items: FullItemValues[];
};

export const DEFAULT_DEADLINE_DAYS = 14;

export const EMPTY_FULL_ITEM: FullItemValues = {
  itemName: "",
  specification: "",
  quantity: "1",
  unit: "pcs",
  estimatedPrice: "0",
  categoryId: "",
  urgency: "medium",
  notes: "",
};

export function fullFormDefaults(): FullFormValues {
  return {
    title: "",
    description: "",
    department: "",
    justification: "",
    priority: "medium",
    requestType: "internal",
    categoryId: "",
    deadline: dateInputValue(DEFAULT_DEADLINE_DAYS),
    approvalRequired: true,
    vendorPreferences: "",
    internalSupplier: "",
    biddingMode: "open",
    items: [{ ...EMPTY_FULL_ITEM }],
  };
}

export function toFullPayload(values: FullFormValues): FullPurchaseRequestInput {
  const requestCategory = values.categoryId ? Number(values.categoryId) : undefined;
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    department: values.department.trim(),
    justification: values.justification.trim(),
    priority: values.priority,
    requestType: values.requestType,
    deadline: values.deadline,
    categoryId: requestCategory,
    approvalRequired: values.approvalRequired,
    vendorPreferences: values.vendorPreferences.trim(),
    internalSupplier: values.internalSupplier.trim(),
    biddingMode: values.biddingMode,
    items: values.items.map((item) => ({
      ...itemLinePayload(item),
      estimatedPrice: item.estimatedPrice.trim(),
      categoryId: item.categoryId ? Number(item.categoryId) : requestCategory,
      urgency: item.urgency,
      notes: item.notes.trim(),
    })),
  };
}

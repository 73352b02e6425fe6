/**
 * The Create Bid Request form's values, the defaults of spec section 9, and the payload built from
 * them (the Review tab's live budget is in web/src/lib/item-totals.ts).
 */
import type { CreateBidRequestInput } from "../api/create-bid-request.ts";
import type { BiddingMode, BidRequest, EvaluationMethod } from "../api/get-bid-requests.ts";
import { dateInputValue, dateTimeInputValue, dateToIso, localDateTimeToIso } from "../../../lib/date-input.ts";
import { itemLinePayload } from "../../../lib/item-totals.ts";
import type { ItemFieldValues } from "../../../components/item-fields.tsx";
import type { RequestBasics } from "../../../components/wizard/request-fields.tsx";

/** The fields every line item has (web/src/components/item-fields.tsx), then a bid's own. */
export type BidItemValues = ItemFieldValues & {
  categoryId: string;
  technicalRequirements: string;
  evaluationCriteria: string;
};

export type BidFormValues = RequestBasics & {
  /** "" means none: the server then uses the first item's category. */
  categoryId: string;
  /** "" unless converting a purchase request. */
  purchaseRequestId: string;
  items: BidItemValues[];
  /** YYYY-MM-DD */
  deadline: string;
  /** YYYY-MM-DDTHH:mm in the user's time zone */
  biddingDeadline: string;
  /** Optional, as biddingDeadline. */
  biddingStartAt: string;
  biddingMode: BiddingMode;
  evaluationMethod: EvaluationMethod;
  priceWeight: string;
  technicalWeight: string;
  qualificationCriteria: string;
  bondRequired: boolean;
  bondAmount: string;
  vendorPrequalification: boolean;
  minimumYearsExperience: string;
  technicalSpecifications: string;
  commercialTerms: string;
};

export const PROJECT_DEADLINE_DAYS = 21;
export const BIDDING_DEADLINE_DAYS = 14;
/** Bidding closes at the end of a working day rather than at midnight. */
const BIDDING_DEADLINE_HOUR = 17;
export const DEFAULT_CATEGORY_ID = "1";

export const EMPTY_BID_ITEM: BidItemValues = {
  itemName: "",
  specification: "",
  quantity: "1",
  unit: "pcs",
  estimatedPrice: "0",
  categoryId: DEFAULT_CATEGORY_ID,
  technicalRequirements: "",
  evaluationCriteria: "",
};

export function bidFormDefaults(now = new Date()): BidFormValues {
  return {
    title: "",
    description: "",
    department: "",
    categoryId: "",
    purchaseRequestId: "",
    items: [{ ...EMPTY_BID_ITEM }],
    deadline: dateInputValue(PROJECT_DEADLINE_DAYS, now),
    biddingDeadline: dateTimeInputValue(BIDDING_DEADLINE_DAYS, BIDDING_DEADLINE_HOUR, now),
    biddingStartAt: "",
    biddingMode: "open",
    evaluationMethod: "lowest_price",
    priceWeight: "60",
    technicalWeight: "40",
    qualificationCriteria: "",
    bondRequired: false,
    bondAmount: "0",
    vendorPrequalification: true,
    minimumYearsExperience: "2",
    technicalSpecifications: "",
    commercialTerms: "",
  };
}

const WHOLE = /^\d+$/;

/** Spec section 5: quantity at least 1, and 1 when what was typed is not a valid quantity. */
export function normalizeQuantity(value: string): string {
  const text = value.trim();
  return WHOLE.test(text) && Number(text) >= 1 ? String(Number(text)) : "1";
}

/** A whole number of at least 0 (years of experience); `fallback` when not a number. */
export function normalizeWhole(value: string, fallback: number): string {
  const n = Number.parseInt(value.trim(), 10);
  return String(Number.isFinite(n) ? Math.max(0, n) : fallback);
}

const numberOr = (value: string, fallback: number) => {
  const n = Number(value.trim());
  return value.trim() !== "" && Number.isFinite(n) ? n : fallback;
};

export function toBidPayload(values: BidFormValues, status: "draft" | "published"): CreateBidRequestInput {
  const categoryId = values.categoryId ? Number(values.categoryId) : undefined;
  const start = localDateTimeToIso(values.biddingStartAt);
  return {
    title: values.title.trim(),
    description: values.description.trim(),
    department: values.department.trim(),
    categoryId,
    deadline: dateToIso(values.deadline),
    biddingDeadline: localDateTimeToIso(values.biddingDeadline),
    biddingStartAt: start || undefined,
    biddingMode: values.biddingMode,
    items: values.items.map((item) => ({
      ...itemLinePayload(item),
      estimatedPrice: item.estimatedPrice.trim() || "0",
      categoryId: item.categoryId ? Number(item.categoryId) : categoryId,
      technicalRequirements: item.technicalRequirements.trim(),
      evaluationCriteria: item.evaluationCriteria.trim(),
    })),
    qualificationCriteria: values.qualificationCriteria.trim(),
    evaluationMethod: values.evaluationMethod,
    priceWeight: numberOr(values.priceWeight, 60),
    technicalWeight: numberOr(values.technicalWeight, 40),
    bondRequired: values.bondRequired,
    // Without a bond the amount is 0 whatever was typed before the switch was turned off.
    bondAmount: values.bondRequired ? values.bondAmount.trim() || "0" : "0",
    vendorPrequalification: values.vendorPrequalification,
    minimumYearsExperience: numberOr(values.minimumYearsExperience, 0),
    technicalSpecifications: values.technicalSpecifications.trim(),
    commercialTerms: values.commercialTerms.trim(),
    purchaseRequestId: values.purchaseRequestId ? Number(values.purchaseRequestId) : undefined,
    status,
  };
}

/** Which tab holds the field a validation message is about, so the dialog can open it. */
export function tabOfField(field: string): "details" | "items" | "bidding" | "evaluation" {
  if (field === "items") return "items";
  if (field === "deadline" || field === "biddingDeadline" || field === "biddingStartAt") return "bidding";
  if (
    ["qualificationCriteria", "bondAmount", "priceWeight", "technicalWeight", "minimumYearsExperience"].includes(field)
  ) {
    return "evaluation";
  }
  return "details";
}

const two = (n: number) => String(n).padStart(2, "0");

/** An ISO instant as a datetime-local value in the user's time zone ("" when empty). */
export function isoToLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return "";
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`;
}

/** The form values of a saved bid request, for Edit (calendar dates are stored as UTC midnight). */
export function bidToFormValues(bid: BidRequest): BidFormValues {
  return {
    title: bid.title,
    description: bid.description,
    department: bid.department,
    categoryId: bid.category ? String(bid.category.id) : "",
    purchaseRequestId: bid.purchaseRequestId ? String(bid.purchaseRequestId) : "",
    items: bid.items.map((i) => ({
      itemName: i.itemName,
      specification: i.specification ?? "",
      quantity: String(i.quantity),
      unit: i.unit,
      estimatedPrice: String(i.estimatedPrice ?? "0"),
      categoryId: i.categoryId ? String(i.categoryId) : "",
      technicalRequirements: i.technicalRequirements ?? "",
      evaluationCriteria: i.evaluationCriteria ?? "",
    })),
    deadline: bid.deadline.slice(0, 10),
    biddingDeadline: isoToLocalInput(bid.biddingDeadline),
    biddingStartAt: isoToLocalInput(bid.biddingStartAt),
    biddingMode: bid.biddingMode,
    evaluationMethod: bid.evaluationMethod,
    priceWeight: String(bid.priceWeight),
    technicalWeight: String(bid.technicalWeight),
    qualificationCriteria: bid.qualificationCriteria,
    bondRequired: bid.bondRequired,
    bondAmount: bid.bondAmount,
    vendorPrequalification: bid.vendorPrequalification,
    minimumYearsExperience: String(bid.minimumYearsExperience),
    technicalSpecifications: bid.technicalSpecifications,
    commercialTerms: bid.commercialTerms,
  };
}

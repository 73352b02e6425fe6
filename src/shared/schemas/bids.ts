/**
 * Bid request and quotation payloads (spec sections 3, 5, 7, 9), shared by API and SPA. Rules are
 * checked in the spec's order and the first failure is the message.
 */
import { z } from "zod";
import {
  biddingBeforeProject,
  DATE_MESSAGES,
  deadlineProblem,
  idSchema,
  parseDateValue,
  safeString,
} from "./common.ts";
import { toCents } from "../money.ts";
import { formText, numberInput, requestFormProblem, requestItemFields } from "./request-form.ts";
import { BID_STATUSES } from "../status/bid-request.ts";

export const BID_MESSAGES = {
  title: "Title is required",
  description: "Description is required",
  department: "Department is required",
  qualification: "Qualification criteria is required",
  itemNames: "All items must have names",
  itemQuantities: "All items must have valid quantities",
  deadlines: "Bidding deadline must be before project deadline",
  bond: "Bond amount is required when bond is required",
  atLeastOneItem: "At least one item is required",
  dates: "Deadlines must be valid dates",
  biddingPast: "The bidding deadline must be in the future",
  deadlinePast: DATE_MESSAGES.past,
  price: "Estimated price must be 0 or more, with at most 2 decimals",
  weights: "Price and technical weights must add up to 100",
} as const;

/**
 * The dates of a bid request (create and edit): real calendar dates, the project deadline today or
 * later and the bidding deadline in the future, in the organisation's time zone, and bidding closing
 * before the project deadline's day. Returns the first problem and the field it is about.
 */
export function bidDatesIssue(
  deadline: string,
  biddingDeadline: string,
  now: Date = new Date(),
): { message: string; path: "deadline" | "biddingDeadline" } | undefined {
  if (!parseDateValue(deadline)) return { message: BID_MESSAGES.dates, path: "deadline" };
  if (!parseDateValue(biddingDeadline)) return { message: BID_MESSAGES.dates, path: "biddingDeadline" };
  if (!biddingBeforeProject(biddingDeadline, deadline)) {
    return { message: BID_MESSAGES.deadlines, path: "biddingDeadline" };
  }
  if (deadlineProblem(biddingDeadline, now)) return { message: BID_MESSAGES.biddingPast, path: "biddingDeadline" };
  if (deadlineProblem(deadline, now)) return { message: BID_MESSAGES.deadlinePast, path: "deadline" };
  return undefined;
}

export const EVALUATION_METHODS = ["lowest_price", "technical_merit", "combined_scoring"] as const;

const bidItem = z.object({
  ...requestItemFields,
  technicalRequirements: formText(2000),
  evaluationCriteria: formText(2000),
});

export const bidRequestSchema = z.object({
  title: safeString().max(200).optional().default(""),
  description: formText(5000),
  department: safeString().max(100).optional().default(""),
  deadline: safeString().optional().default(""),
  biddingDeadline: safeString().optional().default(""),
  biddingStartAt: safeString().optional(),
  biddingMode: z.enum(["open", "sealed"]).optional().default("open"),
  items: z.array(bidItem).max(500, "At most 500 items").optional().default([]),
  qualificationCriteria: formText(5000),
  evaluationMethod: z.enum(EVALUATION_METHODS).optional().default("lowest_price"),
  priceWeight: z.coerce.number().int().min(0).max(100).optional().default(60),
  technicalWeight: z.coerce.number().int().min(0).max(100).optional().default(40),
  bondRequired: z.boolean().optional().default(false),
  bondAmount: numberInput,
  vendorPrequalification: z.boolean().optional().default(true),
  minimumYearsExperience: z.coerce.number().int().min(0).max(100).optional().default(2),
  technicalSpecifications: formText(10000),
  commercialTerms: formText(10000),
  purchaseRequestId: idSchema().optional(),
  categoryId: idSchema().optional(),
  // sent by the spec's client, ignored: computed by the server
  estimatedBudget: z.unknown().optional(),
  /** 'draft' keeps it in Drafts; 'published' (default, as the spec's success toast says) opens it to vendors. */
  status: z.enum(["draft", "published"]).optional().default("published"),
}).superRefine((v, ctx) => {
  const fail = (message: string, path: (string | number)[]) => ctx.addIssue({ code: "custom", message, path });
  const own = { field: "qualificationCriteria", value: v.qualificationCriteria, message: BID_MESSAGES.qualification };
  const problem = requestFormProblem(v, own, BID_MESSAGES);
  if (problem) return fail(problem.message, problem.path);
  const dates = bidDatesIssue(v.deadline, v.biddingDeadline);
  if (dates) return fail(dates.message, [dates.path]);
  if (v.bondRequired && !((toCents(v.bondAmount ?? 0) ?? 0) > 0)) return fail(BID_MESSAGES.bond, ["bondAmount"]);
  const badPrice = v.items.findIndex((i) => toCents(i.estimatedPrice ?? 0) === null);
  if (badPrice >= 0) return fail(BID_MESSAGES.price, ["items", badPrice, "estimatedPrice"]);
  if (v.bondAmount !== undefined && toCents(v.bondAmount) === null) return fail(BID_MESSAGES.bond, ["bondAmount"]);
  if (v.biddingStartAt && !parseDateValue(v.biddingStartAt)) {
    return fail(BID_MESSAGES.dates, ["biddingStartAt"]);
  }
  if (v.evaluationMethod === "combined_scoring" && v.priceWeight + v.technicalWeight !== 100) {
    return fail(BID_MESSAGES.weights, ["priceWeight"]);
  }
});

const BID_STATUS_VALUES = BID_STATUSES;

export const bidStatusSchema = z.object({
  status: z.enum(BID_STATUS_VALUES, { error: "Invalid status" }),
  /** Required when bidding is closed before its advertised deadline (kept in the history and audit). */
  reason: safeString().trim().max(2000, "Text is too long (max 2000)").optional().default(""),
});

export const bidListQuerySchema = z.object({
  group: z.enum(["active", "drafts", "completed"]).optional(),
  status: z.enum(BID_STATUS_VALUES).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
  offset: z.coerce.number().int().min(0).default(0),
  /** Keyset paging: the X-Next-Cursor of the page before (deep pages; offsets stop at 10,000). */
  after: z.string().max(120).optional(),
});

/** GET /api/bid-requests/candidates: the purchase requests a bid request can be made from. */
export const bidCandidateQuerySchema = z.object({
  /** Part of the request's number or title. */
  q: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(50).default(50),
  /** Keyset paging: the X-Next-Cursor of the page before. */
  after: z.string().max(120).optional(),
});

export const QUOTATION_MESSAGES = {
  unitPrices: "Please enter valid unit prices for all items",
  target: "Choose the purchase request or bid request you are quoting for",
  items: "Quote at least one item",
  unknownItem: "An item does not belong to this request",
  duplicateItem: "Each item can be quoted once",
  validity: "Validity must be from 1 to 365 days",
} as const;

/**
 * validityPeriod: 30 when not a number (spec); otherwise 1 to 365 days. 0 or 400 is refused with a
 * message rather than silently changed into a validity the vendor did not give.
 */
const validity = z.unknown().optional().transform((v, ctx) => {
  const n = typeof v === "string" ? Number.parseInt(v, 10) : typeof v === "number" ? Math.trunc(v) : Number.NaN;
  if (!Number.isFinite(n)) return 30;
  if (n < 1 || n > 365) {
    ctx.addIssue({ code: "custom", message: QUOTATION_MESSAGES.validity });
    return z.NEVER;
  }
  return n;
});

export const quotationSubmissionSchema = z.object({
  purchaseRequestId: idSchema().optional(),
  bidRequestId: idSchema().optional(),
  items: z.array(
    z.object({
      itemId: idSchema(),
      unitPrice: z.union([z.number(), safeString()]).optional(),
      notes: safeString().max(2000).optional().default(""),
    }).passthrough(),
  ).max(500).optional().default([]),
  validityPeriod: validity,
  leadTimeDays: z.coerce.number().int().min(0).max(3650).optional(),
  notes: safeString().max(5000).optional().default(""),
  source: z.enum(["manual", "ocr"]).optional().default("manual"),
  /** A finished OCR import (src/features/ocr): the quotation keeps its document, source 'ocr'. */
  ocrJobId: idSchema().optional(),
  // sent by the spec's client, ignored: the server computes totals
  totalAmount: z.unknown().optional(),
}).superRefine((v, ctx) => {
  const fail = (message: string, path: (string | number)[]) => ctx.addIssue({ code: "custom", message, path });
  if (!v.purchaseRequestId === !v.bidRequestId) return fail(QUOTATION_MESSAGES.target, ["purchaseRequestId"]);
  if (!v.items.length) return fail(QUOTATION_MESSAGES.items, ["items"]);
  const bad = v.items.findIndex((i) => !((toCents(i.unitPrice ?? "") ?? 0) > 0));
  if (bad >= 0) return fail(QUOTATION_MESSAGES.unitPrices, ["items", bad, "unitPrice"]);
  const ids = v.items.map((i) => i.itemId);
  if (new Set(ids).size !== ids.length) return fail(QUOTATION_MESSAGES.duplicateItem, ["items"]);
});

export const quotationStatusSchema = z.object({
  status: z.enum(["under_review", "approved", "rejected"], {
    error: "status must be under_review, approved or rejected",
  }),
  comment: safeString().trim().max(2000).optional().default(""),
  /** Why a quotation that is not the best under the evaluation method is awarded (approved). */
  justification: safeString().trim().max(5000, "Text is too long (max 5000)").optional().default(""),
});

const SCORE_MESSAGE = "Technical score must be a number from 0 to 100";
export const evaluationSchema = z.object({
  // Numbers or numeric strings only: coercion would turn null, "" or true into a score.
  technicalScore: z.union([z.number(), safeString().trim().regex(/^\d+(\.\d+)?$/, SCORE_MESSAGE)], {
    error: SCORE_MESSAGE,
  })
    .transform(Number).pipe(z.number().min(0, SCORE_MESSAGE).max(100, SCORE_MESSAGE)),
  comment: safeString().trim().max(2000).optional().default(""),
});

export const awardSchema = z.object({
  quotationId: idSchema("quotationId is required"),
  /** Required when the chosen quotation is not the best under the bid's evaluation method. */
  justification: safeString().trim().max(5000, "Text is too long (max 5000)").optional().default(""),
});

/** A quotation may be asked to extend when it expires within this many days, or has expired. */
export const EXTENSION_WINDOW_DAYS = 7;

export const EXTEND_VALIDITY_RANGE = "Validity must be a whole number of days from 1 to 365";

/** A vendor extends its quotation: valid for this many days from today (docs/decisions/023). */
export const extendValiditySchema = z.object({
  validityDays: z.number({ error: EXTEND_VALIDITY_RANGE }).int(EXTEND_VALIDITY_RANGE).min(1, EXTEND_VALIDITY_RANGE)
    .max(365, EXTEND_VALIDITY_RANGE),
});

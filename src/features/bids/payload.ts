/**
 * A validated bid request body as rows: its items and the terms that creating and editing a draft
 * write alike (src/features/bids/routes.ts and lifecycle-routes.ts).
 */
import type { z } from "zod";
import { itemCommon } from "../../db/request-items.ts";
import { toCents } from "../../shared/money.ts";
import type { bidRequestSchema } from "../../shared/schemas/bids.ts";
import type * as q from "./queries.ts";

type BidBody = z.infer<typeof bidRequestSchema>;

export function bidItems(v: BidBody, defaultCategory: number | null): q.BidItemInput[] {
  return v.items.map((i) => ({
    ...itemCommon(i, defaultCategory),
    specification: i.specification,
    technicalRequirements: i.technicalRequirements,
    evaluationCriteria: i.evaluationCriteria,
  }));
}

/** Dates, mode, evaluation, bond and terms: the same columns on insert and on a draft's update. */
export function bidTerms(v: BidBody) {
  return {
    deadline: new Date(v.deadline),
    biddingStartAt: v.biddingStartAt ? new Date(v.biddingStartAt) : null,
    biddingDeadline: new Date(v.biddingDeadline),
    biddingMode: v.biddingMode,
    qualificationCriteria: v.qualificationCriteria.trim(),
    evaluationMethod: v.evaluationMethod,
    priceWeight: v.priceWeight,
    technicalWeight: v.technicalWeight,
    bondRequired: v.bondRequired,
    bondCents: v.bondRequired ? toCents(v.bondAmount ?? 0) ?? 0 : 0,
    vendorPrequalification: v.vendorPrequalification,
    minimumYearsExperience: v.minimumYearsExperience,
    technicalSpecifications: v.technicalSpecifications,
    commercialTerms: v.commercialTerms,
  };
}

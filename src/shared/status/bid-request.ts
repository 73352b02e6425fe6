/** The bid request state machine; the server answers 409 for any transition not listed here. */
export const BID_STATUSES = [
  "draft",
  "published",
  "bidding_open",
  "bidding_closed",
  "evaluation",
  "awarded",
  "cancelled",
] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const BID_TRANSITIONS: Record<BidStatus, readonly BidStatus[]> = {
  draft: ["published", "cancelled"],
  published: ["bidding_open", "cancelled"],
  bidding_open: ["bidding_closed", "cancelled"],
  bidding_closed: ["evaluation", "awarded", "cancelled"],
  evaluation: ["awarded", "cancelled"],
  awarded: [],
  cancelled: [],
};

export const canTransitionBid = (from: BidStatus, to: BidStatus) => BID_TRANSITIONS[from]?.includes(to) ?? false;

/** Spec's tabs. */
export const BID_GROUPS = {
  active: ["published", "bidding_open", "bidding_closed", "evaluation"],
  drafts: ["draft"],
  completed: ["awarded", "cancelled"],
} as const satisfies Record<string, readonly BidStatus[]>;

/** Quotation statuses (spec) plus 'superseded' for a resubmitted version kept as history. */
export const QUOTATION_STATUSES = ["submitted", "under_review", "approved", "rejected", "superseded"] as const;
export type QuotationStatus = (typeof QUOTATION_STATUSES)[number];
export const QUOTATION_TRANSITIONS: Record<QuotationStatus, readonly QuotationStatus[]> = {
  submitted: ["under_review", "approved", "rejected", "superseded"],
  under_review: ["approved", "rejected", "superseded"],
  approved: [],
  rejected: [],
  superseded: [],
};

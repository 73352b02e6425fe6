/** The bid request state machine; the server answers 409 for any transition not listed here. */
export const BID_STATUSES = [
  "draft",
  "pending_approval",
  "published",
  "bidding_open",
  "bidding_closed",
  "evaluation",
  "awarded",
  "cancelled",
] as const;
export type BidStatus = (typeof BID_STATUSES)[number];

export const BID_TRANSITIONS: Record<BidStatus, readonly BidStatus[]> = {
  // Publishing a bid above the approval threshold goes to pending_approval first; the approval
  // endpoint publishes it, rejection or withdrawal returns it to draft.
  draft: ["pending_approval", "published", "cancelled"],
  pending_approval: ["draft", "published", "cancelled"],
  published: ["bidding_open", "cancelled"],
  bidding_open: ["bidding_closed", "cancelled"],
  bidding_closed: ["evaluation", "awarded", "cancelled"],
  evaluation: ["awarded", "cancelled"],
  awarded: [],
  cancelled: [],
};

/** Statuses in which a bid is open to vendors (and may be amended: deadline extension, clarification). */
export const BID_LIVE_STATUSES: readonly BidStatus[] = ["published", "bidding_open"];

export const canTransitionBid = (from: BidStatus, to: BidStatus) => BID_TRANSITIONS[from]?.includes(to) ?? false;

/** Spec's tabs. */
export const BID_GROUPS = {
  active: ["published", "bidding_open", "bidding_closed", "evaluation"],
  drafts: ["draft", "pending_approval"],
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

/** The purchase request state machine; the server answers 409 for any transition not listed here. */
export const PR_STATUSES = ["draft", "pending", "active", "rejected", "completed", "cancelled"] as const;
export type PrStatus = (typeof PR_STATUSES)[number];

export const PR_TRANSITIONS: Record<PrStatus, readonly PrStatus[]> = {
  draft: ["pending", "cancelled"],
  pending: ["active", "rejected", "cancelled"],
  active: ["completed", "cancelled"],
  rejected: [],
  completed: [],
  cancelled: [],
};

export const PR_FINAL: readonly PrStatus[] = ["rejected", "completed", "cancelled"];

export function canTransition(from: PrStatus, to: PrStatus): boolean {
  return PR_TRANSITIONS[from]?.includes(to) ?? false;
}

/** Edit (and Cancel, where the machine allows it) are offered unless the request is final. */
export const canEdit = (status: PrStatus) => !PR_FINAL.includes(status);

/**
 * Items (and the budget they add up to) change only before approval: an approved request keeps what
 * it was approved for and what vendors quote on. Its other fields stay editable while canEdit allows.
 */
export const PR_ITEMS_EDITABLE: readonly PrStatus[] = ["draft", "pending"];

export const canEditItems = (status: PrStatus) => PR_ITEMS_EDITABLE.includes(status);

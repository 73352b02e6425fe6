/**
 * Approval before bidding: a bid request created from scratch whose estimate is strictly above the
 * approval threshold (settings.approval_threshold, the purchase requests' rule) needs a procurement
 * manager's and a cost/finance controller's approval before it is published. A bid converted from
 * a purchase request was approved as that request and needs none.
 */
import type { Queryable } from "../../db/types.ts";
import { getSetting } from "../../lib/settings.ts";
import { toCents } from "../../shared/money.ts";

export async function approvalThresholdCents(db: Queryable) {
  return toCents(await getSetting(db, "approval_threshold", "10000.00")) ?? 1_000_000;
}

/** 0 at or below the threshold (or converted), else 2: manager and finance. */
export function bidApprovalsNeeded(budgetCents: number, thresholdCents: number, converted: boolean) {
  if (converted) return 0;
  return budgetCents > thresholdCents ? 2 : 0;
}

export type ApprovalStage = "manager" | "finance";

export const approvalStage = (role: string): ApprovalStage =>
  role === "cost_finance_controller" ? "finance" : "manager";

/**
 * The approval policy of purchase requests and bid requests, in one place
 * (docs/decisions/028-one-approval-policy.md): the threshold is the setting `approval_threshold`;
 * a budget strictly above it needs a procurement manager's and a cost/finance controller's
 * approval, at or below it one approval (a purchase request) or none (a bid request, which is
 * published at once). A bid converted from a purchase request was approved as that request and
 * needs none. Over its budget line a purchase request needs finance too (budgets' `checkApproval`).
 */
import type { Queryable } from "../db/types.ts";
import { getSetting } from "./settings.ts";
import { fromCents, toCents } from "../shared/money.ts";
import { Conflict, Forbidden } from "./errors.ts";
import type { ErrorCode } from "../shared/error-codes.ts";

/** The threshold when the setting is missing or unreadable; the seed and the settings screen use it too. */
export const DEFAULT_APPROVAL_THRESHOLD_CENTS = 1_000_000;
export const DEFAULT_APPROVAL_THRESHOLD = fromCents(DEFAULT_APPROVAL_THRESHOLD_CENTS);

/** The one reading of the setting, in cents. */
export async function approvalThresholdCents(db: Queryable): Promise<number> {
  return toCents(await getSetting(db, "approval_threshold", DEFAULT_APPROVAL_THRESHOLD)) ??
    DEFAULT_APPROVAL_THRESHOLD_CENTS;
}

/** Strictly above the threshold needs finance as well as a manager; exactly at it does not. */
export const aboveThreshold = (budgetCents: number, thresholdCents: number) => budgetCents > thresholdCents;

/** A purchase request's approvals: 2 (manager and finance) above the threshold, else 1. */
export function purchaseRequestApprovals(budgetCents: number, thresholdCents: number): 1 | 2 {
  return aboveThreshold(budgetCents, thresholdCents) ? 2 : 1;
}

/** A bid request's approvals: 2 above the threshold, else 0; none when converted from an approved request. */
export function bidApprovals(budgetCents: number, thresholdCents: number, converted: boolean): 0 | 2 {
  return !converted && aboveThreshold(budgetCents, thresholdCents) ? 2 : 0;
}

export type ApprovalStage = "manager" | "finance";

/** Which approval a role gives: a cost/finance controller finance's, anyone else allowed to approve a manager's. */
export const approvalStage = (role: string): ApprovalStage =>
  role === "cost_finance_controller" ? "finance" : "manager";

/**
 * Where an approval leaves the set: `needs` is the stages the request must have (both above the
 * threshold, finance alone when only over budget, none when any one approval will do). Refused
 * (`repeated`) when both are needed and this stage already approved; `done` when every needed
 * stage has approved with this one.
 */
export function approvalStep(given: ApprovalStage[], stage: ApprovalStage, needs: ApprovalStage[]) {
  const repeated = needs.includes("finance") && given.includes(stage);
  const stages = new Set([...given, stage]);
  return { repeated, done: needs.every((s) => stages.has(s)) };
}

/**
 * Which approval this is and of how many: `given` before it, `needed` the stages required. Done, it
 * is the last; otherwise at least one more follows (a manager's approval when only finance's is
 * needed is still followed by finance's).
 */
export function approvalLevel(given: number, needed: number, done: boolean): { level: number; of: number } {
  const level = given + 1;
  return { level, of: done ? level : Math.max(needed, level + 1) };
}

/**
 * One approval's checks, in this order: never the author's own (403), never twice by one person,
 * then the stage (`needs` is asked only once those pass) and a stage given already refused (409).
 * The codes are the feature's. Answers the stage given and whether the set is complete.
 */
export async function checkApproval(
  actor: { id: number; role: string },
  createdBy: number,
  given: { actorId: number; stage: ApprovalStage }[],
  needs: (stage: ApprovalStage) => ApprovalStage[] | Promise<ApprovalStage[]>,
  codes: { own: ErrorCode; twice: ErrorCode; managerFirst: ErrorCode; financeNeeded: ErrorCode },
): Promise<{ stage: ApprovalStage; done: boolean }> {
  if (createdBy === actor.id) throw new Forbidden(codes.own);
  if (given.some((a) => a.actorId === actor.id)) throw new Conflict(codes.twice);
  const stage = approvalStage(actor.role);
  const { repeated, done } = approvalStep(given.map((a) => a.stage), stage, await needs(stage));
  if (repeated) throw new Conflict(stage === "finance" ? codes.managerFirst : codes.financeNeeded);
  return { stage, done };
}

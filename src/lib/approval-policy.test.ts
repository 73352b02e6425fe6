/** The one approval rule of purchase and bid requests (docs/decisions/028-one-approval-policy.md). */
import assert from "node:assert/strict";
import {
  approvalStage,
  approvalStep,
  bidApprovals,
  DEFAULT_APPROVAL_THRESHOLD,
  purchaseRequestApprovals,
} from "./approval-policy.ts";

Deno.test("[approval policy] strictly above the threshold needs manager and finance; at it does not", () => {
  assert.equal(DEFAULT_APPROVAL_THRESHOLD, "10000.00");
  assert.deepEqual([999_999, 1_000_000, 1_000_001].map((c) => purchaseRequestApprovals(c, 1_000_000)), [1, 1, 2]);
  assert.deepEqual([1_000_000, 1_000_001].map((c) => bidApprovals(c, 1_000_000, false)), [0, 2]);
  assert.equal(bidApprovals(5_000_000, 1_000_000, true), 0, "a converted bid was approved as its request");
});

Deno.test("[approval policy] a step completes the needed stages and refuses a repeated stage", () => {
  assert.equal(approvalStage("cost_finance_controller"), "finance");
  assert.equal(approvalStage("procurement_manager"), "manager");
  const both = ["manager", "finance"] as const;
  assert.deepEqual(approvalStep([], "manager", [...both]), { repeated: false, done: false });
  assert.deepEqual(approvalStep(["manager"], "finance", [...both]), { repeated: false, done: true });
  assert.deepEqual(approvalStep(["manager"], "manager", [...both]), { repeated: true, done: false });
  assert.deepEqual(approvalStep(["manager"], "manager", ["finance"]), { repeated: true, done: false });
  assert.deepEqual(approvalStep([], "finance", ["finance"]), { repeated: false, done: true });
  assert.deepEqual(approvalStep([], "manager", []), { repeated: false, done: true });
});

/** The one approval rule of purchase and bid requests (docs/decisions/028-one-approval-policy.md). */
import assert from "node:assert/strict";
import {
  approvalLevel,
  approvalStage,
  approvalStep,
  bidApprovals,
  checkApproval,
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

Deno.test("[approval policy] checkApproval: own 403, twice and a repeated stage 409, needs asked only after", async () => {
  const codes = {
    own: "bids.ownApproval",
    twice: "bids.alreadyApproved",
    managerFirst: "bids.managerApprovalNeeded",
    financeNeeded: "bids.financeApprovalNeeded",
  } as const;
  const manager = { id: 2, role: "procurement_manager" };
  let asked = 0;
  const both = () => (asked++, ["manager", "finance"] as ("manager" | "finance")[]);
  await assert.rejects(checkApproval(manager, 2, [], both, codes), { status: 403, code: "bids.ownApproval" });
  await assert.rejects(checkApproval(manager, 1, [{ actorId: 2, stage: "manager" }], both, codes), {
    status: 409,
    code: "bids.alreadyApproved",
  });
  assert.equal(asked, 0, "needs is not asked before the author and repeat checks pass");
  await assert.rejects(checkApproval(manager, 1, [{ actorId: 3, stage: "manager" }], both, codes), {
    status: 409,
    code: "bids.financeApprovalNeeded",
  });
  assert.deepEqual(await checkApproval(manager, 1, [], both, codes), { stage: "manager", done: false });
  const finance = { id: 4, role: "cost_finance_controller" };
  assert.deepEqual(await checkApproval(finance, 1, [{ actorId: 2, stage: "manager" }], both, codes), {
    stage: "finance",
    done: true,
  });
});

Deno.test("[approval policy] approvalLevel: level 1 of 2, then 2 of 2; a single approval is 1 of 1", () => {
  assert.deepEqual(approvalLevel(0, 2, false), { level: 1, of: 2 });
  assert.deepEqual(approvalLevel(1, 2, true), { level: 2, of: 2 });
  assert.deepEqual(approvalLevel(0, 0, true), { level: 1, of: 1 });
  // Only finance needed, a manager approved first: finance's still follows.
  assert.deepEqual(approvalLevel(0, 1, false), { level: 1, of: 2 });
});

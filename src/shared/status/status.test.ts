import assert from "node:assert/strict";
import { canEdit, canEditItems, canTransition, PR_FINAL, PR_STATUSES, type PrStatus } from "./purchase-request.ts";
import {
  BID_GROUPS,
  BID_STATUSES,
  type BidStatus,
  canTransitionBid,
  QUOTATION_STATUSES,
  QUOTATION_TRANSITIONS,
} from "./bid-request.ts";

// The expected tables are written out here, not derived from the code.
const PR_LEGAL = new Set([
  "draft>pending",
  "draft>cancelled",
  "pending>active",
  "pending>rejected",
  "pending>cancelled",
  "active>completed",
  "active>cancelled",
]);

const BID_LEGAL = new Set([
  "draft>pending_approval",
  "draft>published",
  "pending_approval>draft",
  "pending_approval>published",
  "pending_approval>cancelled",
  "draft>cancelled",
  "published>bidding_open",
  "published>cancelled",
  "bidding_open>bidding_closed",
  "bidding_open>cancelled",
  "bidding_closed>evaluation",
  "bidding_closed>awarded",
  "bidding_closed>cancelled",
  "evaluation>awarded",
  "evaluation>cancelled",
]);

Deno.test("[status] purchase request canTransition: every pair of statuses", () => {
  assert.deepEqual([...PR_STATUSES].sort(), ["active", "cancelled", "completed", "draft", "pending", "rejected"]);
  for (const from of PR_STATUSES) {
    for (const to of PR_STATUSES) {
      assert.equal(canTransition(from, to), PR_LEGAL.has(`${from}>${to}`), `${from} -> ${to}`);
    }
  }
  assert.equal(canTransition("bogus" as PrStatus, "active"), false);
});

Deno.test("[status] purchase request: completed, cancelled and rejected are final and not editable", () => {
  assert.deepEqual([...PR_FINAL].sort(), ["cancelled", "completed", "rejected"]);
  for (const s of PR_STATUSES) {
    const final = ["completed", "cancelled", "rejected"].includes(s);
    assert.equal(canEdit(s), !final, s);
    if (final) assert.ok(PR_STATUSES.every((to) => !canTransition(s, to)), `${s} leads nowhere`);
  }
});

Deno.test("[status] purchase request: items change only while draft or pending", () => {
  for (const s of PR_STATUSES) assert.equal(canEditItems(s), s === "draft" || s === "pending", s);
});

Deno.test("[status] bid request canTransitionBid: every pair of statuses", () => {
  assert.deepEqual(
    [...BID_STATUSES].sort(),
    ["awarded", "bidding_closed", "bidding_open", "cancelled", "draft", "evaluation", "pending_approval", "published"],
  );
  for (const from of BID_STATUSES) {
    for (const to of BID_STATUSES) {
      assert.equal(canTransitionBid(from, to), BID_LEGAL.has(`${from}>${to}`), `${from} -> ${to}`);
    }
  }
  assert.equal(canTransitionBid("bogus" as BidStatus, "draft"), false);
});

Deno.test("[status] bid groups (spec tabs) partition the statuses", () => {
  assert.deepEqual([...BID_GROUPS.active], ["published", "bidding_open", "bidding_closed", "evaluation"]);
  assert.deepEqual([...BID_GROUPS.drafts], ["draft", "pending_approval"]);
  assert.deepEqual([...BID_GROUPS.completed], ["awarded", "cancelled"]);
  const all = [...BID_GROUPS.active, ...BID_GROUPS.drafts, ...BID_GROUPS.completed];
  assert.deepEqual([...all].sort(), [...BID_STATUSES].sort());
});

Deno.test("[status] quotations: approved, rejected and superseded are final", () => {
  assert.deepEqual([...QUOTATION_STATUSES].sort(), ["approved", "rejected", "submitted", "superseded", "under_review"]);
  for (const s of ["approved", "rejected", "superseded"] as const) {
    assert.deepEqual([...QUOTATION_TRANSITIONS[s]], [], s);
  }
  assert.ok(QUOTATION_TRANSITIONS.submitted.includes("superseded"));
  assert.ok(!QUOTATION_TRANSITIONS.under_review.includes("submitted"));
});

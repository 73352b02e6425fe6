import assert from "node:assert/strict";
import { hasPermission, sectionsFor } from "../../../src/shared/permissions.ts";
import { ROLE_NAMES } from "../../../src/shared/roles.ts";

Deno.test("[sidebar] the finance controller sees Quotations and Bid Requests (it holds their permissions)", () => {
  const sections = sectionsFor("cost_finance_controller");
  assert.ok(sections.includes("quotations"));
  assert.ok(sections.includes("bids"));
});

Deno.test("[sidebar] every role holding quotations.compare or sealed_bidding.view reaches the screens", () => {
  for (const role of ROLE_NAMES) {
    const sections = sectionsFor(role);
    assert.equal(sections.includes("quotations"), hasPermission(role, "quotations.compare"), role);
    if (hasPermission(role, "sealed_bidding.view")) assert.ok(sections.includes("bids"), role);
    assert.equal(sections.includes("users"), hasPermission(role, "users.view"), role);
    assert.equal(sections.includes("audit-logs"), hasPermission(role, "audit_logs.view"), role);
  }
  assert.deepEqual(sectionsFor("vendor"), ["inbox", "overview", "opportunities", "reports", "profile", "settings"]);
});

Deno.test("[sidebar] every role starts on its inbox, first in the sidebar", () => {
  for (const role of ROLE_NAMES) assert.equal(sectionsFor(role)[0], "inbox", role);
});

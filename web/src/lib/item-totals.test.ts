import assert from "node:assert/strict";
import { estimatedBudget, itemLinePayload } from "./item-totals.ts";

Deno.test("[lib] itemLinePayload trims, sends a whole quantity as a number and anything else as typed", () => {
  assert.deepEqual(
    itemLinePayload({ itemName: " Chair ", specification: " oak ", quantity: " 12 ", unit: " " }),
    { itemName: "Chair", specification: "oak", quantity: 12, unit: "pcs" },
  );
  assert.equal(itemLinePayload({ itemName: "x", specification: "", quantity: "1.5", unit: "kg" }).quantity, "1.5");
  assert.equal(itemLinePayload({ itemName: "x", specification: "", quantity: "", unit: "kg" }).quantity, "");
});

Deno.test("[lib] estimatedBudget sums the lines in cents", () => {
  assert.equal(
    estimatedBudget([{ quantity: "3", estimatedPrice: "0.10" }, { quantity: "1", estimatedPrice: "0.20" }]),
    "0.50",
  );
});

import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import type { Opportunity } from "../api/get-matching-opportunities.ts";
import { SubmitQuotationDialog } from "./submit-quotation-dialog.tsx";

const OPPORTUNITY: Opportunity = {
  kind: "purchase_request",
  id: 12,
  requestId: "PR-2026-0012",
  title: "Printer toner",
  description: "Toner for the office",
  deadline: "2026-12-31T00:00:00Z",
  category: null,
  estimatedBudget: "300.00",
  items: [
    { id: 1, name: "Black toner", quantity: 3, unit: "pcs", estimatedPrice: "60.00", specifications: "" },
    { id: 2, name: "Paper", quantity: 10, unit: "box", estimatedPrice: "12.00", specifications: "" },
  ],
  myQuotation: null,
};

Deno.test("[opportunities] Submit Quotation: a validity out of range and a negative lead time are shown at their fields, nothing is sent", async () => {
  const api = fakeApi({});
  try {
    await renderInApp(<SubmitQuotationDialog opportunity={OPPORTUNITY} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Unit price for .*Black toner/), { target: { value: "55" } });
    fireEvent.change(screen.getByLabelText("Validity period (days)"), { target: { value: "400" } });
    fireEvent.change(screen.getByLabelText(/Lead time/), { target: { value: "-2" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Quotation" }));
    await waitFor(() => assert.ok(document.querySelector(".text-error")));
    const validity = screen.getByLabelText(/^Validity period \(days\)/);
    assert.equal(validity.getAttribute("aria-invalid"), "true");
    assert.ok(validity.closest("label")?.textContent?.includes("Validity must be from 1 to 365 days"));
    const lead = screen.getByLabelText(/^Lead time/);
    assert.equal(lead.getAttribute("aria-invalid"), "true");
    assert.ok(lead.closest("label")?.textContent?.includes("Lead time must be a whole number of days, 0 or more"));
    assert.equal(api.writes().length, 0);
  } finally {
    api.restore();
    cleanup();
  }
});

Deno.test("[opportunities] Submit Quotation: the row without a price is marked, the priced one is not", async () => {
  const api = fakeApi({});
  try {
    await renderInApp(<SubmitQuotationDialog opportunity={OPPORTUNITY} onClose={() => {}} />);
    fireEvent.change(screen.getByLabelText(/Unit price for .*Black toner/), { target: { value: "55" } });
    fireEvent.click(screen.getByRole("button", { name: "Submit Quotation" }));
    await waitFor(() =>
      assert.equal(screen.getByLabelText(/Unit price for .*Paper/).getAttribute("aria-invalid"), "true")
    );
    assert.equal(screen.getByLabelText(/Unit price for .*Black toner/).getAttribute("aria-invalid"), null);
    assert.equal(api.writes().length, 0);
  } finally {
    api.restore();
    cleanup();
  }
});

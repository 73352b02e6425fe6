import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import type { Opportunity } from "../api/get-matching-opportunities.ts";
import { SubmitQuotationDialog } from "./submit-quotation-dialog.tsx";
import { FullOpportunity } from "./full-opportunity.tsx";

const OPPORTUNITY: Opportunity = {
  kind: "purchase_request",
  id: 12,
  requestId: "PR-2026-0012",
  title: "Printer toner",
  description: "Toner for the office",
  deadline: "2026-12-31T00:00:00Z",
  category: null,
  estimatedBudget: "300.00",
  itemCount: 2,
  items: [
    { id: 1, name: "Black toner", quantity: 3, unit: "pcs", estimatedPrice: "60.00", specifications: "" },
    { id: 2, name: "Paper", quantity: 10, unit: "box", estimatedPrice: "12.00", specifications: "" },
  ],
  myQuotation: null,
};

/** What a field's aria-describedby points at: its hint and error as a screen reader hears them. */
const description = (field: HTMLElement) =>
  (field.getAttribute("aria-describedby") ?? "").split(" ").map((id) => document.getElementById(id)?.textContent)
    .join(" ");

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
    assert.equal(description(validity), "Validity must be from 1 to 365 days");
    const lead = screen.getByLabelText(/^Lead time/);
    assert.equal(lead.getAttribute("aria-invalid"), "true");
    assert.equal(description(lead), "Lead time must be a whole number of days, 0 or more");
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

/** A list row of a request with five items: the list answers the first three. */
const FIVE = ["Black toner", "Paper", "Staples", "Folders", "Pens"].map((name, n) => ({
  id: n + 1,
  name,
  quantity: n + 1,
  unit: "pcs",
  estimatedPrice: "1.00",
  specifications: "",
}));
const LIST_ROW: Opportunity = {
  ...OPPORTUNITY,
  itemCount: 5,
  items: FIVE.slice(0, 3).map(({ specifications: _, ...i }) => i),
};

const dialog = (onClose = () => {}) => (
  <FullOpportunity opportunity={LIST_ROW} onClose={onClose}>
    {(full) => <SubmitQuotationDialog opportunity={full} onClose={onClose} />}
  </FullOpportunity>
);

Deno.test("[opportunities] Submit Quotation on a list row of three of five items asks the request by id and prices all five", async () => {
  const api = fakeApi({ "GET /api/vendor/matching-prs": () => [{ ...OPPORTUNITY, itemCount: 5, items: FIVE }] });
  // The fake records paths only: the query string (ids=) is read here.
  const faked = globalThis.fetch;
  const urls: string[] = [];
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    urls.push(String(input));
    return faked(input, init);
  }) as typeof fetch;
  try {
    await renderInApp(dialog());
    await waitFor(() => assert.ok(screen.getByLabelText(/Unit price for .*Pens/)));
    assert.equal(screen.getAllByLabelText(/^Unit price for/).length, 5);
    const asked = urls.map((u) => new URL(u, "http://localhost/")).filter((u) => u.pathname.endsWith("matching-prs"));
    assert.deepEqual(asked.map((u) => u.searchParams.get("ids")), ["purchase_request:12"]);
  } finally {
    globalThis.fetch = faked;
    api.restore();
    cleanup();
  }
});

Deno.test("[opportunities] Submit Quotation: when the items cannot be loaded, an alert with Try again, no form", async () => {
  const api = fakeApi({});
  try {
    await renderInApp(dialog());
    const alert = await screen.findByRole("alert");
    assert.ok(alert.textContent?.includes("The request's items could not be loaded."));
    assert.ok(screen.getByRole("button", { name: "Try again" }));
    assert.equal(screen.queryByLabelText(/^Unit price for/), null);
  } finally {
    api.restore();
    cleanup();
  }
});

Deno.test("[opportunities] Submit Quotation on a request no longer open says so", async () => {
  const api = fakeApi({ "GET /api/vendor/matching-prs": () => [] });
  try {
    await renderInApp(dialog());
    const alert = await screen.findByRole("alert");
    assert.ok(alert.textContent?.includes("no longer open"));
  } finally {
    api.restore();
    cleanup();
  }
});

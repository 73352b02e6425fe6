import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { errorOf, fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import { BudgetDialog } from "./budget-dialog.tsx";

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

Deno.test("[budgets] budget dialog shows each refused field's rule under it and sends nothing", async () => {
  const api = fakeApi({ "GET /api/categories": () => [] });
  try {
    await renderInApp(<BudgetDialog defaultYear={2026} onClose={() => {}} />);
    type("Amount", "12.345");
    type("Currency", "US");
    type("Fiscal year", "1999");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => assert.ok(errorOf(screen.getByLabelText("Amount"))));
    assert.equal(errorOf(screen.getByLabelText("Amount")), "Amount must be 0 or more, with at most 2 decimals");
    assert.equal(errorOf(screen.getByLabelText("Currency")), "Currency must be a three-letter code such as USD");
    assert.equal(errorOf(screen.getByLabelText("Fiscal year")), "Fiscal year must be a year between 2000 and 2999");
    assert.equal(errorOf(screen.getByLabelText("Department")), "Choose a department, a category or both");
    assert.equal(api.writes().length, 0);
  } finally {
    api.restore();
    cleanup();
  }
});

Deno.test("[budgets] budget dialog: the rules in French, then a valid budget is sent", async () => {
  const api = fakeApi({
    "GET /api/categories": () => [],
    "POST /api/budgets": (body) => ({ id: 1, ...(body as object) }),
  });
  try {
    let closed = false;
    await renderInApp(<BudgetDialog defaultYear={2026} onClose={() => (closed = true)} />, "fr");
    const save = document.querySelector<HTMLButtonElement>("button[type=submit]")!;
    fireEvent.click(save);
    const department = document.querySelector("[data-testid=budget-form] input")!;
    await waitFor(() => assert.ok(errorOf(department)));
    assert.notEqual(errorOf(department), "Choose a department, a category or both", "translated");
    fireEvent.change(department, { target: { value: "IT" } });
    fireEvent.change(document.querySelector("input[inputmode=decimal]")!, { target: { value: "5000" } });
    fireEvent.click(save);
    await waitFor(() => assert.equal(api.writes().length, 1));
    const body = api.writes()[0].body as Record<string, unknown>;
    assert.equal(body.department, "IT");
    assert.equal(body.amount, "5000");
    assert.equal(body.fiscalYear, 2026);
    await waitFor(() => assert.ok(closed));
  } finally {
    api.restore();
    cleanup();
  }
});

import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import { dateInputValue } from "../../../lib/date-input.ts";
import { EMPTY_QUICK_ITEM, type QuickPayload, QuickRequestForm } from "./quick-request-form.tsx";

const DEFAULTS = {
  title: "",
  description: "",
  deadline: dateInputValue(14),
  categoryId: "",
  items: [{ ...EMPTY_QUICK_ITEM }],
};

function renderForm(sent: QuickPayload[]) {
  return renderInApp(
    <>
      <QuickRequestForm formId="quick" defaultValues={DEFAULTS} onValid={(payload) => sent.push(payload)} />
      <button type="submit" form="quick">Send</button>
    </>,
  );
}

Deno.test("[requests] Quick Create: the rule is shown in the form; items are added, removed and sent", async () => {
  const api = fakeApi({ "GET /api/categories": () => [] });
  try {
    const sent: QuickPayload[] = [];
    await renderForm(sent);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => assert.equal(screen.getByRole("alert").textContent, "Please fill in all required fields"));
    assert.equal(sent.length, 0);
    fireEvent.change(screen.getByLabelText("Title *"), { target: { value: "Toner" } });
    fireEvent.click(screen.getByRole("button", { name: "Add item" }));
    const names = screen.getAllByLabelText("Description").filter((el) => el.tagName === "INPUT");
    assert.equal(names.length, 2);
    fireEvent.change(names[0], { target: { value: "Black toner" } });
    fireEvent.change(screen.getAllByLabelText("Quantity")[0], { target: { value: "3" } });
    fireEvent.click(screen.getByRole("button", { name: "Remove item 2" }));
    assert.equal((screen.getByRole("button", { name: "Remove item 1" }) as HTMLButtonElement).disabled, true);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => assert.equal(sent.length, 1));
    assert.ok(!screen.queryByRole("alert"), "the message goes once the form is valid");
    assert.deepEqual(sent[0].items, [
      { name: "Black toner", specifications: "", unit: "pcs", quantity: 3, estimatedPrice: "0" },
    ]);
  } finally {
    api.restore();
    cleanup();
  }
});

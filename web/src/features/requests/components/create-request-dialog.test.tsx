import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { errorOf, fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import { CreateRequestDialog } from "./create-request-dialog.tsx";

const selected = () => screen.getByRole("tab", { selected: true }).textContent;
const row = (n: number) => screen.getByRole("group", { name: `Item ${n}` });
const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const send = () => {
  fireEvent.click(screen.getByRole("tab", { name: "Review" }));
  fireEvent.click(screen.getByRole("button", { name: "Create Purchase Request" }));
};

Deno.test("[requests] Create Purchase Request: the first missing field opens Details with its message", async () => {
  const api = fakeApi({ "GET /api/categories": () => [] });
  try {
    await renderInApp(<CreateRequestDialog onClose={() => {}} />);
    type("Title *", "Office chairs");
    send();
    await waitFor(() => assert.equal(selected(), "Details"));
    assert.equal(screen.getByRole("alert").textContent, "Description is required");
    type("Description *", "Ten chairs");
    await waitFor(() => assert.equal(screen.getByRole("alert").textContent, "Department is required"));
    assert.equal(api.writes().length, 0);
  } finally {
    api.restore();
    cleanup();
  }
});

Deno.test("[requests] Create Purchase Request: a bad item is shown at that item's field, then the request is sent", async () => {
  const api = fakeApi({
    "GET /api/categories": () => [],
    "POST /api/purchase-requests": () => ({ id: 1, requestId: "PR-2026-0001" }),
  });
  try {
    let closed = false;
    await renderInApp(<CreateRequestDialog onClose={() => (closed = true)} />);
    type("Title *", "Office chairs");
    type("Description *", "Ten chairs");
    type("Department *", "Admin");
    type("Justification *", "Old ones broke");
    fireEvent.click(screen.getByRole("tab", { name: "Items" }));
    type("Item name *", "Chair", row(1));
    fireEvent.click(screen.getByRole("button", { name: "Add item" }));
    type("Item name *", "Cushion", row(2));
    type("Quantity *", "0", row(2));
    send();
    await waitFor(() => assert.equal(selected(), "Items"));
    const quantity = within(row(2)).getByLabelText("Quantity *");
    assert.equal(errorOf(quantity), "All items must have valid quantities");
    assert.equal(quantity.getAttribute("aria-invalid"), "true");
    assert.equal(errorOf(within(row(1)).getByLabelText("Quantity *")), null);
    assert.equal(api.writes().length, 0);
    type("Quantity *", "4", row(2));
    await waitFor(() => assert.equal(errorOf(within(row(2)).getByLabelText("Quantity *")), null));
    send();
    await waitFor(() => assert.equal(api.writes().length, 1));
    const body = api.writes()[0].body as { title: string; items: { itemName: string; quantity: number }[] };
    assert.equal(body.title, "Office chairs");
    assert.deepEqual(body.items.map((i) => [i.itemName, i.quantity]), [["Chair", 1], ["Cushion", 4]]);
    await waitFor(() => assert.ok(closed));
  } finally {
    api.restore();
    cleanup();
  }
});

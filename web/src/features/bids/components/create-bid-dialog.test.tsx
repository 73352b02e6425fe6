import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { errorOf, fakeApi } from "../../../test/fake-api.ts";
import { renderInApp } from "../../../test/render.tsx";
import { CreateBidDialog } from "./create-bid-dialog.tsx";

const selected = () => screen.getByRole("tab", { selected: true }).textContent;
const row = (n: number) => screen.getByRole("group", { name: `Item ${n}` });
const type = (label: string, value: string, scope: HTMLElement = document.body) =>
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
const publish = () => {
  fireEvent.click(screen.getByRole("tab", { name: "Review" }));
  fireEvent.click(screen.getByRole("button", { name: "Create Bid Request" }));
};
const banner = () => screen.getAllByRole("alert").find((el) => el.classList.contains("alert"))?.textContent;

Deno.test("[bids] Create Bid Request: each failing rule opens its step; an item's error is shown at that item", async () => {
  const api = fakeApi({
    "GET /api/categories": () => [{ id: 1, name: "General" }],
    "POST /api/bid-requests": (body) => ({ id: 4, ...(body as object) }),
  });
  try {
    const created: string[] = [];
    await renderInApp(<CreateBidDialog onClose={() => {}} onCreated={(status) => created.push(status)} />);
    type("Title *", "Network switches");
    publish();
    await waitFor(() => assert.equal(selected(), "Details"));
    assert.equal(banner(), "Description is required");
    type("Description *", "48-port switches");
    type("Department *", "IT");
    await waitFor(() => assert.equal(banner(), "Qualification criteria is required"));
    publish();
    await waitFor(() => assert.equal(selected(), "Evaluation"));
    type("Qualification criteria *", "ISO 9001");
    publish();
    await waitFor(() => assert.equal(selected(), "Items"));
    const name = within(row(1)).getByLabelText("Item name *");
    assert.equal(errorOf(name), "All items must have names");
    assert.equal(banner(), "All items must have names");
    assert.equal(api.writes().length, 0);
    fireEvent.change(name, { target: { value: "Switch" } });
    await waitFor(() => assert.equal(errorOf(name), null));
    publish();
    await waitFor(() => assert.equal(api.writes().length, 1));
    const body = api.writes()[0].body as { status: string; items: { itemName: string }[] };
    assert.equal(body.status, "published");
    assert.deepEqual(body.items.map((i) => i.itemName), ["Switch"]);
  } finally {
    api.restore();
    cleanup();
  }
});

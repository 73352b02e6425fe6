import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderInApp } from "../../../test/render.tsx";
import { BidTable } from "./bid-table.tsx";

const bid = (id: number) => ({
  id,
  bidNumber: `BR-2026-${String(id).padStart(4, "0")}`,
  title: `Bid ${id}`,
  biddingMode: "open",
  status: "bidding_open",
  biddingDeadline: "2026-12-01T10:00:00.000Z",
  deadline: "2026-12-20T10:00:00.000Z",
  estimatedBudget: "100.00",
  unsealedAt: null,
  bidCount: 0,
  itemCount: 1,
  items: [{ id, name: "Item", quantity: 1, unit: "pcs", estimatedPrice: "100.00" }],
});

Deno.test("[bids] a tab shows 50 bids, then 'Show more' loads the next page by cursor until the last", async () => {
  const original = globalThis.fetch;
  const lists: URLSearchParams[] = [];
  globalThis.fetch = ((input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost:8000/");
    if (url.pathname === "/api/auth/session") {
      return Promise.resolve(Response.json({ id: 1, email: "m@example.com", role: { name: "procurement_manager" } }));
    }
    if (url.pathname === "/api/bid-requests") {
      lists.push(url.searchParams);
      const after = url.searchParams.get("after");
      const ids = after ? Array.from({ length: 10 }, (_, k) => 10 - k) : Array.from({ length: 50 }, (_, k) => 60 - k);
      const headers: Record<string, string> = { "X-Total-Count": "60" };
      if (!after) headers["X-Next-Cursor"] = "next-page";
      return Promise.resolve(Response.json(ids.map(bid), { headers }));
    }
    return Promise.resolve(Response.json({ message: "no fake" }, { status: 404 }));
  }) as typeof fetch;
  try {
    await renderInApp(<BidTable group="active" onView={() => {}} />);
    await waitFor(() => assert.equal(screen.getAllByRole("button", { name: /^View details of/ }).length, 50));
    assert.equal(lists[0].get("group"), "active");
    assert.equal(lists[0].get("limit"), "50");
    assert.equal(lists[0].get("after"), null);
    fireEvent.click(screen.getByRole("button", { name: "Show more (50 of 60)" }));
    await waitFor(() => assert.equal(screen.getAllByRole("button", { name: /^View details of/ }).length, 60));
    assert.equal(lists[1].get("after"), "next-page");
    assert.equal(lists[1].get("limit"), "50");
    assert.equal(screen.queryByRole("button", { name: /^Show more/ }), null, "the last page has no cursor");
  } finally {
    globalThis.fetch = original;
    cleanup();
  }
});

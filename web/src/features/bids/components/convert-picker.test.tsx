import "../../../test/dom.ts";
import assert from "node:assert/strict";
import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { renderInApp } from "../../../test/render.tsx";
import { CreateBidDialog } from "./create-bid-dialog.tsx";

type Row = { id: number; requestId: string; title: string; status: "active" };
const row = (id: number, title: string): Row => ({
  id,
  requestId: `PR-2026-${String(id).padStart(4, "0")}`,
  title,
  status: "active",
});

/**
 * The server's candidates: 50 "Pump" requests then one more page, and two "Crane" ones. Records the
 * query of every candidates call (the shared fake API keeps the path only).
 */
function fakeCandidates() {
  const original = globalThis.fetch;
  const asked: URLSearchParams[] = [];
  const pumps = Array.from({ length: 52 }, (_, n) => row(100 - n, `Pump ${n + 1}`));
  const cranes = [row(7, "Crane hire"), row(6, "Crane spare parts")];
  globalThis.fetch = ((input: RequestInfo | URL) => {
    const url = new URL(String(input), "http://localhost:8000/");
    if (url.pathname === "/api/categories") return Promise.resolve(Response.json([{ id: 1, name: "General" }]));
    if (url.pathname === "/api/purchase-requests/7") {
      return Promise.resolve(Response.json({
        ...cranes[0],
        description: "Mobile crane, 3 days",
        department: "Logistics",
        category: null,
        items: [{
          id: 1,
          name: "Crane",
          specifications: "",
          quantity: 1,
          unit: "day",
          estimatedPrice: "900.00",
          categoryId: 1,
        }],
      }));
    }
    if (url.pathname !== "/api/bid-requests/candidates") {
      return Promise.resolve(Response.json({ message: "not faked" }, { status: 404 }));
    }
    asked.push(url.searchParams);
    const q = (url.searchParams.get("q") ?? "").toLowerCase();
    const all = [...pumps, ...cranes].filter((r) => `${r.requestId} ${r.title}`.toLowerCase().includes(q));
    const start = url.searchParams.get("after") ? 50 : 0;
    const page = all.slice(start, start + 50);
    const headers = start + 50 < all.length ? { "X-Next-Cursor": "next-page" } : undefined;
    return Promise.resolve(Response.json(page, { headers }));
  }) as typeof fetch;
  return { asked, restore: () => (globalThis.fetch = original) };
}

const options = () =>
  Array.from((screen.getByLabelText("Convert from purchase request") as HTMLSelectElement).options).map((o) =>
    o.textContent
  );

Deno.test("[bids] Create Bid Request: the purchase request picker searches the server as the user types and pages with Show more", async () => {
  const api = fakeCandidates();
  try {
    await renderInApp(<CreateBidDialog onClose={() => {}} onCreated={() => {}} />);
    await waitFor(() => assert.equal(options().length, 51));
    assert.equal(options()[1], "PR-2026-0100 · Pump 1 (active)");
    assert.equal(api.asked.length, 1);
    assert.equal(api.asked[0].get("q"), null);

    // The next page comes by cursor.
    fireEvent.click(screen.getByRole("button", { name: "Show more requests (50 shown)" }));
    await waitFor(() => assert.equal(options().length, 55));
    assert.equal(api.asked[1].get("after"), "next-page");
    assert.equal(screen.queryByRole("button", { name: /Show more requests/ }), null);

    // Typing asks once, after the user stops.
    const search = screen.getByLabelText("Search purchase requests");
    for (const text of ["c", "cr", "cra", "cran", " crane "]) fireEvent.change(search, { target: { value: text } });
    await waitFor(() =>
      assert.deepEqual(options().slice(1), [
        "PR-2026-0007 · Crane hire (active)",
        "PR-2026-0006 · Crane spare parts (active)",
      ])
    );
    assert.deepEqual(api.asked.slice(2).map((p) => p.get("q")), ["crane"]);

    // Choosing one copies it in; it stays chosen while another search shows other matches.
    const picker = screen.getByLabelText("Convert from purchase request") as HTMLSelectElement;
    fireEvent.change(picker, { target: { value: "7" } });
    await waitFor(() => assert.equal((screen.getByLabelText("Title *") as HTMLInputElement).value, "Crane hire"));
    fireEvent.change(search, { target: { value: "nothing like it" } });
    // The search text is isolated (bidi) inside the sentence.
    await waitFor(() =>
      assert.equal(
        screen.getByText(/^No purchase request waiting/).textContent?.replace(/[\u2066-\u2069]/g, ""),
        'No purchase request waiting to be converted matches "nothing like it".',
      )
    );
    assert.deepEqual(options(), ["None: a new bid request", "PR-2026-0007 · Crane hire (active)"]);
    assert.equal(picker.value, "7");
    fireEvent.click(screen.getByRole("tab", { name: "Review" }));
    await waitFor(() => screen.getByText("PR-2026-0007 · Crane hire"));
  } finally {
    api.restore();
    cleanup();
  }
});

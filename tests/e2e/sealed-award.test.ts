/**
 * The sealed bid journey: the purchase team raises a purchase request, a procurement
 * manager approves it and converts it into a SEALED bid request in Printing & Stationery (both demo
 * vendors supply it) and publishes it, each vendor submits through the Manual Entry dialog,
 * staff see only the number of submissions, bidding is closed and unsealed from the bid's details
 * (which then list the bids and open their comparison), the Compare tab flags the lowest offer, the
 * manager awards it in the UI, the vendors see 'Approved' and 'Rejected', and the purchase order PDF
 * carries its number and total.
 *
 * Set-up and closing bidding go through the API (closing is tested in tests/e2e/bids.test.ts);
 * unsealing and everything a vendor or an evaluator does for quotations go through the UI.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { violationsInThemes } from "./axe.ts";
import { e2eContext, openPage, screenshot, signIn, type TestPage } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole("status").filter({ hasText: title });
  await toast.waitFor();
  if (description) await toast.getByText(description).waitFor();
}

/** A calendar date `days` from now as the API takes it (UTC midnight). */
function dateInDays(days: number) {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T00:00:00.000Z`;
}

const ITEMS = [
  { itemName: "Toner cartridge, black", quantity: 10, unit: "pcs", estimatedPrice: "80.00" },
  { itemName: "Copy paper A4, box of 5 reams", quantity: 20, unit: "box", estimatedPrice: "30.00" },
];

/** The vendor's Manual Entry: one unit price per item, then Submit Quotation. */
async function submitQuotation(tab: TestPage, title: string, prices: string[], notes: string) {
  const { page } = tab;
  await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
  const card = page.getByRole("article").filter({ hasText: title });
  await card.waitFor();
  await card.getByText("Sealed bid", { exact: true }).waitFor();
  // Both ways of quoting are offered (the OCR import is tested in tests/e2e/ocr-import.test.ts).
  assert.equal(await card.getByRole("button", { name: "Upload PDF Quotation (OCR)" }).isDisabled(), false);
  await card.getByRole("button", { name: "Manual Entry" }).click();

  const dialog = page.getByRole("dialog", { name: "Submit Quotation" });
  await dialog.getByText("prices stay sealed until bidding closes", { exact: false }).waitFor();

  // Every item needs a price above 0 first (spec section 5).
  await dialog.getByRole("button", { name: "Submit Quotation" }).click();
  await expectToast(page, "Validation Error", "Please enter valid unit prices for all items");

  for (const [n, item] of ITEMS.entries()) {
    // The label wraps the item name in Unicode isolates (it is user data), hence the pattern.
    await dialog.getByLabel(new RegExp(`Unit price for .${item.itemName.replace(/[(),]/g, ".")}`)).fill(prices[n]);
  }
  // The live line total: unit price × quantity.
  const firstTotal = (Number(prices[0]) * ITEMS[0].quantity).toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
  });
  await dialog.getByRole("row").filter({ hasText: ITEMS[0].itemName }).getByText(firstTotal).waitFor();
  await dialog.getByLabel("Lead time (days)").fill("7");
  await dialog.getByLabel("Notes", { exact: true }).fill(notes);
  await dialog.getByRole("button", { name: "Submit Quotation" }).click();
  await expectToast(page, "Success", "Quotation submitted successfully");
  await dialog.waitFor({ state: "detached" });

  const mine = page.getByRole("region", { name: "My Quotations" }).getByRole("article").filter({ hasText: title });
  await mine.getByText("Submitted", { exact: true }).waitFor();
}

Deno.test("[e2e] sealed bid: two vendors submit, staff see only the count, unseal, compare, award, PO PDF", async () => {
  const { server, browser } = await ctx();
  const title = `Printer consumables framework ${Date.now()}`;
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  const vendor2 = await openPage(browser, server.url);
  try {
    // 1. Set-up through the API: both vendors in Printing & Stationery, a sealed bid request there.
    await signIn(manager, "manager@example.com", { goto: "/" });
    const categories = await (await manager.page.request.get("/api/categories")).json();
    const printing = categories.find((c: { name: string }) => c.name === "Printing & Stationery");
    assert.ok(printing, "demo category Printing & Stationery");

    const vendorIds: number[] = [];
    for (const [tab, email] of [[vendor, "vendor@example.com"], [vendor2, "vendor2@example.com"]] as const) {
      await signIn(tab, email, { goto: "/" });
      vendorIds.push((await (await tab.page.request.get("/api/auth/user")).json()).id);
      const subscribed: { categoryId: number }[] = await (await tab.page.request.get("/api/vendor/categories")).json();
      if (!subscribed.some((s) => s.categoryId === printing.id)) {
        const res = await tab.page.request.put("/api/vendor/categories", {
          data: { categoryIds: [...subscribed.map((s) => s.categoryId), printing.id] },
        });
        assert.ok(res.ok(), `subscribe ${email}: ${res.status()}`);
      }
    }

    // The purchase team raises a bid_required purchase request; the manager approves it and
    // converts it into a sealed bid request (its items are copied by the server), then publishes it.
    const team = await openPage(browser, server.url);
    await signIn(team, "purchase@example.com", { goto: "/" });
    const pr = await team.page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Toner and paper for every office printer, delivered monthly.",
        department: "Facilities",
        justification: "The current framework ends this quarter.",
        requestType: "bid_required",
        categoryId: printing.id,
        deadline: dateInDays(30).slice(0, 10),
        items: ITEMS.map((i) => ({ ...i, categoryId: printing.id })),
      },
    });
    assert.equal(pr.status(), 201, await pr.text());
    const prId = (await pr.json()).id;
    await team.context.close();
    const approved = await manager.page.request.post(`/api/purchase-requests/${prId}/approve`, { data: {} });
    assert.equal((await approved.json()).status, "active");

    const created = await manager.page.request.post("/api/bid-requests", {
      data: {
        title,
        description: "Toner and paper for every office printer, delivered monthly.",
        department: "Facilities",
        qualificationCriteria: "Authorised reseller of the printer brands in use.",
        deadline: dateInDays(21),
        biddingDeadline: dateInDays(14),
        biddingMode: "sealed",
        evaluationMethod: "lowest_price",
        categoryId: printing.id,
        purchaseRequestId: prId,
        status: "draft",
        items: [{ itemName: "ignored: the request's own items are used" }],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const draft = await created.json();
    assert.equal(draft.status, "draft");
    assert.deepEqual(draft.items.map((i: { itemName: string }) => i.itemName), ITEMS.map((i) => i.itemName));
    const published = await manager.page.request.patch(`/api/bid-requests/${draft.id}/status`, {
      data: { status: "published" },
    });
    const bid = await published.json();
    assert.equal(bid.biddingMode, "sealed");
    assert.equal(bid.status, "bidding_open");

    // 2. Each vendor submits through the Manual Entry dialog; vendor@ is the cheaper one.
    await submitQuotation(vendor, title, ["75.50", "28.00"], "Delivery included.");
    await screenshot(vendor.page, "sealed-award-vendor-submitted");
    await submitQuotation(vendor2, title, ["82.00", "29.90"], "Next-day delivery.");
    assert.deepEqual(vendor.problems, []);
    assert.deepEqual(vendor2.problems, []);

    // 3. Staff see the number of submissions and nothing else.
    {
      const detail = await (await manager.page.request.get(`/api/bid-requests/${bid.id}`)).json();
      assert.equal(detail.bidCount, 2);
      const listed = await (await manager.page.request.get(`/api/quotations?bidRequestId=${bid.id}`)).json();
      assert.deepEqual(listed, []);
      const sealedCompare = await manager.page.request.get(`/api/bid-requests/${bid.id}/comparison`);
      assert.equal(sealedCompare.status(), 409);

      const { page } = manager;
      await page.goto("/");
      await sidebar(page).getByRole("button", { name: "Quotations" }).click();
      await page.getByRole("tab", { name: "Received Quotations" }).waitFor();
      await page.getByRole("article").first().waitFor();
      assert.equal(await page.getByRole("article").filter({ hasText: title }).count(), 0);
      assert.equal(await page.getByRole("article").filter({ hasText: bid.bidNumber }).count(), 0);
      await page.getByRole("tab", { name: "Compare Quotations" }).click();
      const options = await page.getByLabel("Request to compare").locator("option").allTextContents();
      assert.ok(!options.some((o) => o.includes(bid.bidNumber)), "a sealed bid is not offered for comparison");
    }

    // 4. Close bidding (API), then unseal from the bid's details, which give only the count while sealed.
    const { page } = manager;
    const closed = await page.request.patch(`/api/bid-requests/${bid.id}/status`, {
      data: { status: "bidding_closed", reason: "Both vendors have submitted" },
    });
    assert.equal(closed.status(), 200, await closed.text());
    await page.goto("/");
    await sidebar(page).getByRole("button", { name: "Bid Requests" }).click();
    await page.getByRole("row").filter({ hasText: title }).getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog", { name: title });
    await details.getByText("2 sealed bids", { exact: true }).waitFor();
    assert.equal(await details.getByRole("heading", { name: "Bids received" }).count(), 0);
    assert.equal(await details.getByRole("button", { name: "Compare quotations" }).count(), 0);
    await details.getByRole("button", { name: "Unseal Bids" }).click();
    const confirm = page.getByRole("dialog", { name: "Unseal the sealed bids?" });
    await confirm.getByRole("button", { name: "Unseal Bids" }).click();
    await expectToast(page, "Bids Unsealed");
    await confirm.waitFor({ state: "detached" });

    const comparison = await (await page.request.get(`/api/bid-requests/${bid.id}/comparison`)).json();
    const winner = comparison.quotations.find((q: { vendorId: number }) => q.vendorId === vendorIds[0]);
    const loser = comparison.quotations.find((q: { vendorId: number }) => q.vendorId === vendorIds[1]);
    assert.equal(winner.totalAmount, "1315.00"); // 10 × 75.50 + 20 × 28.00
    assert.equal(loser.totalAmount, "1418.00"); // 10 × 82.00 + 20 × 29.90

    // Unsealed, the details list the bids (vendor, total, status, validity) and open their comparison.
    {
      const received = details.getByRole("table", { name: /Bids received for/ });
      await received.waitFor();
      assert.equal(await received.getByRole("row").count(), 3, "a header row and one row per bid");
      for (const [quotation, total] of [[winner, "$1,315.00"], [loser, "$1,418.00"]] as const) {
        const row = received.getByRole("row").filter({ hasText: quotation.vendorName });
        await row.getByRole("cell", { name: total, exact: true }).waitFor();
        await row.getByText("Submitted", { exact: true }).waitFor();
        await row.getByRole("cell", { name: /\d{4}/ }).waitFor(); // the date it is valid until
      }
      await received.scrollIntoViewIfNeeded();
      await screenshot(page, "sealed-award-bid-unsealed", { fullPage: false });
      assert.deepEqual(await violationsInThemes(page, "bid details with the bids received"), []);

      await details.getByRole("button", { name: "Compare quotations" }).click();
      const compare = page.getByRole("dialog", { name: /Compare quotations for/ });
      const matrix = compare.getByRole("table", { name: /Comparison of the quotations for/ });
      await matrix.waitFor();
      const header = matrix.getByRole("columnheader");
      // Item, Quantity, then the bids in rank order.
      assert.equal(await header.count(), 4);
      assert.match((await header.nth(2).textContent()) ?? "", new RegExp(winner.vendorName));
      assert.match((await header.nth(3).textContent()) ?? "", new RegExp(loser.vendorName));
      await screenshot(page, "sealed-award-bid-compare");
      assert.deepEqual(await violationsInThemes(page, "bid comparison"), []);
      await compare.getByRole("button", { name: "Close", exact: true }).click();
      await compare.waitFor({ state: "detached" });
      await details.getByRole("button", { name: "Close", exact: true }).click();
      await details.waitFor({ state: "detached" });
    }

    // 5. Compare: the cheaper vendor ranks first with the lowest total flagged; award it in the UI.
    let poNumber = "";
    let poHref = "";
    {
      const { page } = manager;
      // Queries never go stale (spec section 7): a reload shows the unsealed quotations.
      await page.reload();
      await sidebar(page).getByRole("button", { name: "Quotations" }).click();
      await page.getByRole("article").filter({ hasText: title }).first().waitFor();
      assert.equal(await page.getByRole("article").filter({ hasText: title }).count(), 2);

      await page.getByRole("tab", { name: "Compare Quotations" }).click();
      await page.getByLabel("Request to compare").selectOption({ label: `${bid.bidNumber} · ${title}` });
      // Titles are user data, wrapped in Unicode isolates inside translated text.
      const matrix = page.getByRole("table", { name: /Comparison of the quotations for/ });
      await matrix.waitFor();
      const header = matrix.getByRole("columnheader");
      // Columns follow the rank: Item, Quantity, then the winner first.
      assert.match((await header.nth(2).textContent()) ?? "", new RegExp(winner.vendorName));
      const totalRow = matrix.getByRole("row").filter({
        has: page.getByRole("rowheader", { name: "Total", exact: true }),
      });
      await totalRow.getByRole("cell").nth(0).getByText("Lowest total").waitFor();
      assert.equal(await totalRow.getByRole("cell").nth(1).getByText("Lowest total").count(), 0);
      for (const item of ITEMS) {
        const row = matrix.getByRole("row").filter({ hasText: item.itemName });
        await row.getByRole("cell").nth(1).getByText("Lowest unit price").waitFor();
      }
      await screenshot(page, "sealed-award-compare");

      // Awarding the dearer offer under lowest price needs a written justification
      // (docs/decisions/007-bid-controls.md).
      {
        await matrix.getByRole("button", { name: new RegExp(`Award to .${loser.vendorName.replace(/[.&]/g, ".")}`) })
          .click();
        const dearer = page.getByRole("dialog", { name: /Award the request to/ });
        await dearer.getByText(/This quotation is not the best by the evaluation method/).waitFor();
        await dearer.getByRole("button", { name: "Award", exact: true }).click();
        await dearer.getByText("Write a justification to award a quotation that is not the best.").waitFor();
        await screenshot(page, "sealed-award-justification");
        await dearer.getByRole("button", { name: "Cancel" }).click();
        await dearer.waitFor({ state: "detached" });
      }

      await matrix.getByRole("button", { name: new RegExp(`Award to .${winner.vendorName.replace(/[.&]/g, ".")}`) })
        .click();
      const dialog = page.getByRole("dialog", { name: /Award the request to/ });
      await dialog.getByText(
        "Approving awards this quotation and issues a purchase order; other quotations for this request are rejected.",
      ).waitFor();
      await dialog.getByRole("button", { name: "Award", exact: true }).click();
      await expectToast(page, "Quotation Approved");
      const issued = dialog.getByText(/Purchase order .?PO-\d{4}-\d{4,}.? issued/);
      await issued.waitFor();
      poNumber = /PO-\d{4}-\d{4,}/.exec((await issued.textContent()) ?? "")![0];
      const link = dialog.getByRole("link", { name: "Download PO PDF" });
      poHref = (await link.getAttribute("href")) ?? "";
      assert.match(poHref, /^\/api\/purchase-orders\/\d+\/pdf$/);
      await screenshot(page, "sealed-award-awarded");
      await dialog.getByRole("button", { name: "Close" }).first().click();
      assert.deepEqual(manager.problems, []);
    }

    // 6. The purchase order PDF downloads and carries its number and total.
    {
      const res = await manager.page.request.get(poHref);
      assert.equal(res.status(), 200);
      assert.equal(res.headers()["content-type"], "application/pdf");
      const bytes = await res.body();
      const text = new TextDecoder("latin1").decode(bytes);
      assert.ok(text.startsWith("%PDF-"), "a PDF");
      assert.ok(text.includes(`(${poNumber})`), `the PDF shows ${poNumber}`);
      assert.ok(text.includes("($1,315.00)"), "the PDF shows the total, formatted in the vendor's language");
    }

    // 7. The winner sees 'Approved' with its purchase order; the other vendor sees 'Rejected'.
    for (const [tab, status] of [[vendor, "Approved"], [vendor2, "Rejected"]] as const) {
      const { page } = tab;
      await page.reload();
      await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
      const mine = page.getByRole("region", { name: "My Quotations" }).getByRole("article").filter({ hasText: title });
      await mine.getByText(status, { exact: true }).waitFor();
      if (status === "Approved") {
        await mine.getByText(poNumber).waitFor();
        await mine.getByRole("link", { name: "Download PO PDF" }).waitFor();
        await screenshot(page, "sealed-award-vendor-approved");
      } else {
        assert.equal(await mine.getByText(/PO-\d{4}/).count(), 0);
      }
      // The request is closed, so there is nothing left to revise.
      assert.equal(await mine.getByRole("button", { name: "Revise" }).count(), 0);
      assert.deepEqual(tab.problems, []);
    }
  } finally {
    await manager.close();
    await vendor.close();
    await vendor2.close();
  }
});

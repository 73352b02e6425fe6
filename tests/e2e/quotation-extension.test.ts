/**
 * Validity extensions in the browser (docs/decisions/023): a vendor's quotation expires within a week;
 * on the comparison the manager sees so and asks the vendor to extend it; the vendor, in My
 * Quotations, reads that the buyer asked and extends it by 60 days; the comparison then offers the
 * award without the warning. Set-up (the bid, the quotation, closing) through the API.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { violationsInThemes } from "./axe.ts";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

Deno.test("[e2e] quotation extension: the manager asks, the vendor extends, the award is offered", async () => {
  const { server, browser } = await ctx();
  const title = `Extension chairs ${Date.now()}`;
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  try {
    await signIn(manager, "manager@example.com", { goto: "/" });
    await signIn(vendor, "vendor@example.com", { goto: "/" });
    const categories = await (await manager.page.request.get("/api/categories")).json();
    const printing = categories.find((c: { name: string }) => c.name === "Printing & Stationery");
    const subscribed: { categoryId: number }[] = await (await vendor.page.request.get("/api/vendor/categories")).json();
    if (!subscribed.some((s) => s.categoryId === printing.id)) {
      const res = await vendor.page.request.put("/api/vendor/categories", {
        data: { categoryIds: [...subscribed.map((s) => s.categoryId), printing.id] },
      });
      assert.ok(res.ok());
    }
    const created = await manager.page.request.post("/api/bid-requests", {
      data: {
        title,
        description: "Open bid",
        department: "Facilities",
        qualificationCriteria: "References",
        biddingMode: "open",
        categoryId: printing.id,
        deadline: new Date(Date.now() + 21 * 86_400_000).toISOString(),
        biddingDeadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        items: [{
          itemName: "Desk chair",
          quantity: 4,
          unit: "pcs",
          estimatedPrice: "120.00",
          categoryId: printing.id,
        }],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const bid = await created.json();
    const quoted = await vendor.page.request.post("/api/vendor/quotations", {
      data: { bidRequestId: bid.id, items: [{ itemId: bid.items[0].id, unitPrice: "99.00" }], validityPeriod: 3 },
    });
    assert.equal(quoted.status(), 201, await quoted.text());
    const closed = await manager.page.request.patch(`/api/bid-requests/${bid.id}/status`, {
      data: { status: "bidding_closed", reason: "Enough offers" },
    });
    assert.equal(closed.status(), 200, await closed.text());

    // The manager compares: the offer expires within a week; Ask to extend.
    const openMatrix = async () => {
      const { page } = manager;
      await page.reload();
      await sidebar(page).getByRole("button", { name: "Quotations" }).click();
      await page.getByRole("tab", { name: "Compare Quotations" }).click();
      await page.getByLabel("Request to compare").selectOption({ label: `${bid.bidNumber} · ${title}` });
      const matrix = page.getByRole("table", { name: /Comparison of the quotations for/ });
      await matrix.waitFor();
      return matrix;
    };
    let matrix = await openMatrix();
    await matrix.getByText("Expires within a week").waitFor();
    await matrix.getByRole("button", { name: /^Ask .* to extend the quotation$/ }).click();
    await manager.page.getByText("The vendor was asked to extend the quotation").first().waitFor();
    await matrix.getByText("Extension requested; waiting for the vendor").waitFor();
    const found = await violationsInThemes(manager.page, "quotation-extension-compare", {
      include: "table",
    });
    await screenshot(manager.page, "quotation-extension-compare");

    // The vendor reads that the buyer asked, and extends by 60 days.
    {
      const { page } = vendor;
      await page.reload();
      await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
      const card = page.getByRole("region", { name: "My Quotations" }).getByRole("article").filter({ hasText: title });
      await card.getByText("The buyer asked you to extend this quotation.", { exact: false }).waitFor();
      await card.getByLabel("Valid for (days from today)").fill("60");
      await screenshot(page, "quotation-extension-vendor");
      await card.getByRole("button", { name: "Extend validity" }).click();
      await page.getByText("Quotation extended by 60 days").first().waitFor();
      await card.getByText("The buyer asked you to extend this quotation.", { exact: false }).waitFor({
        state: "detached",
      });
      found.push(...await violationsInThemes(page, "quotation-extension-vendor", { include: "main" }));
    }

    // The comparison offers the award, without the warning.
    matrix = await openMatrix();
    await matrix.getByRole("button", { name: /^Award to / }).waitFor();
    assert.equal(await matrix.getByText("Expires within a week").count(), 0);
    assert.deepEqual(found, []);
    assert.deepEqual(manager.problems, []);
    assert.deepEqual(vendor.problems, []);
  } finally {
    await manager.close();
    await vendor.close();
  }
});

/**
 * The vendor's opportunities a page at a time: Business Opportunities shows the
 * first 50, "Show more" loads the next page, and Revise on a quotation whose request is beyond the
 * first page still opens with that request's items. Set-up through the API: a category and a vendor
 * of this test's own (the database is shared with the other files, whose opportunities would move
 * the page boundary, and the demo vendor's screens stay as they were), and 51 published bids there.
 */
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.ts";
import type { Page } from "playwright-core";
import { colorSchemeSettled, createVendor, e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

Deno.test("[opportunities] the vendor sees 50 opportunities, Show more loads the rest, Revise opens a later one", async () => {
  const { server, browser } = await ctx();
  const admin = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  try {
    await signIn(admin);
    const createdCategory = await admin.page.request.post("/api/categories", {
      data: { name: `Paging toner ${crypto.randomUUID().slice(0, 8)}`, description: "Opportunity paging" },
    });
    assert.equal(createdCategory.status(), 201, await createdCategory.text());
    const category = (await createdCategory.json()).id as number;
    const supplier = await createVendor(admin, [category], "Paging Supplies");
    const api = manager.page.request;
    await signIn(manager, "manager@example.com");
    const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10) + "T00:00:00.000Z";
    const bids: { id: number; title: string }[] = [];
    for (let n = 1; n <= 51; n++) {
      const title = `Paging bid ${String(n).padStart(2, "0")}`;
      const res = await api.post("/api/bid-requests", {
        data: {
          title,
          description: "Opportunity paging",
          department: "Admin",
          qualificationCriteria: "Any",
          deadline: day(330 + n),
          biddingDeadline: day(300 + n),
          categoryId: category,
          items: [{ itemName: `Toner ${n}`, quantity: 2, unit: "pcs", estimatedPrice: "12.00", categoryId: category }],
        },
      });
      assert.equal(res.status(), 201, await res.text());
      const { id, status } = await res.json();
      // A manager's bid under the approval threshold opens at once; otherwise publish it.
      if (status === "draft") {
        const published = await api.patch(`/api/bid-requests/${id}/status`, { data: { status: "published" } });
        assert.equal(published.status(), 200, await published.text());
      }
      bids.push({ id, title });
    }
    const last = bids[bids.length - 1];

    // The vendor quotes the last bid (the one closing last: beyond the first page) through the API.
    const v = vendor.page.request;
    await signIn(vendor, supplier.email, { password: supplier.password });
    const one = await (await v.get(`/api/vendor/matching-prs?ids=bid_request:${last.id}`)).json();
    const quoted = await v.post("/api/vendor/quotations", {
      data: {
        bidRequestId: last.id,
        items: one[0].items.map((i: { id: number }) => ({ itemId: i.id, unitPrice: "11.50" })),
        validityPeriod: 30,
      },
    });
    assert.equal(quoted.status(), 201, await quoted.text());

    const { page } = vendor;
    await page.goto("/");
    await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
    const available = page.getByRole("region", { name: "Available Opportunities" });
    const more = available.getByRole("button", { name: /^Show more/ });
    await available.getByRole("article").nth(49).waitFor();
    await more.waitFor();
    assert.equal(await available.getByRole("article").count(), 50);
    assert.equal(await available.getByRole("article").filter({ hasText: last.title }).count(), 0);
    assert.match(await more.innerText(), /50 of \d+/);
    await screenshot(page, "opportunities-paging-light");
    await more.scrollIntoViewIfNeeded();
    await screenshot(page, "opportunities-paging-light-show-more", { fullPage: false });
    assert.deepEqual(await seriousViolations(page, { include: "main" }), []);

    await more.click();
    await available.getByRole("article").filter({ hasText: last.title }).waitFor();
    assert.ok(await available.getByRole("article").count() > 50);

    // Revise: its request is open (asked by id), and the dialog starts from the quotation.
    const mine = page.getByRole("region", { name: "My Quotations" }).getByRole("article").filter({
      hasText: last.title,
    });
    await mine.getByRole("button", { name: "Revise" }).click();
    const dialog = page.getByRole("dialog", { name: new RegExp(`^Revise quotation for \\W*${last.title}\\W*$`) });
    await dialog.waitFor();
    await dialog.getByText("Toner 51").waitFor();
    assert.equal(await dialog.getByLabel(/^Unit price for \W*Toner 51\W*$/).inputValue(), "11.50");
    await dialog.getByRole("button", { name: "Cancel" }).or(dialog.getByRole("button", { name: "Close" })).first()
      .click();

    await page.emulateMedia({ colorScheme: "dark" });
    await colorSchemeSettled(page, "dark");
    await screenshot(page, "opportunities-paging-dark");
    await page.getByRole("region", { name: "My Quotations" }).scrollIntoViewIfNeeded();
    await screenshot(page, "opportunities-paging-dark-viewport", { fullPage: false });
    assert.deepEqual(await seriousViolations(page, { include: "main" }), []);
    await page.emulateMedia({ colorScheme: "light" });
    // Dhivehi (right to left): the same entry of the sidebar, its labels in Thaana.
    const entries = await page.locator("#dashboard-sidebar nav button").allTextContents();
    const entry = entries.findIndex((text) => text.includes("Business Opportunities"));
    await page.evaluate(() => localStorage.setItem("user-language", "dv"));
    await page.reload();
    await page.locator("#dashboard-sidebar nav button").nth(entry).click();
    await page.locator("article").first().waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
    await page.locator("article").nth(49).scrollIntoViewIfNeeded();
    await screenshot(page, "opportunities-paging-dv-show-more", { fullPage: false });
    await screenshot(page, "opportunities-paging-dv");
    assert.deepEqual(vendor.problems, []);
    assert.deepEqual(manager.problems, []);
  } finally {
    await admin.close();
    await manager.close();
    await vendor.close();
  }
});

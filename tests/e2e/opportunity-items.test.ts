/**
 * A request with more than three items on the vendor's opportunities: the list
 * answers each row's first three items and its item count, so the card says "Showing 3 of 5 items",
 * and Manual Entry asks the request by id and prices all five. Light, dark and Dhivehi screenshots
 * of the card and the dialog; axe on both.
 */
import assert from "node:assert/strict";
import { seriousViolations } from "./axe.ts";
import type { Page } from "playwright-core";
import { e2eContext, openPage, screenshot, signIn, waitUntil } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

/** The dialog's opening fade has ended (a screenshot before shows the page through it). */
const settled = (page: Page) =>
  page.waitForFunction(() => {
    const dialog = document.querySelector("dialog[open]");
    return dialog !== null && getComputedStyle(dialog).opacity === "1";
  });

const NAMES = ["Toner cartridge", "Copy paper", "Staples", "Box files", "Whiteboard markers"];

Deno.test("[opportunities] a bid of five items: the card shows three and says so, Manual Entry prices all five", async () => {
  const { server, browser } = await ctx();
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  try {
    const api = manager.page.request;
    await signIn(manager, "manager@example.com");
    const categories = await (await api.get("/api/categories")).json() as { id: number; name: string }[];
    const category = categories.find((c) => c.name === "Printing & Stationery")!.id;
    // This run's own bid: the shared database may hold another run's.
    const title = `Five item stationery bid ${Date.now()}`;
    // Closing before every demo opportunity: the first card of the list.
    const res = await api.post("/api/bid-requests", {
      data: {
        title,
        description: "More than three items",
        department: "Admin",
        qualificationCriteria: "Any",
        deadline: new Date(Date.now() + 3 * 3_600_000).toISOString(),
        biddingDeadline: new Date(Date.now() + 2 * 3_600_000).toISOString(),
        categoryId: category,
        items: NAMES.map((itemName, n) => ({
          itemName,
          quantity: n + 1,
          unit: "pcs",
          estimatedPrice: "10.00",
          specification: n === 4 ? "Assorted colours" : "",
          categoryId: category,
        })),
      },
    });
    assert.equal(res.status(), 201, await res.text());
    const { id, status } = await res.json();
    if (status === "draft") {
      const published = await api.patch(`/api/bid-requests/${id}/status`, { data: { status: "published" } });
      assert.equal(published.status(), 200, await published.text());
    }

    const { page } = vendor;
    await signIn(vendor, "vendor@example.com");
    const open = async () => {
      await page.goto("/");
      await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
      const card = page.getByRole("region", { name: "Available Opportunities" }).getByRole("article").filter({
        hasText: title,
      });
      await card.waitFor();
      return card;
    };
    let card = await open();
    await card.getByText("Showing 3 of 5 items.").waitFor();
    // The list is live (other files publish bids meanwhile and the card re-renders): wait for the rows.
    const rows = card.getByRole("table").locator("tbody tr");
    await waitUntil(async () => await rows.count() === 3, "the card's three rows");
    assert.equal(await card.getByText(NAMES[3]).count(), 0);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "opportunity-items-card-light", { fullPage: false });
    assert.deepEqual(await seriousViolations(page, { include: "main" }), []);

    await card.getByRole("button", { name: "Manual Entry" }).click();
    const dialog = page.getByRole("dialog", { name: "Submit Quotation" });
    // Every item, asked by id: the two not on the card too.
    await dialog.getByLabel(/^Unit price for \W*Whiteboard markers\W*$/).waitFor();
    assert.equal(await dialog.getByLabel(/^Unit price for/).count(), 5);
    await settled(page);
    await screenshot(page, "opportunity-items-dialog-light", { fullPage: false });
    assert.deepEqual(await seriousViolations(page, { include: "dialog[open]" }), []);
    for (const name of NAMES) await dialog.getByLabel(new RegExp(`^Unit price for \\W*${name}\\W*$`)).fill("2.50");
    await dialog.getByRole("button", { name: "Submit Quotation" }).click();
    await page.getByRole("status").filter({ hasText: "Quotation submitted successfully" }).waitFor();
    await dialog.waitFor({ state: "detached" });
    const mine = await (await page.request.get("/api/vendor/quotations")).json() as {
      bidRequestId: number | null;
      itemCount: number;
    }[];
    assert.equal(mine.find((q) => q.bidRequestId === id)?.itemCount, 5);

    await page.emulateMedia({ colorScheme: "dark" });
    card = await open();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "opportunity-items-card-dark", { fullPage: false });
    await card.getByRole("button", { name: "Manual Entry" }).click();
    const revise = page.getByRole("dialog", { name: /^Revise quotation for/ });
    await revise.getByLabel(/^Unit price for \W*Whiteboard markers\W*$/).waitFor();
    assert.equal(await revise.getByLabel(/^Unit price for \W*Whiteboard markers\W*$/).inputValue(), "2.50");
    await settled(page);
    await screenshot(page, "opportunity-items-dialog-dark", { fullPage: false });
    assert.deepEqual(await seriousViolations(page, { include: "dialog[open]" }), []);
    await page.emulateMedia({ colorScheme: "light" });

    // Dhivehi (right to left): the sidebar's entry by position, its labels in Thaana.
    const entries = await page.locator("#dashboard-sidebar nav button").allTextContents();
    const entry = entries.findIndex((text) => text.includes("Business Opportunities"));
    await page.evaluate(() => localStorage.setItem("user-language", "dv"));
    await page.goto("/");
    await page.locator("#dashboard-sidebar nav button").nth(entry).click();
    const dvCard = page.locator("article").filter({ hasText: title }).first();
    await dvCard.waitFor();
    assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
    await dvCard.getByText("5 ތަކެތިން 3 ދައްކަނީ.").waitFor();
    await dvCard.scrollIntoViewIfNeeded();
    await screenshot(page, "opportunity-items-card-dv", { fullPage: false });
    await dvCard.locator("button.btn-primary").click();
    const dvDialog = page.locator("dialog[open]");
    await dvDialog.locator("input[inputmode=decimal]").nth(4).waitFor();
    await settled(page);
    await screenshot(page, "opportunity-items-dialog-dv", { fullPage: false });
    await screenshot(page, "opportunity-items-dv");
    assert.deepEqual(vendor.problems, []);
    assert.deepEqual(manager.problems, []);
  } finally {
    await manager.close();
    await vendor.close();
  }
});

/**
 * A 390 px phone (the width of a common handset): the vendor entering prices sees every line total
 * and the total without scrolling sideways, Business Opportunities does not scroll sideways, and a
 * procurement manager approves or declines a request with buttons that are on the screen.
 */
import assert from "node:assert/strict";
import type { Locator, Page } from "playwright-core";
import { seriousViolations } from "./axe.ts";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });
const PHONE = { width: 390, height: 844 };

async function openSection(page: Page, name: string) {
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("button", { name }).click();
}

async function noSidewaysScroll(page: Page, where: string) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  assert.ok(scroll <= client, `${where}: the page is ${scroll} px wide on a ${client} px screen`);
}

/** Fully on the screen, left to right (scrolled into view vertically first). */
async function onScreen(locator: Locator, what: string) {
  await locator.scrollIntoViewIfNeeded();
  const box = await locator.boundingBox();
  assert.ok(box, `${what} is shown`);
  assert.ok(box.x >= 0 && box.x + box.width <= PHONE.width, `${what} at x ${box.x}..${box.x + box.width}`);
}

Deno.test("[e2e] phone: a vendor enters prices and sees each line total and the total; no sideways scroll", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url, { viewport: PHONE });
  const { page } = tab;
  try {
    await signIn(tab, "vendor@example.com", { goto: "/" });
    await openSection(page, "Business Opportunities");
    const list = page.getByRole("region", { name: "Available Opportunities" });
    const card = list.getByRole("article").filter({ has: page.getByRole("button", { name: "Manual Entry" }) }).first();
    await card.waitFor();
    await page.waitForLoadState("networkidle");
    await noSidewaysScroll(page, "Business Opportunities");
    await screenshot(page, "phone-opportunities", { fullPage: false });

    await card.getByRole("button", { name: "Manual Entry" }).click();
    const dialog = page.getByRole("dialog");
    const prices = dialog.getByLabel(/^Unit price for/);
    await prices.first().waitFor();
    const n = await prices.count();
    for (let i = 0; i < n; i++) await prices.nth(i).fill("2.50");
    const totals = dialog.getByTestId("line-total");
    assert.equal(await totals.count(), n);
    for (let i = 0; i < n; i++) {
      await onScreen(totals.nth(i), `line total ${i + 1}`);
      assert.match(await totals.nth(i).innerText(), /\$\d/);
    }
    const total = dialog.getByTestId("quotation-total");
    await onScreen(total, "the total");
    assert.match(await total.innerText(), /^\$\d/);
    await noSidewaysScroll(page, "the quotation dialog");
    await screenshot(page, "phone-quotation-dialog", { fullPage: false });
    assert.deepEqual(await seriousViolations(page, { include: "dialog[open]" }), []);
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
});

Deno.test("[e2e] phone: a procurement manager approves and declines with buttons on the screen", async () => {
  const { server, browser } = await ctx();
  const team = await openPage(browser, server.url);
  const tab = await openPage(browser, server.url, { viewport: PHONE });
  const { page } = tab;
  try {
    await signIn(team, "purchase@example.com");
    const titles: string[] = [];
    for (const what of ["approve", "decline"]) {
      const title = `Phone ${what} ${Date.now()}`;
      const res = await team.page.request.post("/api/purchase-requests", {
        data: {
          title,
          description: "A request decided on a phone.",
          department: "Facilities",
          justification: "Tested at 390 px.",
          requestType: "internal",
          items: [{ itemName: "Desk lamp", quantity: 2, unit: "pcs", estimatedPrice: "40.00" }],
        },
      });
      assert.equal(res.status(), 201, await res.text());
      titles.push(title);
    }
    await signIn(tab, "manager@example.com", { goto: "/" });
    await openSection(page, "Purchase Requests");
    await noSidewaysScroll(page, "Purchase Requests");

    for (const [i, action] of [["Approve", "Approve"], ["Reject", "Reject"]].entries()) {
      await page.getByLabel("Search").fill(titles[i]);
      const card = page.getByRole("article").filter({ hasText: titles[i] });
      await card.waitFor();
      const button = card.getByRole("button", { name: action[0], exact: true });
      await onScreen(button, `${action[0]} on the card`);
      await button.click();
      const dialog = page.getByRole("dialog");
      if (action[0] === "Reject") await dialog.getByRole("textbox").first().fill("Not needed this quarter.");
      const confirm = dialog.getByRole("button", { name: action[1], exact: true });
      await onScreen(confirm, `${action[1]} in the dialog`);
      await screenshot(page, `phone-${action[0].toLowerCase()}-dialog`, { fullPage: false });
      await confirm.click();
      await dialog.waitFor({ state: "detached" });
      await card.getByText(action[0] === "Approve" ? "Active" : "Rejected", { exact: true }).waitFor();
    }
    await noSidewaysScroll(page, "Purchase Requests after the decisions");
    assert.deepEqual(tab.problems, []);
  } finally {
    await team.close();
    await tab.close();
  }
});

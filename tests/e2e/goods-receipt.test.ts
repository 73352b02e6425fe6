/**
 * Goods receipt from the purchase order page, as the purchase team does it: each line starts at what
 * is still to come, "Receive all remaining" puts every line back to that, "Record receipt" is gone
 * once everything arrived, and the vendor's scorecard in Reports counts each receipt on or before
 * the promised date as on time as soon as it is recorded (a partial one too), without a reload.
 * A vendor of its own keeps the scorecard's figures this file's alone. The dialog is axe-checked in
 * light and dark and photographed in light and in Dhivehi.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { violationsInThemes } from "./axe.ts";
import { createVendor, e2eContext, expectValue, openPage, screenshot, signIn, waitUntil } from "./helpers.ts";
import { awardedOrder } from "./purchase-order-setup.ts";

/** A receipt line's field: its item and unit are isolated in the label (they may be another script). */
const received = (item: string, unit: string) => new RegExp(`^\\W*${item}\\W*: received now \\(\\W*${unit}\\W*\\)$`);

const ctx = e2eContext({ noServerErrors: true });

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

/**
 * From the dashboard: the vendor's row of the supplier scorecards in Reports comes to show
 * `expected` (column -> text). Waited for, not read once: a report already in the page's cache shows
 * at once and is replaced when read again.
 */
async function expectScorecard(page: Page, companyName: string, expected: Record<string, string>) {
  await sidebar(page).getByRole("button", { name: "Reports" }).click();
  const table = page.getByTestId("report-vendors").getByRole("table");
  const row = table.getByRole("row").filter({ hasText: companyName });
  await row.waitFor();
  const headers = await table.locator("thead th").allInnerTexts();
  let shown: Record<string, string> = {};
  await waitUntil(async () => {
    const cells = await row.locator("td").allInnerTexts();
    shown = Object.fromEntries(Object.keys(expected).map((column) => [column, cells[headers.indexOf(column)]]));
    return JSON.stringify(shown) === JSON.stringify(expected);
  }, `the scorecard of ${companyName} to show ${JSON.stringify(expected)}`).catch((e) => {
    throw new Error(`${(e as Error).message} (it shows ${JSON.stringify(shown)})`);
  });
}

/** From the dashboard to the order's page through the register, as the team finds it. */
async function openOrder(page: Page, poNumber: string) {
  await sidebar(page).getByRole("button", { name: "Purchase Orders" }).click();
  await page.getByRole("searchbox", { name: "Search" }).fill(poNumber);
  await page.getByRole("row").filter({ hasText: poNumber }).getByRole("link", { name: poNumber }).click();
  await page.getByRole("heading", { name: `Purchase order ${poNumber}` }).waitFor();
}

async function expectToast(page: Page, title: string) {
  await page.getByRole("status").filter({ hasText: title }).first().waitFor();
}

Deno.test("[e2e] goods receipt: lines start at what remains, receive all remaining, no receipt once complete, on time at once", async () => {
  const { server, browser } = await ctx();
  const admin = await openPage(browser, server.url);
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  const teamDv = await openPage(browser, server.url);
  try {
    await signIn(admin);
    const categories = await (await admin.context.request.get("/api/categories")).json() as { id: number }[];
    const categoryId = categories[0].id;
    const supplier = await createVendor(admin, [categoryId], "Receipt Vendor");
    await signIn(vendor, supplier.email, { password: supplier.password });
    await signIn(team, "purchase@example.com");
    await signIn(manager, "manager@example.com");
    const { purchaseOrder } = await awardedOrder({ team, manager, vendor }, {
      title: `Reading lamps ${Date.now()}`,
      categoryId,
      lines: [
        { name: "Reading lamp", quantity: 12, unitPrice: "40.00" },
        { name: "Lamp bulb", quantity: 12, unitPrice: "3.50" },
      ],
      promisedInDays: 5,
    });
    const { page } = team;
    const lamp = received("Reading lamp", "pcs");
    const bulb = received("Lamp bulb", "pcs");

    // 1. Before anything arrives the vendor has no deliveries; the team read the scorecard, so it
    //    is in the page's cache from here on.
    await page.goto("/dashboard");
    await expectScorecard(page, supplier.companyName, { "Deliveries": "0", "On time": "-" });

    // 2. The first delivery: every line starts at what is still to come; the bulbs did not come.
    await openOrder(page, purchaseOrder.poNumber);
    await page.getByRole("button", { name: "Record receipt" }).click();
    let dialog = page.getByRole("dialog", { name: "Record goods receipt" });
    await expectValue(dialog.getByLabel(lamp), "12");
    await expectValue(dialog.getByLabel(bulb), "12");
    const found = await violationsInThemes(page, "receipt dialog", { include: "dialog[open]" });
    await screenshot(dialog.locator(".modal-box"), "goods-receipt-dialog-light");
    await dialog.getByLabel(lamp).fill("5");
    await dialog.getByLabel(bulb).fill("0");
    await dialog.getByRole("button", { name: "Record receipt" }).click();
    await expectToast(page, "Goods receipt recorded");
    const heading = page.getByRole("region", { name: `Purchase order ${purchaseOrder.poNumber}` });
    await heading.getByText("Partially received", { exact: true }).waitFor();

    // The next opening starts from what is left now.
    await page.getByRole("button", { name: "Record receipt" }).click();
    dialog = page.getByRole("dialog", { name: "Record goods receipt" });
    await expectValue(dialog.getByLabel(lamp), "7");
    await expectValue(dialog.getByLabel(bulb), "12");
    await dialog.getByRole("button", { name: "Back" }).click();

    // The same dialog in Dhivehi (right to left), in a tab of its own.
    await teamDv.context.addInitScript(() => localStorage.setItem("user-language", "dv"));
    await signIn(teamDv, "purchase@example.com", { goto: `/purchase-orders/${purchaseOrder.id}` });
    await teamDv.page.waitForFunction(() => document.documentElement.dir === "rtl");
    await teamDv.page.getByRole("button", { name: "ބަލައިގަތުން ލިޔޭ" }).click();
    const dvDialog = teamDv.page.getByRole("dialog", { name: "މުދާ ބަލައިގަތުން ލިޔޭ" });
    await dvDialog.getByRole("button", { name: "ބާކީ ހުރިހާ އެއްޗެއް ބަލައިގަނޭ" }).waitFor();
    await screenshot(dvDialog.locator(".modal-box"), "goods-receipt-dialog-dv");

    // 3. The partial delivery came before the promised date: on time at once, without a reload.
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expectScorecard(page, supplier.companyName, { "Deliveries": "1", "On time": "100%" });

    // 4. The rest: a wrong figure typed, then "Receive all remaining" puts every line back.
    await openOrder(page, purchaseOrder.poNumber);
    await page.getByRole("button", { name: "Record receipt" }).click();
    dialog = page.getByRole("dialog", { name: "Record goods receipt" });
    await dialog.getByLabel(lamp).fill("1");
    await dialog.getByLabel(bulb).fill("");
    await dialog.getByRole("button", { name: "Receive all remaining" }).click();
    await expectValue(dialog.getByLabel(lamp), "7");
    await expectValue(dialog.getByLabel(bulb), "12");
    await dialog.getByRole("button", { name: "Record receipt" }).click();
    await expectToast(page, "Goods receipt recorded");
    await heading.getByText("Received", { exact: true }).waitFor();
    // Everything arrived: nothing left to record.
    await page.getByRole("link", { name: "Download PDF" }).waitFor();
    assert.equal(await page.getByRole("button", { name: "Record receipt" }).count(), 0);
    const order = await (await team.context.request.get(`/api/purchase-orders/${purchaseOrder.id}`)).json() as {
      status: string;
      lines: { received: string }[];
    };
    assert.equal(order.status, "received");
    assert.deepEqual(order.lines.map((l) => l.received), ["12", "12"]);
    await screenshot(page, "goods-receipt-complete-light");

    // 5. Two deliveries, both on time.
    await page.getByRole("link", { name: "Back to Dashboard" }).click();
    await expectScorecard(page, supplier.companyName, { "Deliveries": "2", "On time": "100%" });
    // The table scrolls sideways: its end (deliveries, on time) in the middle of the viewport.
    await page.getByTestId("report-vendors").getByRole("region", { name: "Scorecard per vendor, most awarded first" })
      .evaluate((table) => {
        table.scrollLeft = table.scrollWidth;
        table.scrollIntoView({ block: "center" });
      });
    await screenshot(page, "goods-receipt-scorecard-light", { fullPage: false });

    assert.deepEqual(found, []);
    assert.deepEqual(team.problems, []);
    assert.deepEqual(teamDv.problems, []);
  } finally {
    await admin.close();
    await team.close();
    await manager.close();
    await vendor.close();
    await teamDv.close();
  }
});

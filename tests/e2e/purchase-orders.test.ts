/**
 * After the award: the purchase team raises a request, the manager approves it, the
 * demo vendor quotes and the manager awards it (set-up through the API); then, in the UI, the vendor
 * acknowledges the order from My Quotations with a promised date, and the purchase team records a
 * partial receipt and then the rest from the Purchase Orders register, the status following each
 * step. The register and the detail are checked with axe (light and dark) and photographed in the
 * light and dark themes and in Dhivehi.
 *
 * The budgets engineer extends this journey to the Budgets screen: keep it one journey.
 */
import assert from "node:assert/strict";
import { violationsInThemes } from "./axe.ts";
import type { Page } from "playwright-core";
import { e2eContext, expectValue, openPage, screenshot, signIn } from "./helpers.ts";

/** A receipt line's field: its item and unit are isolated in the label (they may be another script). */
const received = (item: string, unit: string) => new RegExp(`^\\W*${item}\\W*: received now \\(\\W*${unit}\\W*\\)$`);

const ctx = e2eContext({ noServerErrors: true });

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

async function expectToast(page: Page, title: string) {
  await page.getByRole("status").filter({ hasText: title }).first().waitFor();
}

/** Serious and critical axe violations of the page, in the light and the dark theme. */
const axe = (page: Page, screen: string) => violationsInThemes(page, screen);

function dateInDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

Deno.test("[e2e] purchase order: award, vendor acknowledges, partial then full receipt, axe clean", async () => {
  const { server, browser } = await ctx();
  const title = `Meeting room chairs ${Date.now()}`;
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  try {
    // 1. Set-up through the API: a request in a category the demo vendor supplies, approved,
    //    quoted by the vendor and awarded.
    await signIn(team, "purchase@example.com", { goto: "/" });
    await signIn(manager, "manager@example.com", { goto: "/" });
    await signIn(vendor, "vendor@example.com", { goto: "/" });
    const subscribed: { categoryId: number }[] = await (await vendor.page.request.get("/api/vendor/categories")).json();
    const categoryId = subscribed[0].categoryId;
    const created = await team.page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Chairs for the two meeting rooms.",
        department: "Facilities",
        justification: "The old chairs are broken.",
        requestType: "vendor_quote",
        categoryId,
        deadline: dateInDays(20),
        items: [
          { itemName: "Meeting chair", quantity: 12, unit: "pcs", estimatedPrice: "90.00", categoryId },
          { itemName: "Chair cushion", quantity: 12, unit: "pcs", estimatedPrice: "15.00", categoryId },
        ],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const pr = await created.json();
    const approved = await manager.page.request.post(`/api/purchase-requests/${pr.id}/approve`, { data: {} });
    assert.equal((await approved.json()).status, "active");
    const detail = await (await team.page.request.get(`/api/purchase-requests/${pr.id}`)).json();
    const quoted = await vendor.page.request.post("/api/vendor/quotations", {
      data: {
        purchaseRequestId: pr.id,
        items: detail.items.map((i: { id: number }, n: number) => ({ itemId: i.id, unitPrice: n ? "14.00" : "85.00" })),
        validityPeriod: 30,
        leadTimeDays: 10,
      },
    });
    assert.equal(quoted.status(), 201, await quoted.text());
    const quotation = await quoted.json();
    const awarded = await manager.page.request.post(`/api/purchase-requests/${pr.id}/award`, {
      data: { quotationId: quotation.id },
    });
    assert.equal(awarded.status(), 201, await awarded.text());
    const { purchaseOrder } = await awarded.json();

    // 2. The vendor acknowledges from My Quotations, with a promised delivery date.
    {
      const { page } = vendor;
      await page.goto("/");
      await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
      const card = page.getByRole("region", { name: "My Quotations" }).getByRole("article").filter({ hasText: title });
      await card.getByText("Please acknowledge or decline this order.").waitFor();
      await card.getByRole("button", { name: "Acknowledge" }).click();
      const dialog = page.getByRole("dialog", { name: `Acknowledge purchase order ${purchaseOrder.poNumber}` });
      await dialog.getByLabel("Promised delivery date (optional)").fill(dateInDays(9));
      await dialog.getByRole("button", { name: "Acknowledge" }).click();
      await expectToast(page, "Purchase order acknowledged");
      await card.getByText("Acknowledged", { exact: true }).waitFor();
      await card.scrollIntoViewIfNeeded();
      await screenshot(page, "po-vendor-acknowledged");
      assert.deepEqual(vendor.problems, []);
    }

    // 3. The purchase team finds the order in the register and receives part of it.
    const { page } = team;
    await page.goto("/");
    await sidebar(page).getByRole("button", { name: "Purchase Orders" }).click();
    await page.getByRole("searchbox", { name: "Search" }).fill(purchaseOrder.poNumber);
    const row = page.getByRole("row").filter({ hasText: purchaseOrder.poNumber });
    await row.getByText("Acknowledged", { exact: true }).waitFor();
    await page.getByText("Orders: 1").waitFor();
    const registerProblems = await axe(page, "register");
    await screenshot(page, "po-register-light");
    await row.getByRole("link", { name: purchaseOrder.poNumber }).click();
    await page.waitForURL(`**/purchase-orders/${purchaseOrder.id}`);
    await page.getByRole("heading", { name: `Purchase order ${purchaseOrder.poNumber}` }).waitFor();
    await page.getByRole("region", { name: "History" }).getByText(
      /acknowledged purchase order .*, promising delivery by/,
    )
      .waitFor();

    await page.getByRole("button", { name: "Record receipt" }).click();
    let dialog = page.getByRole("dialog", { name: "Record goods receipt" });
    // Lines start at what is still to come; nothing of the cushions came with this delivery.
    await dialog.getByLabel(received("Meeting chair", "pcs")).fill("5");
    await dialog.getByLabel(received("Chair cushion", "pcs")).fill("0");
    await dialog.getByLabel("Notes").fill("First delivery: five chairs.");
    await dialog.getByRole("button", { name: "Record receipt" }).click();
    await expectToast(page, "Goods receipt recorded");
    const heading = page.getByRole("region", { name: `Purchase order ${purchaseOrder.poNumber}` });
    await heading.getByText("Partially received", { exact: true }).waitFor();

    // 4. The rest arrives; one cushion too many is refused until a reason is given.
    await page.getByRole("button", { name: "Record receipt" }).click();
    dialog = page.getByRole("dialog", { name: "Record goods receipt" });
    await expectValue(dialog.getByLabel(received("Meeting chair", "pcs")), "7");
    await dialog.getByLabel(received("Chair cushion", "pcs")).fill("13");
    await dialog.getByRole("button", { name: "Record receipt" }).click();
    await dialog.getByText("Give a reason to receive more than was ordered").waitFor();
    await dialog.getByLabel(/^\W*Chair cushion\W*: over-receipt reason$/).fill("One spare cushion, free of charge");
    await dialog.getByRole("button", { name: "Record receipt" }).click();
    await expectToast(page, "Goods receipt recorded");
    await heading.getByText("Received", { exact: true }).waitFor();
    await page.getByText("Over-receipt: One spare cushion, free of charge").waitFor();
    const receipts = page.getByRole("region", { name: "History" }).getByText(
      /recorded goods received for purchase order/,
    );
    await receipts.nth(1).waitFor();
    assert.equal(await receipts.count(), 2);
    const detailProblems = await axe(page, "detail");
    await screenshot(page, "po-detail-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "po-detail-dark");
    await page.goto("/purchase-orders");
    await page.getByRole("row").filter({ hasText: purchaseOrder.poNumber }).waitFor();
    await screenshot(page, "po-register-dark");
    await page.emulateMedia({ colorScheme: "light" });

    // Dhivehi: right to left, translated.
    await page.evaluate(() => localStorage.setItem("user-language", "dv"));
    await page.goto("/purchase-orders");
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.getByRole("heading", { name: "ޕަރޗޭސް އޯޑަރުތައް" }).waitFor();
    await page.getByRole("row").filter({ hasText: purchaseOrder.poNumber }).waitFor();
    await screenshot(page, "po-register-dv");
    await page.goto(`/purchase-orders/${purchaseOrder.id}`);
    await page.getByText("ލިބިފައި", { exact: true }).first().waitFor();
    await screenshot(page, "po-detail-dv");
    await page.evaluate(() => localStorage.setItem("user-language", "en"));

    assert.deepEqual([...registerProblems, ...detailProblems], []);
    assert.deepEqual(team.problems, []);
    const final = await (await manager.page.request.get(`/api/purchase-orders/${purchaseOrder.id}`)).json();
    assert.equal(final.status, "received");

    // 5. (budgets) The finance controller sees the receipts as spend: a budget for the request's
    //    department, and in its drill-down the order, everything received (12 x 85.00 + 13 x 14.00).
    const finance = await openPage(browser, server.url);
    try {
      await signIn(finance, "finance@example.com", { goto: "/" });
      const budget = await finance.page.request.post("/api/budgets", {
        data: { department: "Facilities", fiscalYear: new Date().getUTCFullYear(), amount: "50000" },
      });
      assert.ok([201, 409].includes(budget.status()), await budget.text());
      await finance.page.goto("/budgets");
      await finance.page.getByRole("row").filter({ hasText: "Facilities" }).first()
        .getByRole("button", { name: "Details" }).click();
      const order = finance.page.getByRole("dialog").getByRole("row").filter({ hasText: purchaseOrder.poNumber });
      await order.getByText("$1,202.00").waitFor();
      await order.getByText("Received", { exact: true }).waitFor();
      assert.deepEqual(finance.problems, []);
    } finally {
      await finance.close();
    }
  } finally {
    await team.close();
    await manager.close();
    await vendor.close();
  }
});

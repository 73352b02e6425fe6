/**
 * Budgets, in the browser: the finance controller creates a budget for a
 * department on the Budgets screen; a request of that department is approved (the manager's
 * approval dialog shows the budget effect), quoted, awarded and partly received (set-up through the
 * API); the Budgets screen then shows what is committed and what is spent, and the drill-down lists
 * the purchase order behind the figures. axe-checked in light and dark; photographed in light, dark
 * and Dhivehi.
 */
import assert from "node:assert/strict";
import { violationsInThemes } from "./axe.ts";
import type { Page } from "playwright-core";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

const axe = (page: Page, screen: string) => violationsInThemes(page, screen);

const dateInDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

Deno.test("[e2e] budgets: finance creates a budget, sees the commitment and the spend after a receipt, axe clean", async () => {
  const { server, browser } = await ctx();
  const department = `Events ${Date.now()}`;
  const finance = await openPage(browser, server.url);
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  try {
    await signIn(finance, "finance@example.com", { goto: "/" });
    await signIn(team, "purchase@example.com", { goto: "/" });
    await signIn(manager, "manager@example.com", { goto: "/" });
    await signIn(vendor, "vendor@example.com", { goto: "/" });

    // 1. Finance creates the budget on the Budgets screen.
    const problems: string[] = [];
    const { page } = finance;
    await sidebar(page).getByRole("button", { name: "Budgets" }).click();
    await page.getByRole("button", { name: "New budget" }).click();
    let dialog = page.getByRole("dialog", { name: "New budget" });
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.getByText("Choose a department, a category or both").waitFor();
    await dialog.getByLabel("Department").fill(department);
    await dialog.getByLabel("Amount").fill("2000");
    await dialog.getByRole("button", { name: "Save" }).click();
    await page.getByRole("status").filter({ hasText: "Budget created" }).first().waitFor();
    const row = page.getByRole("row").filter({ hasText: department });
    await row.getByText("$2,000.00").first().waitFor();

    // 2. A request of that department: 10 x 50.00, approved by the manager in the UI, where the
    //    dialog shows what the approval does to the budget.
    const subscribed: { categoryId: number }[] = await (await vendor.page.request.get("/api/vendor/categories")).json();
    const categoryId = subscribed[0].categoryId;
    const title = `Conference badges ${Date.now()}`;
    const created = await team.page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Badges for the conference.",
        department,
        justification: "Annual conference.",
        requestType: "vendor_quote",
        categoryId,
        deadline: dateInDays(20),
        items: [{ itemName: "Badge", quantity: 10, unit: "pcs", estimatedPrice: "50.00", categoryId }],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const pr = await created.json();
    {
      const m = manager.page;
      await m.goto("/");
      await sidebar(m).getByRole("button", { name: "Purchase Requests" }).click();
      await m.getByLabel("Search").fill(title);
      const card = m.getByRole("article").filter({ hasText: title });
      await card.getByRole("button", { name: "Approve" }).click();
      const approve = m.getByRole("dialog", { name: `Approve ${pr.requestId}` });
      await approve.getByTestId("budget-effect").getByText("$2,000.00 remaining, $1,500.00 after approval", {
        exact: false,
      }).waitFor();
      problems.push(...await axe(m, "approval dialog"));
      await screenshot(m, "budgets-approval-effect");
      await approve.getByRole("button", { name: "Approve", exact: true }).click();
      await m.getByRole("status").filter({ hasText: "Purchase request approved" }).first().waitFor();
    }
    const detail = await (await team.page.request.get(`/api/purchase-requests/${pr.id}`)).json();
    assert.equal(detail.status, "active");

    // 3. Quoted at 45.00, awarded (450.00), 4 received (180.00 spent, 270.00 still committed).
    const quoted = await vendor.page.request.post("/api/vendor/quotations", {
      data: {
        purchaseRequestId: pr.id,
        items: detail.items.map((i: { id: number }) => ({ itemId: i.id, unitPrice: "45.00" })),
        validityPeriod: 30,
        leadTimeDays: 5,
      },
    });
    assert.equal(quoted.status(), 201, await quoted.text());
    const awarded = await manager.page.request.post(`/api/purchase-requests/${pr.id}/award`, {
      data: { quotationId: (await quoted.json()).id },
    });
    assert.equal(awarded.status(), 201, await awarded.text());
    const { purchaseOrder } = await awarded.json();
    const po = await (await team.page.request.get(`/api/purchase-orders/${purchaseOrder.id}`)).json();
    const received = await team.page.request.post(`/api/purchase-orders/${purchaseOrder.id}/receipts`, {
      data: { lines: [{ quotationItemId: po.lines[0].id, quantity: "4" }], notes: "First four" },
    });
    assert.equal(received.status(), 201, await received.text());

    // 4. The Budgets screen shows it; the drill-down names the order.
    await page.goto("/budgets");
    await page.getByRole("heading", { name: "Budgets", level: 1 }).waitFor();
    const budgetRow = page.getByRole("row").filter({ hasText: department });
    await budgetRow.getByTestId("budget-spent").getByText("$180.00").waitFor();
    await budgetRow.getByTestId("budget-committed").getByText("$270.00").waitFor();
    await budgetRow.getByText("$1,550.00").waitFor();
    problems.push(...await axe(page, "budgets"));
    await screenshot(page, "budgets-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "budgets-dark");
    await page.emulateMedia({ colorScheme: "light" });

    await budgetRow.getByRole("button", { name: "Details" }).click();
    dialog = page.getByRole("dialog").filter({ hasText: purchaseOrder.poNumber });
    // Statuses as every other screen writes them (capitalised), not as lower-case codes.
    await dialog.getByRole("cell", { name: "Partially received", exact: true }).waitFor();
    problems.push(...await axe(page, "budget detail"));
    await screenshot(page, "budgets-detail-light");
    await page.keyboard.press("Escape");

    // Dhivehi: right to left, translated.
    await page.evaluate(() => localStorage.setItem("user-language", "dv"));
    await page.goto("/budgets");
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.getByRole("heading", { name: "ބަޖެޓްތައް", level: 1 }).waitFor();
    await page.getByRole("row").filter({ hasText: department }).waitFor();
    await screenshot(page, "budgets-dv");
    await page.evaluate(() => localStorage.setItem("user-language", "en"));

    assert.deepEqual(problems, []);
    assert.deepEqual(finance.problems, []);
    assert.deepEqual(manager.problems, []);
  } finally {
    await finance.close();
    await team.close();
    await manager.close();
    await vendor.close();
  }
});

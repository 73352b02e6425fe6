/**
 * The purchase request journey: the purchase team creates a request with the full
 * four-tab form (a vendor quote in Furniture, under the approval threshold), a procurement manager
 * approves it in the UI, a vendor subscribed to Furniture sees it among its opportunities and a
 * vendor that is not subscribed does not (in the list or by id).
 *
 * Demo seed: vendor@example.com supplies office, furniture, printing and cleaning;
 * vendor2@example.com supplies IT hardware, software and printing (src/db/seed-data.ts).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { LANGUAGE_STORAGE_KEY } from "../../src/shared/i18n-languages.ts";
import dvApp from "../../web/src/locales/dv.json" with { type: "json" };
import dvRequests from "../../web/src/features/requests/locales/dv.json" with { type: "json" };
import { violationsInThemes } from "./axe.ts";
import { e2eContext, expectValue, openPage, screenshot, signIn, type TestPage } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole("status").filter({ hasText: title });
  await toast.waitFor();
  if (description) await toast.getByText(description).waitFor();
}

Deno.test("[e2e] purchase request: full-form create, manager approval, only the subscribed vendor sees it", async () => {
  const { server, browser } = await ctx();
  const title = `Meeting room chairs ${Date.now()}`;
  const purchase = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  const vendor2 = await openPage(browser, server.url);
  let requestId = "";
  let id = 0;
  try {
    // 1. The purchase team fills the four tabs; the first missing field is reported in the spec's words.
    {
      const { page } = purchase;
      await signIn(purchase, "purchase@example.com", { goto: "/" });
      await sidebar(page).getByRole("button", { name: "Purchase Requests" }).click();
      await page.getByRole("heading", { name: "Purchase Requests" }).waitFor();
      await page.getByRole("button", { name: "Create Purchase Request" }).click();
      const dialog = page.getByRole("dialog", { name: "Create Purchase Request" });
      const panel = dialog.getByRole("tabpanel");

      await dialog.getByRole("tab", { name: "Review" }).click();
      await dialog.getByRole("button", { name: "Create Purchase Request" }).click();
      await expectToast(page, "Validation Error", "Title is required");
      assert.equal(await dialog.getByRole("tab", { name: "Details" }).getAttribute("aria-selected"), "true");

      await panel.getByLabel("Title").fill(title);
      await panel.getByLabel("Description").fill("Stackable chairs for the third-floor meeting rooms.");
      await panel.getByLabel("Department").fill("Facilities");
      await panel.getByLabel("Justification").fill("The current chairs are broken beyond repair.");
      await panel.getByLabel("Request type").selectOption("vendor_quote");
      await panel.getByLabel("Category").selectOption({ label: "Furniture" });
      // The deadline defaults to 14 days from today.
      assert.match(await panel.getByLabel("Deadline").inputValue(), /^\d{4}-\d{2}-\d{2}$/);

      await dialog.getByRole("tab", { name: "Items" }).click();
      await panel.getByLabel("Item name").fill("Stackable meeting chair");
      await panel.getByLabel("Specification").fill("Grey fabric, chrome frame");
      await panel.getByLabel("Quantity").fill("4");
      await panel.getByLabel("Estimated price").fill("125.50");

      // Next, not the tabs: Next on the step before Review only opens Review (it once created and
      // submitted the request, the finishing button taking the clicked Next's place).
      await dialog.getByRole("button", { name: "Next" }).click();
      assert.equal(await dialog.getByRole("tab", { name: "Procurement" }).getAttribute("aria-selected"), "true");
      assert.equal(await panel.getByLabel("Approval required").isChecked(), true);

      await dialog.getByRole("button", { name: "Next" }).click();
      assert.equal(await dialog.getByRole("tab", { name: "Review" }).getAttribute("aria-selected"), "true");
      const early = await (await page.request.get(`/api/purchase-requests?q=${encodeURIComponent(title)}`)).json();
      assert.deepEqual(early, [], "nothing is created before the Review step's own button");
      // 4 × 125.50, summed in cents: under the 10,000.00 threshold, so one approval is enough.
      await panel.getByText("$502.00", { exact: true }).first().waitFor();
      await dialog.getByRole("button", { name: "Create Purchase Request" }).click();
      await expectToast(page, "Purchase Request Created");
      await dialog.waitFor({ state: "detached" });

      const card = page.getByRole("article").filter({ hasText: title });
      await card.waitFor();
      await card.getByText("Pending", { exact: true }).waitFor();
      await card.getByText("Furniture", { exact: true }).waitFor();
      requestId = (await card.getByText(/^PR-\d{4}-\d{4,}$/).textContent()) ?? "";
      assert.match(requestId, /^PR-\d{4}-\d{4,}$/);
      // The purchase team may not approve, and nobody approves their own request.
      assert.equal(await card.getByRole("button", { name: "Approve" }).count(), 0);
      await screenshot(page, "purchase-request-created");

      const list = await (await page.request.get(`/api/purchase-requests?q=${encodeURIComponent(title)}`)).json();
      assert.equal(list.length, 1);
      assert.equal(list[0].estimatedBudget, "502.00");
      assert.equal(list[0].requestType, "vendor_quote");
      assert.equal(list[0].approvalsRequired, 1);
      id = list[0].id;
      assert.deepEqual(purchase.problems, []);
    }

    // 2. The subscribed vendor does not see it while it waits for approval.
    {
      await signIn(vendor, "vendor@example.com");
      const before = await (await vendor.page.request.get("/api/vendor/matching-prs")).json();
      assert.ok(!before.some((o: { title: string }) => o.title === title), "pending requests are not opportunities");
    }

    // 3. The procurement manager approves it in the UI, with a comment that lands in the history.
    {
      const { page } = manager;
      await signIn(manager, "manager@example.com", { goto: "/" });
      await sidebar(page).getByRole("button", { name: "Purchase Requests" }).click();
      await page.getByLabel("Search").fill(title);
      const card = page.getByRole("article").filter({ hasText: title });
      await card.waitFor();
      await card.getByRole("button", { name: "Approve" }).click();
      const dialog = page.getByRole("dialog", { name: `Approve ${requestId}` });
      await dialog.getByLabel("Comment (optional)").fill("Within budget, go ahead.");
      await dialog.getByRole("button", { name: "Approve", exact: true }).click();
      await expectToast(page, "Purchase request approved", "The request is now active.");
      await card.getByText("Active", { exact: true }).waitFor();
      assert.equal(await card.getByRole("button", { name: "Approve" }).count(), 0);

      await card.getByRole("button", { name: "View" }).click();
      const details = page.getByRole("dialog", { name: title });
      await details.getByText("Within budget, go ahead.").waitFor();
      await details.getByText("Maria Gonzalez", { exact: false }).waitFor();
      await details.getByText("1 of 1 given").waitFor();
      await screenshot(page, "purchase-request-approved-details");
      await details.getByRole("button", { name: "Close" }).click();
      assert.deepEqual(manager.problems, []);
    }

    // 4. The vendor subscribed to Furniture sees it, with its items; Manual Entry is open, OCR comes later.
    {
      const { page } = vendor;
      await page.goto("/");
      await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
      await page.getByRole("heading", { name: "Available Opportunities" }).waitFor();
      const card = page.getByRole("article").filter({ hasText: title });
      await card.waitFor();
      await card.getByText(requestId).waitFor();
      await card.getByText("Furniture", { exact: true }).waitFor();
      const row = card.getByRole("row").filter({ hasText: "Stackable meeting chair" });
      await row.getByRole("cell", { name: "4", exact: true }).waitFor();
      await row.getByRole("cell", { name: "$125.50" }).waitFor();
      assert.equal(await card.getByRole("button", { name: "Upload PDF Quotation (OCR)" }).isDisabled(), false);
      assert.equal(await card.getByRole("button", { name: "Manual Entry" }).isDisabled(), false);
      // The demo vendor already has quotations of its own (seed), so the column lists them.
      await page.getByRole("heading", { name: "My Quotations" }).waitFor();
      await screenshot(page, "purchase-request-vendor-opportunity");
      assert.deepEqual(vendor.problems, []);
    }

    // 5. A vendor not subscribed to Furniture sees neither the card nor the request by id.
    {
      const { page } = vendor2;
      await signIn(vendor2, "vendor2@example.com", { goto: "/" });
      await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
      await page.getByRole("heading", { name: "Available Opportunities" }).waitFor();
      // Wait until the list (or its empty state) has rendered before asserting an absence.
      await page.locator("article, :text('No matching opportunities available')").first().waitFor();
      assert.equal(await page.getByRole("article").filter({ hasText: title }).count(), 0);
      const list = await (await page.request.get("/api/vendor/matching-prs")).json();
      assert.ok(!list.some((o: { title: string }) => o.title === title));
      const direct = await page.request.get(`/api/purchase-requests/${id}`);
      // Refused either way (403 or 404): what matters is that no request data comes back.
      assert.ok([403, 404].includes(direct.status()), `GET by id answered ${direct.status()}`);
      assert.deepEqual(vendor2.problems, []);
    }
  } finally {
    await purchase.close();
    await manager.close();
    await vendor.close();
    await vendor2.close();
  }
});

/** A request of the purchase team's (one item, 4 × 80.00: one approval), approved by the manager if asked. */
async function requestThroughApi(team: TestPage, manager: TestPage, title: string, approve: boolean) {
  const created = await team.context.request.post("/api/purchase-requests", {
    data: {
      title,
      description: "Toner for the second floor.",
      department: "Operations",
      justification: "Stock is running out.",
      requestType: "vendor_quote",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10),
      items: [{ itemName: "Toner cartridge", quantity: 4, unit: "pcs", estimatedPrice: 80 }],
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const pr = await created.json() as { id: number; requestId: string };
  if (approve) {
    const approved = await manager.context.request.post(`/api/purchase-requests/${pr.id}/approve`, { data: {} });
    assert.equal((await approved.json()).status, "active");
  }
  return pr;
}

/** The request's card in the Purchase Requests section, found by its title. */
async function openCard(
  page: Page,
  title: string,
  labels = { navigation: "Dashboard sections", section: "Purchase Requests", search: "Search" },
) {
  await page.goto("/");
  await page.getByRole("navigation", { name: labels.navigation }).getByRole("button", {
    name: labels.section,
    exact: true,
  }).click();
  await page.getByLabel(labels.search).fill(title);
  const card = page.getByRole("article", { name: title });
  await card.waitFor();
  return card;
}

Deno.test("[e2e] purchase request edit: an approved request's items are read-only with the reason, a pending one's are not", async () => {
  const { server, browser } = await ctx();
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const dhivehi = await openPage(browser, server.url);
  const stamp = crypto.randomUUID().slice(0, 8);
  const approvedTitle = `Approved toner ${stamp}`;
  const pendingTitle = `Pending toner ${stamp}`;
  try {
    await signIn(team, "purchase@example.com");
    await signIn(manager, "manager@example.com");
    const approved = await requestThroughApi(team, manager, approvedTitle, true);
    const pending = await requestThroughApi(team, manager, pendingTitle, false);
    const { page } = team;

    // 1. Approved: no item fields, the items as a table and why; the title still changes.
    {
      const card = await openCard(page, approvedTitle);
      await card.getByRole("button", { name: "Edit", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Edit ${approved.requestId}` });
      await dialog.getByRole("note").getByText("Items are locked once the request is approved").waitFor();
      const row = dialog.getByRole("row").filter({ hasText: "Toner cartridge" });
      await row.getByRole("cell", { name: "4", exact: true }).waitFor();
      for (const label of ["Description", "Quantity", "Unit", "Estimated cost", "Specifications"]) {
        // "Description" is also the request's own field: only the item's would be a second one.
        const expected = label === "Description" ? 1 : 0;
        assert.equal(await dialog.getByLabel(label, { exact: true }).count(), expected, `${label} fields`);
      }
      assert.equal(await dialog.getByRole("button", { name: "Add item" }).count(), 0);
      assert.equal(await dialog.getByRole("button", { name: /^Remove/ }).count(), 0);
      await screenshot(page, "purchase-request-edit-approved-items-locked");
      assert.deepEqual(await violationsInThemes(page, "edit with locked items"), []);

      await dialog.getByLabel("Title").fill(`${approvedTitle} (renamed)`);
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await page.getByRole("status").filter({ hasText: "Purchase request updated" }).waitFor();
      await dialog.waitFor({ state: "detached" });
      const after = await (await page.request.get(`/api/purchase-requests/${approved.id}`)).json();
      assert.equal(after.title, `${approvedTitle} (renamed)`);
      assert.equal(after.status, "active");
      assert.equal(after.estimatedBudget, "320.00");
      assert.deepEqual(after.items.map((i: { name: string; quantity: number }) => [i.name, i.quantity]), [
        ["Toner cartridge", 4],
      ]);
    }

    // 2. Pending: the items are fields as before, and a change of quantity is saved.
    {
      const card = await openCard(page, pendingTitle);
      await card.getByRole("button", { name: "Edit", exact: true }).click();
      const dialog = page.getByRole("dialog", { name: `Edit ${pending.requestId}` });
      const quantity = dialog.getByLabel("Quantity", { exact: true });
      await expectValue(quantity, "4");
      assert.equal(await quantity.isEditable(), true);
      await dialog.getByRole("button", { name: "Add item" }).waitFor();
      assert.equal(await dialog.getByText("Items are locked", { exact: false }).count(), 0);
      await quantity.fill("5");
      await dialog.getByRole("button", { name: "Save changes" }).click();
      await dialog.waitFor({ state: "detached" });
      const after = await (await page.request.get(`/api/purchase-requests/${pending.id}`)).json();
      assert.equal(after.items[0].quantity, 5);
      assert.equal(after.estimatedBudget, "400.00");
      assert.deepEqual(team.problems, []);
    }

    // 3. The reason in Dhivehi, right to left.
    {
      await dhivehi.context.addInitScript((key) => localStorage.setItem(key, "dv"), LANGUAGE_STORAGE_KEY);
      await signIn(dhivehi, "purchase@example.com");
      const card = await openCard(dhivehi.page, `${approvedTitle} (renamed)`, {
        navigation: dvApp.dashboard.navigation,
        section: dvApp.dashboard.sections.requests,
        search: dvRequests.filters.search,
      });
      await card.getByRole("button", { name: dvRequests.actions.edit, exact: true }).click();
      const dialog = dhivehi.page.getByRole("dialog");
      await dialog.getByRole("note").getByText(dvRequests.edit.itemsLocked).waitFor();
      assert.equal(await dhivehi.page.locator("html").getAttribute("dir"), "rtl");
      await screenshot(dhivehi.page, "purchase-request-edit-approved-items-locked-dv");
      assert.deepEqual(dhivehi.problems, []);
    }
  } finally {
    await team.close();
    await manager.close();
    await dhivehi.close();
  }
});

/**
 * The purchase request journey (issue 5): the purchase team creates a request with the full
 * four-tab form (a vendor quote in Furniture, under the approval threshold), a procurement manager
 * approves it in the UI, a vendor subscribed to Furniture sees it among its opportunities and a
 * vendor that is not subscribed does not (in the list or by id).
 *
 * Demo seed: vendor@example.com supplies office, furniture, printing and cleaning;
 * vendor2@example.com supplies IT hardware, software and printing (src/db/seed-data.ts).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

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

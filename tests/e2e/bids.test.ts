/**
 * The bid request journey: the purchase team raises a bid_required purchase
 * request and a procurement manager approves it (both through the API: those screens have their own
 * journey), then the manager converts it into a SEALED bid request through the five-tab dialog. It
 * shows under Active with 0 sealed bids; Close Bidding and Unseal Bids in the details dialog move it
 * along, each with its toast, and the dialog shows the new state.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eContext, expectValue, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole("status").filter({ hasText: title });
  await toast.waitFor();
  if (description) await toast.getByText(description).waitFor();
}

Deno.test("[e2e] bid requests: convert a purchase request into a sealed bid, close bidding, unseal", async () => {
  const { server, browser } = await ctx();
  const title = `Forklift batteries ${Date.now()}`;
  const purchase = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  try {
    // 1. Through the API: the purchase team raises a bid_required request, the manager approves it.
    await signIn(purchase, "purchase@example.com");
    const categories = await (await purchase.page.request.get("/api/categories")).json();
    const category = categories.find((c: { name: string }) => /construction/i.test(c.name)) ?? categories[0];
    const created = await purchase.page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Replacement traction batteries for the warehouse forklifts.",
        department: "Logistics",
        justification: "The current batteries no longer hold a full shift.",
        requestType: "bid_required",
        categoryId: category.id,
        items: [
          {
            itemName: "Traction battery 48 V",
            specification: "625 Ah, with filling system",
            quantity: 3,
            estimatedPrice: "2100.00",
          },
          { itemName: "Battery charger", specification: "High frequency", quantity: 1, estimatedPrice: "950.50" },
        ],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const pr = await created.json();
    await signIn(manager, "manager@example.com");
    const approved = await manager.page.request.post(`/api/purchase-requests/${pr.id}/approve`, {
      data: { comment: "Go to tender." },
    });
    assert.equal(approved.status(), 200, await approved.text());
    assert.equal((await approved.json()).status, "active");

    // 2. The manager converts it in the UI.
    const { page } = manager;
    await page.goto("/");
    await sidebar(page).getByRole("button", { name: "Bid Requests" }).click();
    await page.getByRole("heading", { name: "Bid Request Management" }).waitFor();
    await page.getByRole("button", { name: "Create Bid Request" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Bid Request" });
    const panel = dialog.getByRole("tabpanel").filter({ visible: true });
    const convertFrom = panel.getByLabel("Convert from purchase request");
    await convertFrom.locator("option", { hasText: pr.requestId }).waitFor({ state: "attached" });
    await convertFrom.selectOption({ label: `${pr.requestId} · ${title} (active)` });
    // Its fields are copied in (the purchase request loads first).
    await expectValue(panel.getByLabel("Title"), title);
    assert.equal(await panel.getByLabel("Department").inputValue(), "Logistics");

    await dialog.getByRole("tab", { name: "Items" }).click();
    await panel.getByText("Traction battery 48 V").waitFor();
    await panel.getByText("Battery charger").waitFor();
    // Converted items are not editable; technical requirements still are.
    assert.equal(await panel.getByLabel("Item name").count(), 0);
    await panel.getByLabel("Technical requirements").first().fill("Compatible with Linde E30 trucks");

    await dialog.getByRole("tab", { name: "Bidding" }).click();
    await panel.getByLabel(/^Sealed/).check();

    // The qualification criteria are still empty: the spec's message, and the Evaluation tab opens.
    await dialog.getByRole("tab", { name: "Review" }).click();
    await panel.getByText("$7,250.50").waitFor(); // 3 × 2,100.00 + 950.50, in cents
    await dialog.getByRole("button", { name: "Convert to Bid Request" }).click();
    await expectToast(page, "Validation Error", "Qualification criteria is required");
    assert.equal(await dialog.getByRole("tab", { name: "Evaluation" }).getAttribute("aria-selected"), "true");
    const banner = dialog.getByRole("alert").filter({ hasText: "Qualification criteria is required" });
    await banner.waitFor();
    await panel.getByLabel("Qualification criteria").fill("Authorised dealer of the battery brand; 3 references.");
    // The banner follows the values: fixed field, no stale message.
    await banner.waitFor({ state: "detached" });

    await dialog.getByRole("tab", { name: "Review" }).click();
    // The Review tab says which approvals it needs: none more, the request was approved.
    await panel.getByText("No further approval: the purchase request it comes from was approved.").waitFor();
    await dialog.getByRole("button", { name: "Convert to Bid Request" }).click();
    await expectToast(
      page,
      "Bid Request Created",
      "Your bid request has been published and vendors can now submit bids.",
    );
    await dialog.waitFor({ state: "detached" });

    // 3. It is listed under Active: sealed, bidding open, 0 sealed bids.
    assert.equal(await page.getByRole("tab", { name: /Active/ }).getAttribute("aria-selected"), "true");
    const row = page.getByRole("row").filter({ hasText: title });
    await row.waitFor();
    await row.getByText("Sealed", { exact: true }).waitFor();
    await row.getByText("Bidding open", { exact: true }).waitFor();
    await row.getByText("0 sealed bids", { exact: true }).waitFor();
    // Dates as on every other screen ("Dec 7, 2026"), never a second, zero-padded form ("Dec 07, 2026").
    const rowText = await row.innerText();
    assert.match(rowText, /\b[A-Z][a-z]{2} [1-9]\d?, \d{4}\b/, rowText);
    assert.doesNotMatch(rowText, /\b[A-Z][a-z]{2} 0\d, \d{4}\b/, rowText);
    await screenshot(page, "bid-request-converted");

    const bids = await (await page.request.get("/api/bid-requests?group=active")).json();
    const bid = bids.find((b: { title: string }) => b.title === title);
    assert.ok(bid, "the bid request is listed as active");
    assert.equal(bid.purchaseRequestId, pr.id);
    assert.equal(bid.biddingMode, "sealed");
    assert.equal(bid.status, "bidding_open");
    assert.equal(bid.estimatedBudget, "7250.50");
    assert.equal(bid.bidCount, 0);
    // The list row carries the item count and the first three items; the details every item in full.
    assert.equal(bid.itemCount, 2);
    assert.deepEqual(bid.items.map((i: { name: string }) => i.name), ["Traction battery 48 V", "Battery charger"]);
    const whole = await (await page.request.get(`/api/bid-requests/${bid.id}`)).json();
    assert.deepEqual(whole.items.map((i: { itemName: string }) => i.itemName), [
      "Traction battery 48 V",
      "Battery charger",
    ]);
    assert.equal(whole.items[0].technicalRequirements, "Compatible with Linde E30 trucks");

    // 4. Close Bidding, then Unseal Bids (after a confirmation), from the details dialog.
    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog", { name: title });
    await details.getByText("0 sealed bids").waitFor();
    assert.equal(await details.getByRole("button", { name: "Unseal Bids" }).count(), 0, "nothing to unseal while open");
    await details.getByRole("button", { name: "Close Bidding" }).click();
    // Before the advertised deadline: a confirmation with the time vendors still had, and a reason.
    const early = page.getByRole("dialog", { name: "Close bidding early?" });
    await early.getByText(/Vendors still had 1[34] d \d+ h \d+ min to submit/).waitFor();
    await early.getByText(/the reason is recorded in the audit log/).waitFor();
    await early.getByRole("button", { name: "Close bidding now" }).click();
    await early.getByText("Give a reason for closing bidding early.").waitFor();
    await early.getByLabel(/Reason for closing early/).fill("All three invited suppliers have submitted.");
    await screenshot(page, "bid-close-early-confirmation");
    await early.getByRole("button", { name: "Close bidding now" }).click();
    await expectToast(page, "Status Updated", "Bid request status has been updated successfully.");
    await early.waitFor({ state: "detached" });
    await details.getByText("Bidding closed", { exact: true }).waitFor();

    await details.getByRole("button", { name: "Unseal Bids" }).click();
    const confirm = page.getByRole("dialog", { name: "Unseal the sealed bids?" });
    await confirm.getByText(/recorded in the audit log/).waitFor();
    await confirm.getByRole("button", { name: "Unseal Bids" }).click();
    await expectToast(page, "Bids Unsealed");
    await confirm.waitFor({ state: "detached" });
    await details.getByText("0 submissions").waitFor();
    await details.getByText(/^Unsealed on /).waitFor();
    assert.equal(await details.getByRole("button", { name: "Unseal Bids" }).count(), 0, "unsealing happens once");
    await details.getByRole("button", { name: "Start Evaluation" }).waitFor();
    await screenshot(page, "bid-request-unsealed");
    await details.getByRole("button", { name: "Close", exact: true }).click();
    await row.getByText("Bidding closed", { exact: true }).waitFor();

    const after = await (await page.request.get(`/api/bid-requests/${bid.id}`)).json();
    assert.equal(after.status, "bidding_closed");
    assert.ok(after.unsealedAt, "unsealedAt is set");
    assert.deepEqual(manager.problems, []);
    assert.deepEqual(purchase.problems, []);
  } finally {
    await purchase.close();
    await manager.close();
  }
});

Deno.test("[e2e] bid requests: edit a draft above the threshold, publish it into approval, approve it", async () => {
  const { server, browser } = await ctx();
  const title = `Warehouse racking ${Date.now()}`;
  const purchase = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  try {
    await signIn(purchase, "purchase@example.com");
    const created = await purchase.page.request.post("/api/bid-requests", {
      data: {
        title,
        description: "Pallet racking for the new warehouse bay.",
        department: "Logistics",
        qualificationCriteria: "Certified racking installer.",
        deadline: new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10),
        biddingDeadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
        status: "draft",
        items: [{ itemName: "Racking bay", quantity: 10, estimatedPrice: "2500.00" }],
      },
    });
    assert.equal(created.status(), 201, await created.text());

    await signIn(manager, "manager@example.com");
    const { page } = manager;
    await page.goto("/");
    await sidebar(page).getByRole("button", { name: "Bid Requests" }).click();
    await page.getByRole("tab", { name: /Drafts/ }).click();
    const row = page.getByRole("row").filter({ hasText: title });
    await row.getByRole("button", { name: /View/ }).click();
    const details = page.getByRole("dialog", { name: title });

    // Edit: everything of a draft; the Review tab says it needs both approvals (25,000 > 10,000).
    await details.getByRole("button", { name: "Edit", exact: true }).click();
    const edit = page.getByRole("dialog", { name: /Edit bid request/ });
    const panel = edit.getByRole("tabpanel").filter({ visible: true });
    await panel.getByLabel("Title").fill(`${title} (revised)`);
    await edit.getByRole("tab", { name: "Review" }).click();
    await panel.getByText(/Needs approval before publishing/).waitFor();
    await screenshot(page, "bid-edit-review-approvals");
    await edit.getByRole("button", { name: "Save changes" }).click();
    await expectToast(page, "Bid Request Updated");
    await edit.waitFor({ state: "detached" });

    // Publish sends it to approval; the manager (not its creator) approves: finance is still needed.
    const revised = page.getByRole("dialog", { name: `${title} (revised)` });
    await revised.getByRole("button", { name: "Publish" }).click();
    await revised.getByText("Pending approval", { exact: true }).waitFor();
    await revised.getByRole("button", { name: "Approve" }).click();
    const approve = page.getByRole("dialog", { name: /Approve bid request/ });
    await approve.getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Approval Recorded");
    await revised.getByText("Waiting for approval: 1 of 2 given.").waitFor();
    await revised.getByRole("region", { name: "History" })
      .getByText(/^\W*Maria Gonzalez\W* approved bid request .* \(level 1 of 2\)$/).waitFor();
    // Having approved, the manager is offered no second approval (finance's turn).
    assert.equal(await revised.getByRole("button", { name: "Approve" }).count(), 0);
    await screenshot(page, "bid-pending-approval");
    assert.deepEqual(manager.problems, []);
    assert.deepEqual(purchase.problems, []);
  } finally {
    await purchase.close();
    await manager.close();
  }
});

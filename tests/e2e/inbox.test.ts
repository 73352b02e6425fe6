/**
 * The work inbox, every role's first screen: the vendor signs in to its purchase order to
 * acknowledge, follows the link to the order, acknowledges it and the inbox no longer lists it; a
 * manager sees a request waiting for its approval with the level and the amount, and the link opens
 * the request. Axe-checked in light and dark; photographed in light, dark, Dhivehi (right to left)
 * and at 390 px.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import dv from "../../web/src/locales/dv.json" with { type: "json" };
import en from "../../web/src/locales/en.json" with { type: "json" };
import { violationsInThemes } from "./axe.ts";
import { e2eContext, openPage, screenshot, signIn, type TestPage } from "./helpers.ts";
import { awardedOrder, dateInDays } from "./purchase-order-setup.ts";

const ctx = e2eContext({ noServerErrors: true });

/** A kind's group on the inbox screen (a region named by its heading). */
const group = (page: Page, title: string) => page.getByRole("region", { name: new RegExp(`^${title}`) });

async function expectToast(page: Page, title: string) {
  await page.getByRole("status").filter({ hasText: title }).first().waitFor();
}

/** The first screen after sign-in is the inbox, with its items loaded. */
async function inboxShown(page: Page, title = en.inbox.title) {
  await page.goto("/");
  await page.getByRole("heading", { level: 2, name: title, exact: true }).waitFor();
  await page.getByTestId("inbox-empty").or(page.getByTestId(/^inbox-count-/).first()).waitFor();
}

async function categoryOf(vendor: TestPage): Promise<number> {
  const subscribed: { categoryId: number }[] = await (await vendor.page.request.get("/api/vendor/categories")).json();
  return subscribed[0].categoryId;
}

Deno.test("[e2e] inbox: the vendor's first screen shows the order to acknowledge; acknowledged from its link, it leaves", async () => {
  const { server, browser } = await ctx();
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  try {
    await signIn(team, "purchase@example.com");
    await signIn(manager, "manager@example.com");
    await signIn(vendor, "vendor@example.com");
    const title = `Inbox desks ${Date.now()}`;
    const { purchaseOrder } = await awardedOrder({ team, manager, vendor }, {
      title,
      categoryId: await categoryOf(vendor),
      lines: [{ name: "Standing desk", quantity: 3, unitPrice: "410.00" }],
    });

    const { page } = vendor;
    await inboxShown(page);
    const orders = group(page, en.inbox.kinds.order_acknowledge);
    const link = orders.getByRole("link").filter({ hasText: purchaseOrder.poNumber });
    await link.waitFor();
    assert.match(await link.innerText(), /\$1,230\.00/);
    assert.match(await link.innerText(), new RegExp(title));
    // The sidebar's inbox entry counts what waits, as its description (its name stays "Inbox").
    const inboxButton = page.getByRole("navigation", { name: "Dashboard sections" })
      .getByRole("button", { name: en.inbox.title, exact: true });
    assert.match((await inboxButton.getAttribute("aria-describedby")) ?? "", /sidebar-badge-inbox/);
    assert.deepEqual(await violationsInThemes(page, "vendor inbox"), []);
    await screenshot(page, "inbox-vendor");

    await link.click();
    await page.waitForURL(`**/purchase-orders/${purchaseOrder.id}`);
    await page.getByRole("button", { name: "Acknowledge" }).click();
    const dialog = page.getByRole("dialog", { name: `Acknowledge purchase order ${purchaseOrder.poNumber}` });
    await dialog.getByLabel("Promised delivery date (optional)").fill(dateInDays(6));
    await dialog.getByRole("button", { name: "Acknowledge" }).click();
    await expectToast(page, "Purchase order acknowledged");

    await inboxShown(page);
    assert.equal(await page.getByRole("link").filter({ hasText: purchaseOrder.poNumber }).count(), 0);

    // Due within the week, the delivery now waits for the purchase team, who receive it.
    await inboxShown(team.page);
    const due = group(team.page, en.inbox.kinds.delivery).getByRole("link").filter({
      hasText: purchaseOrder.poNumber,
    });
    await due.waitFor();
    assert.match(await due.innerText(), /Delivery due/);
    assert.deepEqual([...vendor.problems, ...team.problems], []);
  } finally {
    await team.close();
    await manager.close();
    await vendor.close();
  }
});

Deno.test("[e2e] inbox: a manager sees a request waiting for approval with its level and amount; the link opens it; Dhivehi, dark and 390 px", async () => {
  const { server, browser } = await ctx();
  const team = await openPage(browser, server.url);
  try {
    await signIn(team, "purchase@example.com");
    const title = `Inbox server racks ${Date.now()}`;
    const created = await team.page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Two racks for the server room.",
        department: "IT",
        justification: "The old racks are full.",
        deadline: dateInDays(14),
        items: [{ itemName: "Server rack 42U", quantity: 2, unit: "pcs", estimatedPrice: "7500.00" }],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const pr = await created.json() as { id: number; requestId: string };

    for (const variant of ["light", "dark", "dv", "phone"] as const) {
      const tab = await openPage(browser, server.url, {
        colorScheme: variant === "dark" ? "dark" : "light",
        viewport: variant === "phone" ? { width: 390, height: 844 } : undefined,
      });
      try {
        if (variant === "dv") await tab.context.addInitScript(() => localStorage.setItem("user-language", "dv"));
        await signIn(tab, "manager@example.com");
        const { page } = tab;
        const strings = variant === "dv" ? dv : en;
        await inboxShown(page, strings.inbox.title);
        const link = group(page, strings.inbox.kinds.request_approval).getByRole("link").filter({
          hasText: pr.requestId,
        });
        await link.waitFor();
        const text = await link.innerText();
        if (variant === "dv") {
          assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
          assert.ok(text.includes(dv.inbox.level.replace("{{required}}", "2").replace("{{level}}", "1")), text);
        } else {
          assert.ok(text.includes("Approval 1 of 2"), text);
          assert.match(text, /\$15,000\.00/);
        }
        if (variant === "phone") {
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - globalThis.innerWidth);
          assert.ok(overflow <= 0, `no sideways scrolling at 390 px (${overflow} px too wide)`);
        }
        await screenshot(page, `inbox-manager-${variant}`);
        if (variant === "light") {
          assert.deepEqual(await violationsInThemes(page, "manager inbox"), []);
          await link.click();
          const details = page.getByRole("dialog", { name: title });
          await details.waitFor();
          await details.getByRole("button", { name: "Approve" }).waitFor();
          await screenshot(page, "inbox-manager-opened");
        }
        assert.deepEqual(tab.problems, []);
      } finally {
        await tab.close();
      }
    }
  } finally {
    await team.close();
  }
});

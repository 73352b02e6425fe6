/**
 * OCDS export from the purchase order's page: the purchase team clicks "Export OCDS" and gets the
 * order's contracting process as an OCDS 1.1 release package, read back from the downloaded file:
 * the buyer is the organisation by the legal name of its profile, the contract "active" while goods
 * are awaited and "terminated" once everything ordered was received. Vendors see no such button.
 * Photographed in light and in Dhivehi; the detail axe-checked in light and dark.
 */
import assert from "node:assert/strict";
import type { Download, Page } from "playwright-core";
import { violationsInThemes } from "./axe.ts";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";
import { awardedOrder } from "./purchase-order-setup.ts";

const ctx = e2eContext({ noServerErrors: true });

/** What the organisation test (tests/e2e/organisation.test.ts) enters too: the files may run side by side. */
const LEGAL_NAME = "Malé Water & Sewerage Company";

type Release = {
  ocid: string;
  buyer: { id: string; name: string };
  parties: { id: string; name: string; roles: string[] }[];
  contracts?: { id: string; status: string }[];
};
type ReleasePackage = { version: string; publisher: { name: string }; releases: Release[] };

async function exportOcds(page: Page): Promise<{ download: Download; pkg: ReleasePackage }> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export OCDS" }).click(),
  ]);
  // The browser may be a remote one (the pass shares one Chromium): the file is saved here.
  const dir = await Deno.makeTempDir({ prefix: "e2e-ocds-" });
  try {
    await download.saveAs(`${dir}/release.json`);
    return { download, pkg: JSON.parse(await Deno.readTextFile(`${dir}/release.json`)) };
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
}

Deno.test("[e2e] OCDS export: the purchase order page downloads its process; buyer by name, contract terminated once received", async () => {
  const { server, browser } = await ctx();
  const admin = await openPage(browser, server.url);
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  try {
    await signIn(admin);
    await signIn(team, "purchase@example.com");
    await signIn(manager, "manager@example.com");
    await signIn(vendor, "vendor@example.com");
    const subscribed = await (await vendor.context.request.get("/api/vendor/categories")).json() as {
      categoryId: number;
    }[];
    const { purchaseOrder } = await awardedOrder({ team, manager, vendor }, {
      title: `Water meters ${Date.now()}`,
      categoryId: subscribed[0].categoryId,
      lines: [{ name: "Water meter", quantity: 6, unitPrice: "120.00" }],
    });
    const { page } = team;
    await page.goto(`/purchase-orders/${purchaseOrder.id}`);
    await page.getByRole("heading", { name: `Purchase order ${purchaseOrder.poNumber}` }).waitFor();

    // The demo has no organisation profile until an administrator fills it (this file alone): the
    // export then says what is missing instead of publishing a placeholder buyer.
    const profile = await (await admin.context.request.get("/api/organisation")).json() as Record<string, unknown>;
    if (!profile.legalName) {
      await page.getByRole("button", { name: "Export OCDS" }).click();
      await page.getByRole("status").filter({ hasText: "The OCDS file could not be exported" })
        .filter({ hasText: "Enter the organisation's legal name in System Settings (Organisation profile) first" })
        .waitFor();
      await screenshot(page, "po-ocds-no-organisation-name");
      await page.getByRole("button", { name: "Dismiss" }).click();
      // The refusal is the one expected problem of the page so far (Chromium logs the 409).
      assert.deepEqual(team.problems.splice(0).map((p) => /status of 409/.test(p)), [true]);
      const { logo: _logo, ...values } = profile;
      const saved = await admin.context.request.put("/api/organisation", {
        data: { ...values, legalName: LEGAL_NAME },
      });
      assert.equal(saved.status(), 200, await saved.text());
    }
    const legalName = (await (await admin.context.request.get("/api/organisation")).json()).legalName as string;
    assert.ok(legalName, "the organisation has a legal name");

    // While the goods are awaited: the contract is in force.
    const issued = await exportOcds(page);
    assert.equal(issued.download.suggestedFilename(), `${purchaseOrder.poNumber}-ocds.json`);
    assert.equal(issued.pkg.version, "1.1");
    assert.equal(issued.pkg.releases.length, 1);
    let release = issued.pkg.releases[0];
    assert.deepEqual(release.buyer, { id: "buyer", name: legalName });
    assert.equal(issued.pkg.publisher.name, legalName);
    assert.deepEqual(release.parties.find((p) => p.roles.includes("buyer"))?.name, legalName);
    assert.deepEqual(release.contracts?.map((c) => [c.id, c.status]), [[purchaseOrder.poNumber, "active"]]);
    await page.getByRole("button", { name: "Export OCDS" }).scrollIntoViewIfNeeded();
    await screenshot(page, "po-ocds-export-light");

    // Everything arrives (recorded through the API: the receipt dialog has tests of its own).
    const order = await (await team.context.request.get(`/api/purchase-orders/${purchaseOrder.id}`)).json() as {
      lines: { id: number; quantity: number }[];
    };
    const received = await team.context.request.post(`/api/purchase-orders/${purchaseOrder.id}/receipts`, {
      data: { lines: order.lines.map((l) => ({ quotationItemId: l.id, quantity: String(l.quantity) })), notes: "" },
    });
    assert.equal(received.status(), 201, await received.text());
    const done = await exportOcds(page);
    release = done.pkg.releases[0];
    assert.deepEqual(release.buyer, { id: "buyer", name: legalName });
    assert.deepEqual(release.contracts?.map((c) => [c.id, c.status]), [[purchaseOrder.poNumber, "terminated"]]);

    const found = await violationsInThemes(page, "purchase order detail", {
      include: "main",
    });

    // Dhivehi: the button translated, right to left.
    await page.evaluate(() => localStorage.setItem("user-language", "dv"));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.getByRole("button", { name: "OCDS އެކްސްޕޯޓްކުރޭ" }).waitFor();
    await screenshot(page, "po-ocds-export-dv");
    await page.evaluate(() => localStorage.setItem("user-language", "en"));

    // The vendor opens the same order (its email's link): no export for vendors.
    await vendor.page.goto(`/purchase-orders/${purchaseOrder.id}`);
    await vendor.page.getByRole("heading", { name: `Purchase order ${purchaseOrder.poNumber}` }).waitFor();
    await vendor.page.getByRole("link", { name: "Download PDF" }).waitFor();
    assert.equal(await vendor.page.getByRole("button", { name: "Export OCDS" }).count(), 0);

    assert.deepEqual(found, []);
    assert.deepEqual(team.problems, []);
    assert.deepEqual(vendor.problems, []);
  } finally {
    await admin.close();
    await team.close();
    await manager.close();
    await vendor.close();
  }
});

/**
 * The organisation profile in System Settings, as the administrator sees it: fill
 * the profile, upload a logo, save; axe-checked in light and dark; photographed in light, dark and
 * Dhivehi. The purchase order PDF then carries the profile (checked in tests/api/po-document.test.ts).
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { violationsInThemes } from "./axe.ts";
import type { Page } from "playwright-core";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";
import { realPng } from "../fixtures/images.ts";

const ctx = e2eContext({ noServerErrors: true });

const axe = (page: Page) => violationsInThemes(page, "organisation", { include: "[data-testid=organisation-card]" });

Deno.test("[e2e] organisation: the admin fills the profile and uploads a logo in System Settings, axe clean", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page, problems } = tab;
  let original: Record<string, unknown> | undefined;
  try {
    await signIn(tab, undefined, { goto: "/" });
    // Other files share the database: the profile goes back to what it was afterwards.
    original = await (await page.request.get("/api/organisation")).json();
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("button", { name: "System Settings" })
      .click();
    const card = page.getByTestId("organisation-card");
    await card.getByRole("heading", { name: "Organisation profile" }).waitFor();
    await card.getByLabel("Legal name").fill("");
    await card.getByRole("button", { name: "Save Organisation" }).click();
    await card.getByText("Legal name is required").waitFor();

    await card.getByLabel("Legal name").fill("Malé Water & Sewerage Company");
    await card.getByLabel("Tax id").fill("TIN-1029384");
    await card.getByLabel("Address", { exact: true }).fill("Ameenee Magu, Malé 20166");
    await card.getByLabel("Default delivery address").fill("Store 4, Thilafushi");
    await card.getByLabel("Default payment terms").fill("Net 30 days from invoice");
    await card.getByLabel("Currency").fill("mvr");
    await card.getByLabel("Time zone").fill("Indian/Maldives");
    await card.getByLabel("Purchase order terms").fill("Goods remain at the vendor's risk until received.");
    await card.getByLabel("Logo file").setInputFiles({
      name: "logo.png",
      mimeType: "image/png",
      buffer: Buffer.from(realPng(160, 60)),
    });
    await page.getByText("Logo saved").first().waitFor();
    await card.getByRole("img", { name: "Organisation logo" }).waitFor();
    await card.getByRole("button", { name: "Save Organisation" }).click();
    await page.getByText("Organisation profile saved").first().waitFor();

    const saved = await (await page.request.get("/api/organisation")).json();
    assert.equal(saved.legalName, "Malé Water & Sewerage Company");
    assert.equal(saved.currency, "MVR");
    assert.equal(saved.timeZone, "Indian/Maldives");
    assert.equal(saved.logo.contentType, "image/png");

    const found = await axe(page);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "organisation-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "organisation-dark");
    await page.emulateMedia({ colorScheme: "light" });

    await page.evaluate(() => localStorage.setItem("user-language", "dv"));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    // The sidebar in Dhivehi: System Settings is "ނިޒާމުގެ ތަރުތީބުތައް".
    await page.getByRole("button", { name: "ނިޒާމުގެ ތަރުތީބުތައް" }).click();
    await card.getByRole("heading", { name: "ޖަމްޢިއްޔާގެ މަޢުލޫމާތު" }).waitFor();
    await card.getByRole("img").waitFor();
    await screenshot(page, "organisation-dv");
    await page.evaluate(() => localStorage.setItem("user-language", "en"));

    assert.deepEqual(found, []);
    assert.deepEqual(problems, []);
  } finally {
    if (original) {
      // A legal name cannot be emptied again (the demo has none): what matters to other files is
      // everything else, the currency and the time zone above all.
      const { logo: _logo, ...profile } = original;
      const legalName = profile.legalName || "Malé Water & Sewerage Company";
      const restored = await page.request.put("/api/organisation", { data: { ...profile, legalName } });
      assert.equal(restored.status(), 200, `restoring the organisation profile: ${await restored.text()}`);
    }
    await tab.close();
  }
});

/**
 * Storage limits in System Settings, as the administrator sees them: what is stored now, the four
 * limits, a value out of range refused in the form (in the user's language), a valid one saved and
 * read back. Axe-checked in light and dark; photographed in light, dark, Dhivehi and at 390 px. The
 * retention is put back afterwards (the server is shared with other files).
 */
import assert from "node:assert/strict";
import { violationsInThemes } from "./axe.ts";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

Deno.test("[e2e] storage limits: the admin reads what is stored, is refused a bad value, saves a good one", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page, problems } = tab;
  let original: Record<string, unknown> | undefined;
  try {
    await signIn(tab, undefined, { goto: "/" });
    original = await (await page.request.get("/api/admin/storage-limits")).json();
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("button", { name: "System Settings" })
      .click();
    const card = page.getByTestId("storage-limits-card");
    await card.getByRole("heading", { name: "Storage limits" }).waitFor();
    await card.getByTestId("storage-usage").filter({ hasText: /Stored now: [\d.,]+ MB in \d+ files, of [\d,]+ MB/ })
      .waitFor();

    const retention = card.getByLabel("Keep rejected applications' files (days)");
    await retention.fill("0");
    await card.getByRole("button", { name: "Save Limits" }).click();
    await card.getByText("Retention must be a whole number of days from 1 to 3650").waitFor();
    await retention.fill("45");
    await card.getByRole("button", { name: "Save Limits" }).click();
    await page.getByText("Storage limits saved").first().waitFor();
    const saved = await (await page.request.get("/api/admin/storage-limits")).json();
    assert.equal(saved.rejectedRetentionDays, 45);

    const found = await violationsInThemes(page, "storage-limits", { include: "[data-testid=storage-limits-card]" });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "storage-limits-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "storage-limits-dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "storage-limits-390");
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.evaluate(() => localStorage.setItem("user-language", "dv"));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    await page.getByRole("button", { name: "ނިޒާމުގެ ތަރުތީބުތައް" }).click();
    await card.getByRole("heading", { name: "ސްޓޯރޭޖުގެ ހައްދުތައް" }).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, "storage-limits-dv");
    await page.evaluate(() => localStorage.setItem("user-language", "en"));

    assert.deepEqual(found, []);
    assert.deepEqual(problems, []);
  } finally {
    if (original) {
      const { usage: _, ...limits } = original;
      await page.request.put("/api/admin/storage-limits", { data: limits });
    }
    await tab.close();
  }
});

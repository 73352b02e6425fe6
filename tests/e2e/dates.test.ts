/**
 * Dates in the SPA: the administrator sets the organisation's time zone in System
 * Settings; the API (and so every date check) uses it, and the request form's deadline input does
 * not offer days before today there.
 */
import assert from "node:assert/strict";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext();

Deno.test("[e2e] dates: the organisation's time zone is set in System Settings and used for deadlines", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page, problems } = tab;
  // The zone as the shared database has it now (the demo's is UTC); it is put back afterwards.
  let original: string | undefined;
  try {
    await signIn(tab);
    original = (await (await page.request.get("/api/meta")).json()).timeZone as string;
    await page.goto("/");
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("button", { name: "System Settings" })
      .click();
    const zone = page.getByLabel("Organisation time zone");
    await zone.waitFor();
    assert.equal(await zone.inputValue(), original, "the setting shows the organisation's zone");
    await zone.fill("Mars/Olympus");
    await page.getByRole("button", { name: "Save" }).first().click();
    await page.getByText("Unknown time zone").first().waitFor();
    await zone.fill("Pacific/Kiritimati");
    await page.getByRole("button", { name: "Save" }).first().click();
    await page.waitForFunction(async () => (await (await fetch("/api/meta")).json()).timeZone === "Pacific/Kiritimati");
    await screenshot(page, "dates-time-zone-setting");
    const meta = await (await page.request.get("/api/meta")).json();
    assert.equal(meta.timeZone, "Pacific/Kiritimati");
    // The API refuses a deadline before today in that zone (UTC+14: yesterday there is never today).
    const yesterday = new Intl.DateTimeFormat("en-CA", { timeZone: "Pacific/Kiritimati" })
      .format(new Date(Date.now() - 86_400_000));
    const pr = await page.request.post("/api/purchase-requests", {
      data: { title: "Past", deadline: yesterday, items: [{ name: "Pen", quantity: 1 }] },
    });
    assert.equal(pr.status(), 400);
    await zone.fill(original);
    await page.getByRole("button", { name: "Save" }).first().click();
    await page.waitForFunction(
      async (zone) => (await (await fetch("/api/meta")).json()).timeZone === zone,
      original,
    );
    original = undefined;
    assert.deepEqual(problems.filter((p) => !/status of 400/.test(p)), []);
  } finally {
    // Failed half-way: the other files must not inherit Mars or Kiritimati.
    if (original) {
      const current = await (await page.request.get("/api/admin/system-settings")).json();
      const res = await page.request.post("/api/admin/save-system-settings", {
        data: { ...current, timeZone: original },
      });
      assert.equal(res.status(), 200, `restoring the time zone: ${await res.text()}`);
    }
    await tab.close();
  }
});

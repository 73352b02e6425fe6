/**
 * First load (issue 14 item 6): the charting library is its own chunk, and a dashboard paints its
 * figures and tables without it. The chart chunk's request is held back by Playwright routing: the
 * administrator's dashboard shows its figures, its tables and a same-size placeholder announced as
 * loading; once the chunk is released the charts replace the placeholders at the same height.
 */
import assert from "node:assert/strict";
import type { Route } from "playwright-core";
import analytics from "../../web/src/features/analytics/locales/en.json" with { type: "json" };
import common from "../../web/src/locales/en.json" with { type: "json" };
import { e2eContext, openPage } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

Deno.test("[first-load] the admin dashboard paints its figures and tables before the chart chunk arrives", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page } = tab;
  try {
    const held: Route[] = [];
    let requested!: () => void;
    const chartRequested = new Promise<void>((resolve) => (requested = resolve));
    await page.route(/\/assets\/report-chart-[\w-]+\.js$/, (route) => {
      held.push(route);
      requested();
    });
    const res = await page.request.post("/api/admin/login", { data: { username: "admin", password: "admin123" } });
    assert.equal(res.status(), 200);
    await page.goto("/");

    const card = page.getByTestId("report-dashboard-system");
    await card.getByTestId("system-figures").waitFor();
    await card.getByRole("table", { name: analytics.users.activityCaption, exact: true }).waitFor();
    await chartRequested;
    const placeholders = card.getByTestId("chart-placeholder");
    assert.equal(await placeholders.count(), 2, "a placeholder for each of the two charts");
    for (const p of await placeholders.all()) {
      assert.equal(await p.getAttribute("role"), "status");
      assert.equal(await p.innerText(), common.common.chartLoading);
    }
    assert.equal(await card.getByTestId("report-chart").count(), 0, "no chart without its chunk");
    const before = (await placeholders.first().boundingBox())!;

    for (const route of held) await route.continue();
    await card.getByTestId("report-chart").locator("svg").first().waitFor();
    await card.getByTestId("report-chart").nth(1).locator("svg").first().waitFor();
    assert.equal(await placeholders.count(), 0);
    const after = (await card.getByTestId("report-chart").first().boundingBox())!;
    assert.equal(after.height, before.height, "the chart takes the placeholder's place at the same height");
    assert.equal(after.y, before.y, "nothing above it moved");
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
});

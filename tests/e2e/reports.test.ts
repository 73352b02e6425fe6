/**
 * Live reports on the demo organisation: finance opens /reports, the filter lives in the
 * URL (a reload keeps it), changing the date range changes the charts and tables, the CSV export
 * downloads with the filter in its name and first lines. Screenshots in light, dark and Dhivehi,
 * and the vendor's own scorecard.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext();

const card = (page: Page, id: string) => page.getByTestId(`report-${id}`);

async function rowsOf(page: Page, id: string, caption: string) {
  const table = card(page, id).getByRole("table", { name: caption });
  await table.waitFor();
  return await table.locator("tbody tr").allInnerTexts();
}

Deno.test("[reports] finance changes the date range, sees charts and tables change, downloads the CSV and XLSX", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  try {
    const { page } = tab;
    await signIn(tab, "finance@example.com");
    // All time as the API answers it now: the demo's award and whatever other files of the pass
    // awarded in the shared database.
    type Spend = { total: { awards: number }; byMonth: unknown[] };
    const allTime = await (await page.request.get("/api/reports/spend")).json() as Spend;
    assert.ok(allTime.total.awards >= 1, "the demo's award");
    await page.goto("/reports?range=all");
    await page.getByRole("heading", { name: "Reports", level: 1 }).waitFor();

    // All time: the demo's awarded bid is spent, with a chart and the table behind it.
    const spend = card(page, "spend");
    await spend.getByTestId("spend-total").waitFor();
    const totalAll = await spend.getByTestId("spend-total").innerText();
    assert.match(totalAll, /\$[\d,]+\.\d\d/);
    await spend.locator(".chart-bar").first().waitFor();
    const monthsAll = await rowsOf(page, "spend", "By month");
    assert.equal(monthsAll.length, allTime.byMonth.length);
    const statusesAll = await rowsOf(page, "pipeline", "Requests by status");
    assert.ok(statusesAll.length >= 3, `demo requests in several statuses: ${statusesAll}`);
    await screenshot(page, "reports-light");

    // A custom range with no activity: every chart gives way to the empty state; the URL says so.
    await page.getByRole("combobox", { name: "Date range" }).selectOption("custom");
    await page.getByRole("textbox", { name: "From", exact: true }).fill("2001-01-01");
    await page.getByRole("textbox", { name: "To", exact: true }).fill("2001-12-31");
    await spend.getByTestId("report-empty").waitFor();
    await card(page, "pipeline").getByTestId("report-empty").waitFor();
    assert.match(page.url(), /range=custom&from=2001-01-01&to=2001-12-31/);

    // The URL is the bookmark: a reload keeps the filter.
    await page.reload();
    await card(page, "spend").getByTestId("report-empty").waitFor();
    assert.equal(await page.getByRole("textbox", { name: "From", exact: true }).inputValue(), "2001-01-01");

    // Back to all time: the figures come back. Other files of the pass raise, move and award
    // requests in the shared database meanwhile, so the totals may only have grown.
    await page.getByRole("combobox", { name: "Date range" }).selectOption("all");
    await spend.getByTestId("spend-total").waitFor();
    const amount = (text: string) => Number(text.replace(/[^\d.]/g, ""));
    assert.ok(amount(await spend.getByTestId("spend-total").innerText()) >= amount(totalAll), "the all-time spend");
    const requests = (rows: string[]) => rows.reduce((sum, r) => sum + Number(r.split("\t")[1]), 0);
    const again = await rowsOf(page, "pipeline", "Requests by status");
    assert.ok(requests(again) >= requests(statusesAll), `all requests again: ${again} after ${statusesAll}`);

    // The CSV export carries the filter in its name and first lines.
    await page.getByRole("combobox", { name: "Date range" }).selectOption("custom");
    await page.getByRole("textbox", { name: "From", exact: true }).fill("2000-01-01");
    await page.getByRole("textbox", { name: "To", exact: true }).fill("2099-12-31");
    await spend.getByTestId("spend-total").waitFor();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      spend.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    assert.equal(download.suggestedFilename(), "report-spend_2000-01-01_2099-12-31.csv");
    // The browser may be a remote one (the pass shares one Chromium): the file is saved here.
    const saved = await Deno.makeTempDir({ prefix: "e2e-reports-" });
    await download.saveAs(`${saved}/spend.csv`);
    const csv = await Deno.readTextFile(`${saved}/spend.csv`);
    const lines = csv.split("\r\n");
    assert.equal(lines[0], "# Report: spend");
    assert.equal(lines[1], "# Filters: from=2000-01-01; to=2099-12-31");
    assert.equal(lines[3], "section,key,label,amount,awards");
    // Awards other files made since the first read count too.
    const total = lines[4].match(/^total,,,\d+\.\d\d,(\d+)$/);
    assert.ok(total && Number(total[1]) >= allTime.total.awards, lines[4]);
    const [xlsx] = await Promise.all([
      page.waitForEvent("download"),
      spend.getByRole("link", { name: "Export XLSX" }).click(),
    ]);
    assert.equal(xlsx.suggestedFilename(), "report-spend_2000-01-01_2099-12-31.xlsx");
    await xlsx.saveAs(`${saved}/spend.xlsx`);
    const bytes = await Deno.readFile(`${saved}/spend.xlsx`);
    await Deno.remove(saved, { recursive: true });
    assert.deepEqual([...bytes.slice(0, 2)], [0x50, 0x4b], "a zip (XLSX) file");
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
});

Deno.test("[reports] dark theme and Dhivehi (right to left) screenshots, and the vendor's own scorecard", async () => {
  const { server, browser } = await ctx();
  const dark = await openPage(browser, server.url, { colorScheme: "dark" });
  try {
    await signIn(dark, "finance@example.com");
    await dark.page.goto("/reports?range=all");
    await card(dark.page, "spend").locator(".chart-bar").first().waitFor();
    await screenshot(dark.page, "reports-dark");
    assert.deepEqual(dark.problems, []);
  } finally {
    await dark.close();
  }

  const dv = await openPage(browser, server.url);
  try {
    await dv.context.addInitScript(() => localStorage.setItem("user-language", "dv"));
    await signIn(dv, "finance@example.com");
    await dv.page.goto("/reports?range=all");
    await card(dv.page, "spend").locator(".chart-bar").first().waitFor();
    assert.equal(await dv.page.evaluate(() => document.documentElement.dir), "rtl");
    await dv.page.getByRole("heading", { name: "ޚަރަދު" }).waitFor();
    await screenshot(dv.page, "reports-dv");
    assert.deepEqual(dv.problems, []);
  } finally {
    await dv.close();
  }

  const vendor = await openPage(browser, server.url);
  try {
    await signIn(vendor, "vendor@example.com");
    await vendor.page.goto("/reports?range=all");
    const own = card(vendor.page, "scorecard");
    await own.getByText("Your scorecard").waitFor();
    await own.getByText("Quotations", { exact: true }).waitFor();
    // No staff report, no other vendor
    assert.equal(await card(vendor.page, "spend").count(), 0);
    assert.equal(await card(vendor.page, "vendors").count(), 0);
    await screenshot(vendor.page, "reports-vendor-scorecard");
    assert.deepEqual(vendor.problems, []);
  } finally {
    await vendor.close();
  }
});

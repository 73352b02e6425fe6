/**
 * The readable history: an approved request's History reads "Maria Gonzalez approved purchase request
 * … (level 1 of 2)" with the comment, in English and in Dhivehi (right to left, the names in their
 * own direction), axe clean; the admin audit log shows the same sentences, not developer text.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { violationsInThemes } from "./axe.ts";
import { e2eContext, openPage, screenshot, signIn, type TestPage } from "./helpers.ts";
import dv from "../../web/src/locales/dv.json" with { type: "json" };
import dvRequests from "../../web/src/features/requests/locales/dv.json" with { type: "json" };

const ctx = e2eContext();
const sidebar = (page: Page, name = "Dashboard sections") => page.getByRole("navigation", { name });
const THAANA = /[\u0780-\u07BF]/;

/** A request above the approval threshold, approved by the manager (with a comment) and by finance. */
async function approvedRequest(team: TestPage, manager: TestPage, finance: TestPage, title: string) {
  const created = await team.page.request.post("/api/purchase-requests", {
    data: {
      title,
      description: "History test",
      department: "Operations",
      justification: "Needed",
      deadline: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      items: [{ itemName: "Standing desk", quantity: 30, estimatedPrice: "700.00" }],
    },
  });
  assert.equal(created.status(), 201, await created.text());
  const pr = await created.json() as { id: number; requestId: string; approvalsRequired: number };
  assert.equal(pr.approvalsRequired, 2);
  const first = await manager.page.request.post(`/api/purchase-requests/${pr.id}/approve`, {
    data: { comment: "Within the plan for the new floor." },
  });
  assert.equal(first.status(), 200, await first.text());
  const second = await finance.page.request.post(`/api/purchase-requests/${pr.id}/approve`, { data: {} });
  assert.equal(second.status(), 200, await second.text());
  return pr;
}

async function openDetails(
  page: Page,
  labels: { nav?: string; section: string; search: string; view: string },
  title: string,
) {
  await sidebar(page, labels.nav).getByRole("button", { name: labels.section }).click();
  await page.getByLabel(labels.search).fill(title);
  const card = page.getByRole("article").filter({ hasText: title });
  await card.waitFor();
  await card.getByRole("button", { name: labels.view }).click();
  const dialog = page.getByRole("dialog", { name: title });
  await dialog.waitFor();
  return dialog;
}

Deno.test("[e2e] history: an approved request's History reads as sentences, in English and in Dhivehi, axe clean", async () => {
  const { server, browser } = await ctx();
  const title = `Standing desks ${Date.now()}`;
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const finance = await openPage(browser, server.url);
  const narrow = await openPage(browser, server.url, { viewport: { width: 390, height: 844 } });
  try {
    await signIn(team, "purchase@example.com");
    await signIn(manager, "manager@example.com", { goto: "/" });
    await signIn(finance, "finance@example.com");
    const pr = await approvedRequest(team, manager, finance, title);

    // English: the two approvals as sentences, the comment quoted apart.
    const { page } = manager;
    const dialog = await openDetails(page, { section: "Purchase Requests", search: "Search", view: "View" }, title);
    const history = dialog.getByRole("region", { name: "History" });
    const sentence = history.getByText(
      new RegExp(
        `^\\W*Maria Gonzalez\\W* approved purchase request \\W*${pr.requestId}\\W* “\\W*${title}\\W*” \\(level 1 of 2\\)$`,
      ),
    );
    await sentence.waitFor();
    await history.getByText(/^\W*Farid Haddad\W* approved purchase request .* \(level 2 of 2\)$/).waitFor();
    await history.getByText(/^\W*Peter Lindqvist\W* created purchase request/).waitFor();
    await history.getByText("Within the plan for the new floor.").waitFor();
    await history.getByText("Status: Pending → Active").waitFor();
    assert.equal(await history.getByText(/#\d|purchase_request|APPROVE/).count(), 0, "no developer text");
    await history.scrollIntoViewIfNeeded();
    await screenshot(page, "history-request-en-light");
    const problems = await violationsInThemes(page, "request history", { include: "dialog[open]" });
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "history-request-en-dark");
    assert.deepEqual(problems, []);
    assert.deepEqual(manager.problems, []);

    // Dhivehi, 390 px wide: right to left, Thaana words, the Latin names and numbers isolated.
    await signIn(narrow, "manager@example.com");
    await narrow.page.addInitScript(() => localStorage.setItem("user-language", "dv"));
    await narrow.page.goto("/");
    await narrow.page.getByRole("button", { name: dv.dashboard.toggleMenu }).click();
    const dvDialog = await openDetails(narrow.page, {
      nav: dv.dashboard.navigation,
      section: dv.dashboard.sections.requests,
      search: dvRequests.filters.search,
      view: dvRequests.actions.view,
    }, title);
    assert.equal(await narrow.page.evaluate(() => document.documentElement.dir), "rtl");
    const dvHistory = dvDialog.getByRole("region", { name: dv.history.title });
    const dvSentence = dvHistory.locator("li p").filter({ hasText: "Maria Gonzalez" }).first();
    await dvSentence.waitFor();
    const text = await dvSentence.innerText();
    assert.match(text, THAANA, text);
    assert.ok(text.includes(pr.requestId) && text.includes(title), text);
    assert.ok(text.includes("\u2068Maria Gonzalez\u2069"), "the name keeps its own direction");
    assert.doesNotMatch(text, /approved/);
    await dvHistory.getByText("Within the plan for the new floor.").waitFor();
    assert.equal(await dvHistory.locator("blockquote[dir=auto]").count() >= 1, true);
    await dvHistory.scrollIntoViewIfNeeded();
    await screenshot(narrow.page, "history-request-dv-390-light");
    const dvProblems = await violationsInThemes(narrow.page, "request history dv", { include: "dialog[open]" });
    await narrow.page.emulateMedia({ colorScheme: "dark" });
    await screenshot(narrow.page, "history-request-dv-390-dark");
    assert.deepEqual(dvProblems, []);
    assert.deepEqual(narrow.problems, []);
  } finally {
    await Promise.all([team.close(), manager.close(), finance.close(), narrow.close()]);
  }
});

Deno.test("[e2e] history: the audit log shows sentences, not developer text", async () => {
  const { server, browser } = await ctx();
  const title = `Audit sentence desks ${Date.now()}`;
  const admin = await openPage(browser, server.url);
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const finance = await openPage(browser, server.url);
  try {
    await signIn(team, "purchase@example.com");
    await signIn(manager, "manager@example.com");
    await signIn(finance, "finance@example.com");
    const pr = await approvedRequest(team, manager, finance, title);

    await signIn(admin, undefined, { goto: "/" });
    const { page } = admin;
    await sidebar(page).getByRole("button", { name: "Audit Logs" }).click();
    const section = page.locator("section[aria-labelledby=audit-title]");
    await section.getByLabel("Action").selectOption({ label: "Approve" });
    const row = section.getByRole("row").filter({ hasText: title });
    await row.first().waitFor();
    const text = await row.first().innerText();
    assert.match(text, new RegExp(`approved purchase request \\W*${pr.requestId}`), text);
    await section.getByLabel("Action").selectOption({ label: "All actions" });
    await section.getByRole("row").nth(1).waitFor();
    const table = await section.locator("table").innerText();
    assert.doesNotMatch(table, /(purchase_order|purchase_request|bid_request) #\d|poNumber:|vendorId:/, table);
    await screenshot(page, "history-audit-log");
    assert.deepEqual(admin.problems, []);
  } finally {
    await Promise.all([admin.close(), team.close(), manager.close(), finance.close()]);
  }
});

Deno.test("[e2e] history: a live bid shows its closing time with the zone named and 'closes in …'", async () => {
  const { server, browser } = await ctx();
  const title = `Countdown chairs ${Date.now()}`;
  const tab = await openPage(browser, server.url, { viewport: { width: 390, height: 844 } });
  try {
    await signIn(tab, "manager@example.com");
    const categories = await (await tab.page.request.get("/api/categories")).json() as { id: number }[];
    const closes = new Date(Date.now() + (2 * 60 + 15) * 60_000 + 30_000);
    const created = await tab.page.request.post("/api/bid-requests", {
      data: {
        title,
        description: "Countdown",
        department: "Facilities",
        qualificationCriteria: "References",
        categoryId: categories[0].id,
        deadline: new Date(Date.now() + 10 * 86_400_000).toISOString(),
        biddingDeadline: closes.toISOString(),
        items: [{
          itemName: "Chair",
          quantity: 2,
          unit: "pcs",
          estimatedPrice: "100.00",
          categoryId: categories[0].id,
        }],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const bid = await created.json() as { id: number; status: string };
    assert.equal(bid.status, "bidding_open");
    await tab.page.goto("/");
    await tab.page.getByRole("button", { name: "Menu" }).click();
    await sidebar(tab.page).getByRole("button", { name: "Bid Requests" }).click();
    const row = tab.page.getByRole("row").filter({ hasText: title });
    await row.getByText(/^closes in 2 h 1[45] min$/).waitFor();
    const zone = new Intl.DateTimeFormat("en", { timeZoneName: "short" }).formatToParts(closes)
      .find((p) => p.type === "timeZoneName")!.value;
    assert.ok((await row.innerText()).includes(`(${zone})`), await row.innerText());
    const cell = row.getByRole("cell").filter({ hasText: "closes in" });
    await cell.scrollIntoViewIfNeeded();
    await screenshot(cell, "history-bid-countdown-cell");
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
});

/**
 * Details of the interface as a person sees them: Dhivehi dates with Thaana month names; the own row
 * in User Management offers no Deactivate or Edit Role and Reset Password fits at 1366 px; staff are
 * not offered the vendor-only email switches; a manager who approved a request above the threshold
 * no longer sees Approve/Reject on it; the finance controller reaches Quotations and Bid Requests.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext();
const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

/**
 * User Management lists users newest first, 50 a page: once other files of the pass have added
 * users, a demo account is on a later page. Opens the section at the page that lists `email`.
 */
async function openUsersPageOf(page: Page, email: string) {
  let target = -1;
  let firstOfPage: string[] = [];
  for (let offset = 0; target < 0; offset += 50) {
    const res = await page.request.get(`/api/admin/users?limit=50&offset=${offset}`);
    assert.equal(res.status(), 200);
    const users = (await res.json() as { email: string }[]).map((u) => u.email);
    assert.ok(users.length, `${email} is listed`);
    firstOfPage = [...firstOfPage, users[0]];
    if (users.includes(email)) target = offset / 50;
  }
  await page.goto("/");
  await sidebar(page).getByRole("button", { name: "User Management" }).click();
  const section = page.locator("section[aria-labelledby=users-title]");
  for (let n = 1; n <= target; n++) {
    await section.getByRole("row").filter({ hasText: firstOfPage[n - 1] }).waitFor();
    await section.getByRole("button", { name: "Next", exact: true }).click();
  }
  await section.getByRole("row").filter({ hasText: firstOfPage[target] }).waitFor();
}

const THAANA_MONTHS = /ޖަނަވަރީ|ފެބްރުއަރީ|މާރިޗު|އޭޕްރީލު|މޭ|ޖޫން|ޖުލައި|އޯގަސްޓު|ސެޕްޓެމްބަރު|އޮކްޓޯބަރު|ނޮވެމްބަރު|ޑިސެމްބަރު/;
const ENGLISH_MONTHS = /\b(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\b/;

Deno.test("[e2e] ui: Dhivehi shows dates with Thaana month names, never English ones", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page, problems } = tab;
  try {
    await signIn(tab, "purchase@example.com");
    await page.addInitScript(() => localStorage.setItem("user-language", "dv"));
    // Purchase Requests by its address (the sidebar's labels are in Dhivehi).
    await page.goto("/dashboard?section=requests");
    const card = page.locator("article").first();
    await card.waitFor();
    const dates = await card.locator("dd").allTextContents();
    const text = dates.join(" | ");
    assert.match(text, THAANA_MONTHS, text);
    assert.doesNotMatch(text, ENGLISH_MONTHS, text);
    assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
    await screenshot(page, "ui-dhivehi-requests");
    assert.deepEqual(problems, []);
  } finally {
    await tab.close();
  }
});

Deno.test("[e2e] ui: in Dhivehi, English data keeps its own direction (the full stop after the title, the unit after the number)", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page, problems } = tab;
  const title = `Replacement laptops ${Date.now()}.`;
  try {
    await signIn(tab, "purchase@example.com");
    const created = await page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Ten laptops for the finance team, delivered to the second floor.",
        department: "Finance",
        justification: "The old ones are out of warranty.",
        requestType: "internal",
        items: [{ itemName: "Laptop", quantity: 12, unit: "pcs", estimatedPrice: "900.00" }],
      },
    });
    assert.equal(created.status(), 201, await created.text());
    await page.addInitScript(() => localStorage.setItem("user-language", "dv"));
    await page.goto("/dashboard?section=requests");
    const card = page.locator("article").filter({ hasText: title });
    await card.waitFor();
    // Where each character is drawn: in a left-to-right run the full stop is right of the "R".
    const xOf = (selector: string, needle: string, nth: "first" | "last") =>
      card.locator(selector).first().evaluate((el, [needle, nth]) => {
        const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const text = node.textContent ?? "";
          const at = nth === "first" ? text.indexOf(needle) : text.lastIndexOf(needle);
          if (at < 0) continue;
          const range = document.createRange();
          range.setStart(node, at);
          range.setEnd(node, at + needle.length);
          return range.getBoundingClientRect().x;
        }
        return NaN;
      }, [needle, nth] as const);
    assert.ok(await xOf("h3", ".", "last") > await xOf("h3", "R", "first"), "the title's full stop ends it");
    assert.ok(
      await xOf("p.line-clamp-3", ".", "last") > await xOf("p.line-clamp-3", "T", "first"),
      "the description reads left to right",
    );
    // Inside the Dhivehi sentence, "12 pcs" is one left-to-right run (not "pcs 12").
    assert.ok(await xOf("li", "12", "first") < await xOf("li", "pcs", "first"), "12 pcs, not pcs 12");
    await screenshot(page, "ui-dhivehi-english-data");
    assert.deepEqual(problems, []);
  } finally {
    await tab.close();
  }
});

Deno.test("[e2e] ui: the admin's own row offers no Deactivate or Edit Role; Reset Password fits at 1366 px", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url, { viewport: { width: 1366, height: 800 } });
  const { page, problems } = tab;
  try {
    await signIn(tab);
    const me = await (await page.request.get("/api/auth/user")).json() as { email: string };
    await openUsersPageOf(page, me.email);
    const table = page.getByRole("table");
    await table.waitFor();
    const own = page.getByRole("row").filter({ hasText: "You" });
    await own.waitFor();
    assert.equal(await own.getByRole("button", { name: "Deactivate" }).count(), 0);
    assert.equal(await own.getByRole("button", { name: "Edit Role" }).count(), 0);
    // Another user's row still has them.
    await openUsersPageOf(page, "purchase@example.com");
    const other = page.getByRole("row").filter({ hasText: "purchase@example.com" });
    await other.getByRole("button", { name: "Deactivate" }).waitFor();
    // Every Reset Password button lies inside the card, not cut off at its edge.
    const card = await page.locator("section[aria-labelledby=users-title]").boundingBox();
    for (const button of await page.getByRole("button", { name: "Reset Password" }).all()) {
      const box = await button.boundingBox();
      assert.ok(box && card && box.x >= card.x && box.x + box.width <= card.x + card.width, JSON.stringify(box));
    }
    await screenshot(page, "ui-users-1366");
    assert.deepEqual(problems, []);
  } finally {
    await tab.close();
  }
});

Deno.test("[e2e] ui: staff are not offered the vendor-only email switches; vendors are", async () => {
  const { server, browser } = await ctx();
  for (const [email, vendor] of [["manager@example.com", false], ["vendor@example.com", true]] as const) {
    const tab = await openPage(browser, server.url);
    const { page, problems } = tab;
    try {
      await signIn(tab, email);
      await page.goto("/");
      await sidebar(page).getByRole("button", { name: "Settings" }).click();
      await page.getByText("Email notifications", { exact: true }).first().waitFor();
      assert.equal(await page.getByText("New opportunities", { exact: true }).count(), vendor ? 1 : 0, email);
      assert.deepEqual(problems, []);
    } finally {
      await tab.close();
    }
  }
});

Deno.test("[e2e] ui: finance sees Quotations and Bid Requests; a manager who approved no longer sees Approve", async () => {
  const { server, browser } = await ctx();
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const finance = await openPage(browser, server.url);
  const title = `Approve once ${Date.now()}`;
  try {
    await signIn(team, "purchase@example.com");
    const created = await team.page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Above the threshold: a manager, then finance",
        department: "Operations",
        justification: "Needed",
        deadline: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        items: [{ itemName: "Server", quantity: 1, estimatedPrice: "25000.00" }],
      },
    });
    assert.equal(created.status(), 201, await created.text());

    await signIn(manager, "manager@example.com");
    const { page } = manager;
    await page.goto("/");
    await sidebar(page).getByRole("button", { name: "Purchase Requests" }).click();
    const card = page.locator("article").filter({ hasText: title });
    await card.getByRole("button", { name: "Approve" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
    await page.getByRole("dialog").waitFor({ state: "hidden" });
    await card.getByRole("button", { name: "View" }).waitFor();
    // The card re-renders from the refetched request: wait for the buttons to go, then count them.
    await card.getByRole("button", { name: "Approve" }).waitFor({ state: "detached" });
    await card.getByRole("button", { name: "Reject" }).waitFor({ state: "detached" });
    assert.equal(await card.getByRole("button", { name: "Approve" }).count(), 0, "Approve gone after approving");
    assert.equal(await card.getByRole("button", { name: "Reject" }).count(), 0, "Reject gone after approving");

    await signIn(finance, "finance@example.com");
    await finance.page.goto("/");
    const nav = sidebar(finance.page);
    await nav.getByRole("button", { name: "Quotations" }).waitFor();
    await nav.getByRole("button", { name: "Bid Requests" }).waitFor();
    await nav.getByRole("button", { name: "Purchase Requests" }).click();
    // The second approver still has the buttons.
    await finance.page.locator("article").filter({ hasText: title }).getByRole("button", { name: "Approve" })
      .waitFor();
    assert.deepEqual([...team.problems, ...manager.problems, ...finance.problems], []);
  } finally {
    await team.close();
    await manager.close();
    await finance.close();
  }
});

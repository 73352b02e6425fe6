/**
 * First load (docs/decisions/025-own-svg-charts.md): the charting library is its own chunk, and a dashboard paints its
 * figures and tables without it. The chart chunk's request is held back by Playwright routing: the
 * administrator's dashboard shows its figures, its tables and a same-size placeholder announced as
 * loading; once the chunk is released the charts replace the placeholders at the same height.
 */
import assert from "node:assert/strict";
import type { Route } from "playwright-core";
import analytics from "../../web/src/features/analytics/locales/en.json" with { type: "json" };
import common from "../../web/src/locales/en.json" with { type: "json" };
import dv from "../../web/src/locales/dv.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

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
    // The role dashboard is the overview's, one link away from the inbox (the first screen).
    await signIn(tab, undefined, { goto: "/dashboard?section=overview" });

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

Deno.test("[first-load] a signed-in load asks nothing before its first screen: the page carries the user and names every chunk the first screen needs", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page } = tab;
  try {
    await signIn(tab, "manager@example.com");
    const scripts: string[] = [];
    const api: string[] = [];
    // The scripts asked for before the first screen asks for its figures: what it needed to draw.
    let beforeData: string[] | undefined;
    page.on("request", (r) => {
      const path = new URL(r.url()).pathname;
      if (r.resourceType() === "script") scripts.push(path);
      if (path.startsWith("/api/")) {
        api.push(path);
        beforeData ??= [...scripts];
      }
    });
    await page.goto("/");
    // The first screen is the inbox, drawn with its items (its call is the first the page makes).
    await page.getByRole("heading", { level: 2, name: common.inbox.title, exact: true }).waitFor();
    await page.getByTestId("inbox-empty").or(page.getByTestId(/^inbox-count-/).first()).waitFor();
    assert.ok(!api.includes("/api/auth/session") && !api.includes("/api/auth/user"), `asked: ${api.join(" ")}`);

    const html = await (await page.request.get("/")).text();
    const boot = JSON.parse(html.match(/<script type="application\/json" id="boot">(.*?)<\/script>/)![1]);
    assert.equal(boot.user.email, "manager@example.com");
    assert.equal(boot.user.role.name, "procurement_manager");
    const named = [...html.matchAll(/(?:src|href)="(\/assets\/[\w-]+\.js)"/g)].map((m) => m[1]);
    assert.ok(beforeData && beforeData.length > 0);
    const late = beforeData.filter((s) => !named.includes(s));
    assert.deepEqual(late, [], "every script the first screen needed was named in the page");
    assert.ok(named.length <= 8, `the first screen in a few requests: ${named.join(" ")}`);

    // Signed out, the same address is sent without a user and draws the landing page.
    await page.request.post("/api/auth/logout");
    const out = await (await page.request.get("/")).text();
    assert.match(out, /<script type="application\/json" id="boot">\{"user":null\}<\/script>/);
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
});

Deno.test("[first-load] the sign-in page loads only English up front; a stored Dhivehi choice renders in Dhivehi, right to left, with no English first", async () => {
  const { server, browser } = await ctx();
  for (const scheme of ["light", "dark"] as const) {
    const tab = await openPage(browser, server.url, { colorScheme: scheme });
    const { page } = tab;
    try {
      await page.addInitScript(() =>
        localStorage.getItem("user-language") ?? localStorage.setItem("user-language", "dv")
      );
      // Every heading text the page ever showed, from the first paint on.
      await page.addInitScript(() => {
        const seen: string[] = ((globalThis as unknown as { __headings: string[] }).__headings = []);
        new MutationObserver(() => {
          const h1 = document.querySelector("h1")?.textContent;
          if (h1 && seen.at(-1) !== h1) seen.push(h1);
        }).observe(document, { childList: true, subtree: true, characterData: true });
      });
      const scripts: string[] = [];
      page.on("request", (r) => r.resourceType() === "script" && scripts.push(new URL(r.url()).pathname));
      await page.goto("/login");
      await page.getByRole("heading", { level: 1, name: dv.auth.loginTitle }).waitFor();
      assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
      assert.equal(await page.locator("html").getAttribute("lang"), "dv");
      await page.getByRole("button", { name: dv.auth.signIn, exact: true }).first().waitFor();
      const headings = await page.evaluate(() => (globalThis as unknown as { __headings: string[] }).__headings);
      assert.deepEqual(headings, [dv.auth.loginTitle], "the heading was never shown in English first");
      // Dhivehi's common strings came as a chunk of their own; Spanish's were not loaded at all.
      // What an English browser (no language cookie) loads before any lazy chunk: the entry script
      // and its modulepreload links.
      const chunksOf = (html: string) => [...html.matchAll(/(?:src|href)="(\/assets\/[\w-]+\.js)"/g)].map((m) => m[1]);
      const codeOf = (paths: string[]) => Promise.all(paths.map(async (s) => await (await page.request.get(s)).text()));
      const english = await (await fetch(`${server.url}/login`)).text();
      assert.match(english, /<html lang="en" dir="ltr">/);
      const upFront = chunksOf(english);
      assert.ok(upFront.length > 0);
      const entryCode = (await codeOf(upFront)).join();
      assert.ok(!entryCode.includes(dv.auth.loginTitle), "Dhivehi strings are not loaded up front");
      assert.ok(!entryCode.includes(es.auth.loginTitle), "Spanish strings are not loaded up front");
      assert.ok(entryCode.includes(common.auth.loginTitle), "English, the fallback, is");
      const fetched = await codeOf(scripts);
      assert.ok(fetched.some((code) => code.includes(dv.auth.loginTitle)), `fetched: ${scripts.join(" ")}`);
      assert.ok(!fetched.some((code) => code.includes(es.auth.loginTitle)), "no Spanish chunk");
      // This browser chose Dhivehi (the SPA keeps it in a cookie too): its page is right to left from
      // the first byte and names Dhivehi's text up front.
      const own = await (await page.request.get("/login")).text();
      assert.match(own, /<html lang="dv" dir="rtl">/);
      const ownCode = (await codeOf(chunksOf(own).filter((c) => !upFront.includes(c)))).join();
      assert.ok(ownCode.includes(dv.auth.loginTitle), "Dhivehi's strings are named in its page");
      await screenshot(page, `first-load-login-dv-${scheme}`);

      // Switching language at run time fetches the next one and renders in it.
      await page.evaluate(() => localStorage.setItem("user-language", "es"));
      await page.reload();
      await page.getByRole("heading", { level: 1, name: es.auth.loginTitle }).waitFor();
      assert.equal(await page.locator("html").getAttribute("dir"), "ltr");
      assert.deepEqual(tab.problems, []);
    } finally {
      await tab.close();
    }
  }
});

Deno.test("[first-load] the Users section shows all 50 rows of its page after a section switch, in Dhivehi, right to left", async () => {
  const { server, browser } = await ctx();
  const admin = await openPage(browser, server.url);
  try {
    await signIn(admin);
    // Addresses of this run only: the shared database may hold another run's.
    const run = crypto.randomUUID().slice(0, 8);
    for (let i = 0; i < 55; i++) {
      const created = await admin.page.request.post("/api/admin/users", {
        data: {
          firstName: `Rows${String(i).padStart(2, "0")}`,
          lastName: "Check",
          email: `rows${i}.${run}@example.com`,
          password: "rows-check-pass",
          roleId: 2,
        },
      });
      assert.equal(created.status(), 201, await created.text());
    }
    const items = await (await admin.page.request.get("/api/admin/users?limit=50&offset=0")).json();
    assert.equal(items.length, 50);
    const cookies = await admin.context.cookies();
    for (const scheme of ["light", "dark"] as const) {
      const tab = await openPage(browser, server.url, { colorScheme: scheme });
      const { page } = tab;
      try {
        await tab.context.addCookies(cookies);
        await page.addInitScript(() => localStorage.setItem("user-language", "dv"));
        await page.goto("/");
        const nav = page.getByRole("navigation", { name: dv.dashboard.navigation });
        await nav.getByRole("button", { name: dv.dashboard.sections.users, exact: true }).click();
        await page.locator("table tbody tr").nth(49).waitFor();
        assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
        // Every row of the page, in the server's order, once.
        const emails = await page.locator("table tbody tr td:first-child [dir=ltr]").allInnerTexts();
        assert.deepEqual(emails, items.map((u: { email: string }) => u.email));
        await screenshot(page, `first-load-users-dv-${scheme}`);
        assert.deepEqual(tab.problems, []);
      } finally {
        await tab.close();
      }
    }
  } finally {
    await admin.close();
  }
});

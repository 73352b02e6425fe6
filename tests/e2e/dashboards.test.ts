/**
 * Role dashboards on the demo organisation: finance sees spend this year by month and by
 * category, a procurement manager the approvals waiting on each role and the pipeline, a vendor its
 * own scorecard, an administrator the system summary (and the system analytics in Reports), and
 * vendor management shows an approved vendor's scorecard. Every figure on screen is compared with
 * what the report endpoints answer for the demo data; each screen is axe clean in light and dark,
 * and photographed in light, dark and Dhivehi.
 */
import assert from "node:assert/strict";
import { violationsInThemes } from "./axe.ts";
import type { Browser, Page } from "playwright-core";
import analytics from "../../web/src/features/analytics/locales/en.json" with { type: "json" };
import reports from "../../web/src/features/reports/locales/en.json" with { type: "json" };
import { checkAgainstLive, e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

type Scorecard = {
  vendorId: number;
  wins: number;
  winRate: number | null;
  responseRate: number | null;
  awardedTotal: string;
};

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  assert.equal(res.status(), 200, path);
  return await res.json() as T;
}

/**
 * Awards standing in the database: one per purchase order that is neither cancelled nor declined
 * (the demo has one, the fit-out furniture; other files of the pass award more).
 */
async function liveAwards(page: Page): Promise<number> {
  const count = async (query: string) => {
    const res = await page.request.get(`/api/purchase-orders?limit=1${query}`);
    assert.equal(res.status(), 200, `/api/purchase-orders?limit=1${query}`);
    return Number(res.headers()["x-total-count"]);
  };
  return await count("") - await count("&status=cancelled") - await count("&status=declined");
}

/** The digits of a figure: "$12,345.60" and "12345.60" both give "1234560", in any grouping style. */
const digits = (v: unknown) => String(v).replace(/\D/g, "");

/** "This year" as the SPA computes it on this machine. */
function thisYear() {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, "0");
  return `from=${d.getFullYear()}-01-01&to=${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

async function rows(page: Page, card: string, caption: string) {
  const table = page.getByTestId(`report-${card}`).getByRole("table", { name: caption, exact: true });
  await table.waitFor();
  return await table.locator("tbody tr").allInnerTexts();
}

/** Serious and critical axe violations of the page (or one part), light and dark. */
const axe = (page: Page, screen: string, include?: string) => violationsInThemes(page, screen, { include });

/** The same screen in the dark theme and in Dhivehi (right to left), photographed. */
async function darkAndDhivehi(
  browser: Browser,
  url: string,
  email: string | undefined,
  name: string,
  open: (page: Page) => Promise<void>,
) {
  for (const variant of ["dark", "dv"] as const) {
    const tab = await openPage(browser, url, { colorScheme: variant === "dark" ? "dark" : "light" });
    try {
      if (variant === "dv") await tab.context.addInitScript(() => localStorage.setItem("user-language", "dv"));
      await signIn(tab, email);
      await open(tab.page);
      if (variant === "dv") assert.equal(await tab.page.evaluate(() => document.documentElement.dir), "rtl");
      await screenshot(tab.page, `${name}-${variant}`);
      assert.deepEqual(tab.problems, []);
    } finally {
      await tab.close();
    }
  }
}

/** The overview's role dashboard (the inbox is the first screen; a link names the overview). */
const openDashboard = (chart: string) => async (page: Page) => {
  await page.goto("/dashboard?section=overview");
  await page.getByTestId("role-dashboard").waitFor();
  await page.getByTestId(`report-${chart}`).locator(".chart-surface").first().waitFor();
};

Deno.test("[dashboards] finance sees spend this year by month and by category, with the demo's figures", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  try {
    const { page } = tab;
    await signIn(tab, "finance@example.com");
    type Spend = {
      total: { amount: string; awards: number };
      byMonth: { month: string; amount: string }[];
      byCategory: { name: string | null; amount: string }[];
    };
    // Every award counts: the demo's (the fit-out furniture, 20 days ago) and any other file's.
    await checkAgainstLive(async () => ({
      spend: await api<Spend>(page, `/api/reports/spend?${thisYear()}`),
      allTime: await api<Spend>(page, "/api/reports/spend"),
      live: await liveAwards(page),
    }), async ({ spend, allTime, live }) => {
      assert.ok(allTime.total.awards >= 1, "the demo's award");
      assert.equal(allTime.total.awards, live);

      await openDashboard("dashboard-spend")(page);
      const card = page.getByTestId("report-dashboard-spend");
      await card.getByRole("heading", { name: analytics.dashboard.spendTitle }).waitFor();
      if (spend.total.awards > 0) {
        await card.locator(".chart-bar").first().waitFor();
        const months = await rows(page, "dashboard-spend", reports.spend.byMonth);
        assert.equal(months.length, spend.byMonth.length);
        spend.byMonth.forEach((m, i) => assert.ok(digits(months[i]).endsWith(digits(m.amount)), months[i]));
        const categories = await rows(page, "dashboard-spend", reports.spend.byCategory);
        assert.equal(categories.length, spend.byCategory.length);
        spend.byCategory.forEach((c, i) => {
          assert.ok(categories[i].includes(c.name ?? reports.none), categories[i]);
          assert.ok(digits(categories[i]).endsWith(digits(c.amount)), categories[i]);
        });
        assert.ok(digits(await card.innerText()).includes(digits(spend.total.amount)), "the year's total is shown");
      } else {
        await card.getByTestId("report-empty").waitFor();
      }
    });
    // The system analytics are the administrator's only.
    await page.goto("/reports?range=all");
    await page.getByTestId("report-spend").waitFor();
    assert.equal(await page.getByTestId("report-system").count(), 0);

    await openDashboard("dashboard-spend")(page);
    assert.deepEqual(await axe(page, "finance dashboard"), []);
    await screenshot(page, "dashboard-finance-light");
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
  await darkAndDhivehi(browser, server.url, "finance@example.com", "dashboard-finance", async (page) => {
    await openDashboard("dashboard-spend")(page);
  });
});

Deno.test("[dashboards] a procurement manager sees approvals waiting on each role and the pipeline", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  try {
    const { page } = tab;
    await signIn(tab, "manager@example.com");
    type Pipeline = { byStatus: { status: string; count: number }[]; pastDeadline: { count: number } };
    await checkAgainstLive(async () => ({
      approvals: await api<{ waiting: { role: string; count: number }[] }>(page, "/api/reports/approvals"),
      pipeline: await api<Pipeline>(page, `/api/reports/pipeline?${thisYear()}`),
    }), async ({ approvals, pipeline }) => {
      assert.ok(approvals.waiting.some((w) => w.count > 0), "the demo has requests waiting for approval");
      await openDashboard("dashboard-approvals")(page);
      const waiting = await rows(page, "dashboard-approvals", reports.approvals.waiting);
      assert.deepEqual(
        waiting.map((r) => r.split("\t").slice(0, 2)),
        approvals.waiting.map((
          w,
        ) => [w.role === "procurement_manager" ? "Procurement Manager" : "Cost/Finance Controller", String(w.count)]),
      );
      await page.getByTestId("report-dashboard-pipeline").locator(".chart-bar").first().waitFor();
      const statuses = await rows(page, "dashboard-pipeline", reports.pipeline.byStatus);
      assert.deepEqual(
        statuses.map((r) => r.split("\t")[1]),
        pipeline.byStatus.map((s) => String(s.count)),
      );
      assert.match(
        await page.getByTestId("dashboard-past-deadline").innerText(),
        new RegExp(`^${pipeline.pastDeadline.count} open request`),
      );
    });
    assert.deepEqual(await axe(page, "manager dashboard"), []);
    await screenshot(page, "dashboard-manager-light");
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
  await darkAndDhivehi(browser, server.url, "manager@example.com", "dashboard-manager", async (page) => {
    await openDashboard("dashboard-approvals")(page);
  });
});

Deno.test("[dashboards] a vendor sees its own scorecard: win rate, response rate, awarded total", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  try {
    const { page } = tab;
    await signIn(tab, "vendor@example.com");
    await checkAgainstLive(
      async () => (await api<{ vendors: Scorecard[] }>(page, "/api/reports/vendors/me")).vendors[0],
      async (me) => {
        // Northwind won the demo's fit-out bid.
        assert.ok(me.wins >= 1 && Number(me.awardedTotal) > 0, JSON.stringify(me));
        await openDashboard("dashboard-scorecard")(page);
        const card = page.getByTestId("report-dashboard-scorecard");
        const figure = async (name: string) => await card.getByTestId(`scorecard-${name}`).locator("dd").innerText();
        assert.equal(digits(await figure("winRate")), digits(me.winRate));
        assert.equal(digits(await figure("responseRate")), digits(me.responseRate));
        assert.equal(digits(await figure("awardedTotal")), digits(me.awardedTotal));
        assert.equal(await figure("wins"), String(me.wins));
      },
    );
    assert.deepEqual(await axe(page, "vendor dashboard"), []);
    await screenshot(page, "dashboard-vendor-light");
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
  await darkAndDhivehi(browser, server.url, "vendor@example.com", "dashboard-vendor", async (page) => {
    await openDashboard("dashboard-scorecard")(page);
  });
});

Deno.test("[dashboards] admin: system summary, system analytics in Reports, a vendor's scorecard in vendor management", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const openScorecard = async (page: Page) => {
    await page.goto("/vendor-management");
    await page.getByRole("button", { name: /Northwind Office Supplies Ltd/ }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("scorecard-winRate").waitFor();
  };
  try {
    const { page } = tab;
    await signIn(tab);
    type System = { users: { total: number; byRole: unknown[] }; database: { bytes: number } };
    const users = async () => (await api<System>(page, "/api/reports/system")).users;
    await checkAgainstLive(users, async (live) => {
      await openDashboard("dashboard-system")(page);
      assert.equal(
        await page.getByTestId("report-dashboard-system").getByTestId("system-figures-users").locator("dd").innerText(),
        String(live.total),
      );
    });
    assert.deepEqual(await axe(page, "admin dashboard"), []);
    await screenshot(page, "dashboard-admin-light");

    const report = page.getByTestId("report-system");
    await checkAgainstLive(users, async (live) => {
      await page.goto("/reports?range=last30");
      await report.locator(".chart-surface").first().waitFor();
      assert.equal((await rows(page, "system", analytics.users.caption)).length, live.byRole.length);
    });
    assert.deepEqual(await axe(page, "admin reports", "[data-testid=report-system]"), []);
    await screenshot(report, "reports-system-light");

    // Vendor management: the approved vendor's details carry its scorecard.
    const approved = await api<{ id: number; companyName: string }[]>(
      page,
      "/api/admin/vendors/pending?status=approved&limit=50&offset=0",
    );
    const northwind = approved.find((v) => v.companyName === "Northwind Office Supplies Ltd")!;
    await checkAgainstLive(
      async () => (await api<{ vendors: Scorecard[] }>(page, `/api/reports/vendors/${northwind.id}`)).vendors[0],
      async (card) => {
        await openScorecard(page);
        const dialog = page.getByRole("dialog");
        const figure = async (name: string) => await dialog.getByTestId(`scorecard-${name}`).locator("dd").innerText();
        assert.equal(digits(await figure("winRate")), digits(card.winRate));
        assert.equal(digits(await figure("awardedTotal")), digits(card.awardedTotal));
      },
    );
    assert.deepEqual(await axe(page, "vendor management scorecard", "dialog[open], [role=dialog]"), []);
    await screenshot(page, "vendor-scorecard-light");
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
  await darkAndDhivehi(browser, server.url, undefined, "dashboard-admin", openDashboard("dashboard-system"));
  await darkAndDhivehi(browser, server.url, undefined, "vendor-scorecard", openScorecard);
});

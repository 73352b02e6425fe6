/**
 * Accessibility: axe-core over every screen of every demo role, in the light and
 * the dark theme: each sidebar section, the standalone pages the role may open, the signed-out
 * pages and the main dialogs (create purchase request, create bid request, quotation details,
 * vendor quotation form). Any serious or critical violation fails the test, naming the screen, the
 * rule and the element, so a regression in a shared colour or component shows at once.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { sectionsFor } from "../../src/shared/permissions.ts";
import type { RoleName } from "../../src/shared/roles.ts";
import { violationsInThemes } from "./axe.ts";
import { colorSchemeSettled, e2eContext, openPage, RESULTS_DIR, screenshot, signIn } from "./helpers.ts";
import { sectionName } from "./sections.ts";

const ctx = e2eContext();

const STANDALONE = ["/vendor-management", "/quotation-management", "/reports"];
const DEMO: { role: RoleName; email?: string; pages: string[] }[] = [
  { role: "admin", pages: STANDALONE },
  { role: "purchase_team", email: "purchase@example.com", pages: STANDALONE },
  { role: "procurement_manager", email: "manager@example.com", pages: STANDALONE },
  { role: "cost_finance_controller", email: "finance@example.com", pages: STANDALONE },
  { role: "vendor", email: "vendor@example.com", pages: [] },
];

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

/** Let the screen settle: data loaded (no spinner left outside buttons), the theme's transitions over. */
async function settle(page: Page, theme: "light" | "dark") {
  await page.waitForFunction(() => !document.querySelector(".loading:not(.btn .loading)"), null, { timeout: 15_000 })
    .catch((e) => {
      throw new Error(`a spinner is still showing on ${page.url()}: ${e}`);
    });
  await colorSchemeSettled(page, theme);
}

/** Every violation found is also written here as it is found, for reading while the test runs. */
const LOG = `${RESULTS_DIR}/accessibility.txt`;

/**
 * Serious and critical violations of the screen in both themes; each is also written to LOG. With
 * `shot`, a screenshot of each theme (`shot` and `shot-dark`) for looking at the screens.
 */
async function audit(page: Page, screen: string, include?: string, shot?: string): Promise<string[]> {
  const inTheme = shot
    ? (theme: "light" | "dark") => screenshot(page, theme === "dark" ? `${shot}-dark` : shot)
    : undefined;
  const found = await violationsInThemes(page, screen, { include, settle, inTheme });
  if (found.length) await Deno.writeTextFile(LOG, found.join("\n") + "\n", { append: true });
  return found;
}

async function closeDialog(page: Page) {
  await page.keyboard.press("Escape");
  await page.getByRole("dialog").first().waitFor({ state: "hidden" });
}

/** Dialogs are the same for every role that opens them: each is checked once per run. */
const dialogsSeen = new Set<string>();

/** The main dialog of a section, when the role can open it. */
async function auditDialogs(page: Page, section: string, screen: string): Promise<string[]> {
  const found: string[] = [];
  const open = async (button: ReturnType<Page["getByRole"]>, name: string) => {
    if (dialogsSeen.has(name) || await button.count() === 0) return;
    dialogsSeen.add(name);
    await button.first().click();
    const dialog = page.getByRole("dialog").first();
    await dialog.waitFor();
    found.push(...await audit(page, `${screen} > ${name}`, "dialog[open], [role=dialog]"));
    // Every tab of a tabbed dialog is a screen of its own.
    const tabs = dialog.getByRole("tab");
    for (let i = 1; i < await tabs.count(); i++) {
      const label = (await tabs.nth(i).textContent())?.trim();
      await tabs.nth(i).click();
      found.push(...await audit(page, `${screen} > ${name} > ${label}`, "dialog[open], [role=dialog]"));
    }
    await closeDialog(page);
  };
  if (section === "requests") {
    await open(page.getByRole("button", { name: "Create Purchase Request" }), "create request");
  } else if (section === "bids") {
    await open(page.getByRole("button", { name: "Create Bid Request" }), "create bid");
  } else if (section === "quotations") {
    await open(page.getByRole("button", { name: /^View Details/ }), "quotation details");
  } else if (section === "users") {
    await open(page.getByRole("button", { name: "Add User" }), "add user");
  } else if (section === "opportunities") {
    await open(page.getByRole("button", { name: /Submit Quotation|View Details/ }), "opportunity");
  }
  return found;
}

await Deno.mkdir(RESULTS_DIR, { recursive: true });
await Deno.writeTextFile(LOG, "");

Deno.test("[e2e] accessibility: the check itself finds a planted low-contrast text and an unlabelled field, in each theme", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  try {
    await tab.page.goto("/");
    await tab.page.evaluate(() => {
      const planted = document.createElement("div");
      planted.id = "planted";
      planted.innerHTML = '<p style="color:#bbb;background:#fff">faint text</p><input type="text">';
      document.body.append(planted);
    });
    const found = await violationsInThemes(tab.page, "planted", { include: "#planted" });
    const rules = (theme: string) => found.filter((f) => f.startsWith(`${theme} `)).map((f) => f.split(" ")[2]);
    assert.deepEqual([...new Set(rules("light"))].sort(), ["color-contrast", "label"]);
    // The dark theme runs the colour rules only.
    assert.deepEqual([...new Set(rules("dark"))], ["color-contrast"]);
  } finally {
    await tab.close();
  }
});

Deno.test("[e2e] accessibility: signed-out pages have no serious axe violation (light and dark)", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page } = tab;
  const found: string[] = [];
  try {
    for (const path of ["/", "/login", "/vendor/register", "/no-such-page"]) {
      await page.goto(path);
      found.push(...await audit(page, path));
    }
    await page.goto("/login");
    await page.getByRole("tab", { name: "Admin Login" }).click();
    found.push(...await audit(page, "/login admin tab"));
  } finally {
    await tab.close();
  }
  assert.deepEqual(found, [], `${found.length} serious or critical axe violations:\n${found.join("\n")}`);
});

for (const { role, email, pages } of DEMO) {
  Deno.test(`[e2e] accessibility: every screen of ${role} has no serious axe violation (light and dark)`, async () => {
    const { server, browser } = await ctx();
    const tab = await openPage(browser, server.url, { viewport: { width: 1366, height: 900 } });
    const { page } = tab;
    const found: string[] = [];
    try {
      await signIn(tab, email, { goto: "/" });
      await sidebar(page).waitFor();
      for (const section of sectionsFor(role)) {
        const label = sectionName(section);
        await sidebar(page).getByRole("button", { name: label, exact: true }).click();
        const screen = `${role} ${section}`;
        found.push(...await audit(page, screen, undefined, `a11y-${role}-${section}`));
        found.push(...await auditDialogs(page, section, screen));
      }
      for (const path of pages) {
        await page.goto(path);
        found.push(...await audit(page, `${role} ${path}`));
      }
    } finally {
      await tab.close();
    }
    assert.deepEqual(found, [], `${found.length} serious or critical axe violations:\n${found.join("\n")}`);
  });
}

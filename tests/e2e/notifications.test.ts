/**
 * The notification centre in the browser: a manager's dashboard is open; the purchase team submits
 * a request (its own browser context, through the API) and within 2 s, without a reload, the bell's
 * count goes up and the panel lists the request; choosing it marks it read and opens the requests.
 * The bell's name in all five languages, the panel in Dhivehi (right to left) and at 390 px wide,
 * axe clean in the light and dark themes.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { LANGUAGE_STORAGE_KEY } from "../../src/shared/i18n-languages.ts";
import de from "../../web/src/locales/de.json" with { type: "json" };
import dv from "../../web/src/locales/dv.json" with { type: "json" };
import en from "../../web/src/locales/en.json" with { type: "json" };
import es from "../../web/src/locales/es.json" with { type: "json" };
import fr from "../../web/src/locales/fr.json" with { type: "json" };
import { violationsInThemes } from "./axe.ts";
import { e2eContext, openPage, screenshot, signIn, type TestPage } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });
const LOCALES = { en, es, fr, de, dv } as const;

const bell = (page: Page) => page.getByTestId("notification-bell");
/** The count on the bell (0 when it shows none). */
async function unreadOf(page: Page): Promise<number> {
  const badge = page.getByTestId("notification-count");
  return await badge.count() ? Number((await badge.innerText()).replace(/\D/g, "")) : 0;
}
/** The bell's name in a language with some unread count: other files' requests reach managers too. */
const bellName = (template: string) =>
  new RegExp(`^${template.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace("\\{\\{unread\\}\\}", "\\d+")}$`);
/** A screenshot of the screen in each theme (`name`, `name-dark`). */
const shot = (page: Page, name: string) => (theme: "light" | "dark") =>
  screenshot(page, theme === "dark" ? `${name}-dark` : name, { fullPage: false });
const withoutIsolates = (text: string) => text.replace(/[\u2066-\u2069]/g, "");

/** The purchase team submits a request for approval (what the purchase team's form does), through its own session. */
async function submit(purchase: TestPage, title: string) {
  const res = await purchase.context.request.post("/api/purchase-requests", {
    data: {
      title,
      description: "Live notification test",
      department: "Facilities",
      justification: "Needed",
      deadline: new Date(Date.now() + 14 * 86_400_000).toISOString(),
      items: [{ itemName: "Whiteboard", quantity: 2, estimatedPrice: "80.00" }],
    },
  });
  assert.equal(res.status(), 201, await res.text());
  return (await res.json()) as { id: number; requestId: string };
}

Deno.test("[e2e] notifications: the manager's bell shows a submitted request within 2 s, live; read; five languages; RTL; 390 px; axe", async () => {
  const { server, browser } = await ctx();
  const manager = await openPage(browser, server.url);
  const purchase = await openPage(browser, server.url);
  const tabs = [manager, purchase];
  try {
    await signIn(purchase, "purchase@example.com");
    await signIn(manager, "manager@example.com");
    const { page } = manager;
    // The list is loaded and the stream is open before anything happens.
    const streaming = page.waitForResponse((r) => r.url().includes("/api/notifications/stream"), { timeout: 15_000 });
    await page.goto("/");
    await bell(page).waitFor();
    await streaming;
    const before = await unreadOf(page);
    await bell(page).click();
    const panel = page.getByRole("dialog", { name: en.notifications.title });
    await panel.waitFor();

    const title = `Whiteboards ${Date.now()}`;
    const pr = await submit(purchase, title);
    const submitted = Date.now();
    const item = panel.getByRole("button", { name: new RegExp(`${pr.requestId}.*${title}`) });
    await item.waitFor({ timeout: 2_000 });
    const after = await unreadOf(page);
    assert.ok(after >= before + 1, `the count went up without a reload: ${before} -> ${after}`);
    console.log(`shown ${Date.now() - submitted} ms after the submission`);
    const sentence = en.notifications.types.approval_requested.replace("{{number}}", pr.requestId).replace(
      "{{title}}",
      title,
    );
    assert.ok(withoutIsolates(await item.innerText()).includes(sentence), await item.innerText());
    assert.match((await bell(page).getAttribute("aria-label"))!, bellName(en.notifications.bellUnread));
    assert.deepEqual(
      await violationsInThemes(page, "notification panel", { inTheme: shot(page, "notifications-panel") }),
      [],
    );

    // Choosing it marks it read and opens the request itself in the requests, where the manager approves.
    await item.click();
    await page.getByRole("heading", { name: "Purchase Requests" }).first().waitFor();
    await page.getByRole("dialog", { name: title }).waitFor({ timeout: 5_000 });
    await page.keyboard.press("Escape");
    await page.waitForFunction(
      ([id]) =>
        fetch("/api/notifications?limit=50").then((r) => r.json()).then((p) =>
          p.items.some((n: { entityId: number; type: string; readAt: string | null }) =>
            n.entityId === id && n.type === "approval_requested" && n.readAt !== null
          )
        ),
      [pr.id],
      { timeout: 5_000 },
    );

    // "Mark all read" marks everything up to the newest shown (one arriving meanwhile stays unread).
    await submit(purchase, `Markers ${Date.now()}`);
    await page.getByTestId("notification-count").waitFor({ timeout: 2_000 });
    await bell(page).click();
    await panel.getByRole("button", { name: en.notifications.markAllRead }).click();
    await page.waitForFunction(
      ([id]) =>
        fetch("/api/notifications?limit=100").then((r) => r.json()).then((p) =>
          p.items.every((n: { id: number; readAt: string | null }) => n.id > id || n.readAt !== null)
        ),
      [(await page.request.get("/api/notifications?limit=1").then((r) => r.json())).items[0].id],
      { timeout: 5_000 },
    );
    await page.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });

    // Every language names the bell with its count; Dhivehi lays the panel out right to left.
    await submit(purchase, `Pens ${Date.now()}`);
    await page.getByTestId("notification-count").waitFor({ timeout: 2_000 });
    for (const [lang, strings] of Object.entries(LOCALES)) {
      await page.evaluate(([key, value]) => localStorage.setItem(key, value), [LANGUAGE_STORAGE_KEY, lang]);
      await page.reload();
      await bell(page).waitFor();
      await page.waitForFunction(
        ([pattern]) =>
          new RegExp(pattern).test(
            document.querySelector("[data-testid=notification-bell]")?.getAttribute("aria-label") ?? "",
          ),
        [bellName(strings.notifications.bellUnread).source],
        { timeout: 5_000 },
      );
    }
    assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
    await bell(page).click();
    const rtlPanel = page.getByRole("dialog", { name: dv.notifications.title });
    await rtlPanel.waitFor();
    const words = dv.notifications.types.approval_requested.split("}}").at(-1)!.replace(/^\)\s*/, "");
    await rtlPanel.getByText(words).first().waitFor();
    const box = (await rtlPanel.boundingBox())!;
    const bellBox = (await bell(page).boundingBox())!;
    // The bell is at the inline end (the left in Dhivehi): the panel opens from it into the page.
    assert.ok(bellBox.x < 400, `the bell is on the left: ${bellBox.x}`);
    assert.ok(Math.abs(box.x - bellBox.x) < 2 && box.width > bellBox.width, JSON.stringify({ box, bellBox }));
    assert.deepEqual(
      await violationsInThemes(page, "notification panel (dv)", { inTheme: shot(page, "notifications-panel-dv") }),
      [],
    );

    // 390 px: the panel fits the screen.
    await page.setViewportSize({ width: 390, height: 844 });
    const narrow = (await rtlPanel.boundingBox())!;
    assert.ok(narrow.x >= 0 && narrow.x + narrow.width <= 390, `inside 390 px: ${JSON.stringify(narrow)}`);
    assert.deepEqual(
      await violationsInThemes(page, "notification panel (dv, 390 px)", {
        inTheme: shot(page, "notifications-panel-dv-390"),
      }),
      [],
    );
    await page.evaluate(([key]) => localStorage.setItem(key, "en"), [LANGUAGE_STORAGE_KEY]);
    for (const tab of tabs) assert.deepEqual(tab.problems, []);
  } finally {
    for (const tab of tabs) await tab.close();
  }
});

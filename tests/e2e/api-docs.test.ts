/**
 * The API reference page (docs/decisions/013-api-reference-page.md): /api/docs runs Scalar's reference from this server
 * only, under the HTML documents' CSP. Every request leaving the page for another origin is
 * refused here (as offline), so the page must render from the server alone; a CSP violation or any
 * console error fails the test. Photographed to test-results/api-docs.png.
 */
import assert from "node:assert/strict";
import { e2eContext, openPage, screenshot } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

Deno.test("[e2e] api-docs: /api/docs renders the reference of /api/openapi.json offline, with no CSP violation", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page, problems } = tab;
  const foreign: string[] = [];
  const origin = new URL(server.url).origin;
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(origin) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    foreign.push(url);
    return route.abort("internetdisconnected");
  });
  try {
    await page.goto("/api/docs");
    await page.getByText("Procurement API").first().waitFor({ timeout: 30_000 });
    // The reference has rendered its tags and asked for nothing more.
    const tags = ["categories", "purchase-requests", "bids"];
    await page.waitForFunction((tags) => tags.every((t) => new RegExp(t, "i").test(document.body.innerText)), tags);
    await page.waitForLoadState("networkidle");
    await screenshot(page, "api-docs");
    // The document's tags are listed (each opens its operations, with their answers).
    const text = await page.locator("body").innerText();
    for (const tag of tags) assert.match(text, new RegExp(tag, "i"), tag);
    assert.deepEqual(foreign, [], "requests to other origins");
    // With "Ask AI" and the developer tools off (src/lib/api-docs.ts), the bundle asks nothing of
    // Scalar's servers: no CSP refusal, no console error at all.
    assert.deepEqual(problems.filter((p) => !p.includes("internetdisconnected")), []);
    assert.doesNotMatch(text, /Ask AI|Deploy/, "no hosted-service extras");
  } finally {
    await tab.close();
  }
});

import assert from "node:assert/strict";
import { e2eContext, openPage, screenshot } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

Deno.test("[e2e] landing page shows the sign-in and vendor registration buttons", async () => {
  const { server, browser } = await ctx();
  const { page, problems, close } = await openPage(browser, server.url);
  try {
    const res = await page.goto("/");
    assert.equal(res?.status(), 200);
    await page.getByRole("heading", { level: 1 }).waitFor();
    assert.equal(await page.locator("html").getAttribute("lang"), "en");
    assert.equal(await page.locator("html").getAttribute("dir"), "ltr");
    // One in the header, one in the hero.
    assert.ok(await page.getByRole("link", { name: "Sign In", exact: true }).count() >= 1);
    await page.getByRole("link", { name: "Register as Vendor" }).waitFor();
    await screenshot(page, "landing-light");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

Deno.test("[e2e] signed-out pages: no error in the console (not even a 401), a robots.txt, a meta description", async () => {
  const { server, browser } = await ctx();
  const { page, close } = await openPage(browser, server.url);
  // Every console error, the 401 the shared helper forgives included.
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  try {
    for (const path of ["/", "/login", "/vendor/register"]) {
      await page.goto(path);
      await page.getByRole("heading", { level: 1 }).or(page.getByRole("heading", { level: 2 })).first().waitFor();
      await page.waitForLoadState("networkidle");
    }
    assert.deepEqual(errors, []);
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    assert.match(description ?? "", /procurement/i);
    const robots = await page.request.get("/robots.txt");
    assert.equal(robots.status(), 200);
    assert.match(robots.headers()["content-type"] ?? "", /^text\/plain/);
    assert.match(await robots.text(), /^User-agent: \*/);
    // The session question answers 200 with null when signed out.
    const session = await page.request.get("/api/auth/session");
    assert.equal(session.status(), 200);
    assert.equal(await session.json(), null);
  } finally {
    await close();
  }
});

Deno.test("[e2e] choosing Dhivehi sets <html dir=rtl lang=dv> and keeps it across a reload", async () => {
  const { server, browser } = await ctx();
  const { page, problems, close } = await openPage(browser, server.url);
  try {
    await page.goto("/");
    const heading = page.getByRole("heading", { level: 1 });
    await heading.waitFor();
    const english = await heading.textContent();
    await page.getByLabel("Language").selectOption("dv");
    await page.waitForFunction(() => document.documentElement.dir === "rtl");
    assert.equal(await page.locator("html").getAttribute("lang"), "dv");
    assert.notEqual(await heading.textContent(), english, "the heading is translated");
    assert.equal(await page.getByRole("link", { name: "Sign In", exact: true }).count(), 0, "no English left");
    await screenshot(page, "landing-dv");
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    assert.ok(description && !/procurement/i.test(description), `the description follows the language: ${description}`);

    await page.reload();
    await heading.waitFor();
    assert.equal(await page.locator("html").getAttribute("dir"), "rtl");
    assert.equal(await page.evaluate(() => localStorage.getItem("user-language")), "dv");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

Deno.test("[e2e] the dark theme is applied and persists across a reload", async () => {
  const { server, browser } = await ctx();
  const { page, problems, close } = await openPage(browser, server.url, { colorScheme: "light" });
  try {
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    // The header is painted with the theme's base colour (the body itself may be transparent).
    const background = () => page.locator("header").first().evaluate((el) => getComputedStyle(el).backgroundColor);
    const light = await background();
    assert.equal(await page.locator("html").getAttribute("data-theme"), "light");

    await page.getByLabel("Theme").selectOption("dark");
    await page.waitForFunction(() => document.documentElement.dataset.theme === "dark");
    assert.notEqual(await background(), light, "the page actually changes colour");

    await page.reload();
    await page.getByRole("heading", { level: 1 }).waitFor();
    assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");
    assert.equal(await page.getByLabel("Theme").inputValue(), "dark");
    await screenshot(page, "landing-dark");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

Deno.test("[e2e] the system theme follows the operating system setting live", async () => {
  const { server, browser } = await ctx();
  const { page, problems, close } = await openPage(browser, server.url, { colorScheme: "dark" });
  try {
    await page.goto("/");
    await page.getByRole("heading", { level: 1 }).waitFor();
    assert.equal(await page.getByLabel("Theme").inputValue(), "system");
    assert.equal(await page.locator("html").getAttribute("data-theme"), "dark");
    await page.emulateMedia({ colorScheme: "light" });
    await page.waitForFunction(() => document.documentElement.dataset.theme === "light");
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

Deno.test("[e2e] an unknown path shows '404 Page Not Found'", async () => {
  const { server, browser } = await ctx();
  const { page, problems, close } = await openPage(browser, server.url);
  try {
    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    assert.deepEqual(problems, []);
  } finally {
    await close();
  }
});

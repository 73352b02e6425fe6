/**
 * Sign-in security in the browser: a deactivated user who types
 * the right password is told, in their language, that the account is deactivated; signing out from
 * the SPA is a POST that ends the session on the server (the old cookie is refused afterwards).
 */
import assert from "node:assert/strict";
import errorsEn from "../../web/src/features/errors/locales/en.json" with { type: "json" };
import errorsEs from "../../web/src/features/errors/locales/es.json" with { type: "json" };
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext();

Deno.test("[e2e] sign-in security: a deactivated account with the right password sees the translated reason; a wrong password does not", async () => {
  const { server, browser } = await ctx();
  const admin = await openPage(browser, server.url);
  const tab = await openPage(browser, server.url);
  const email = `deactivated.${Date.now()}@example.com`;
  try {
    await signIn(admin);
    const created = await admin.page.request.post("/api/admin/users", {
      data: { firstName: "Dee", lastName: "Activated", email, password: "Right-pass-3", roleId: 2 },
    });
    assert.equal(created.status(), 201);
    const { id } = await created.json();
    assert.equal(
      (await admin.page.request.put(`/api/admin/users/${id}/status`, { data: { isActive: false } })).status(),
      200,
    );

    const { page } = tab;
    const signInWithForm = async (password: string) => {
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
    };
    await page.goto("/login");
    await signInWithForm("Wrong-pass-3");
    await page.getByRole("alert").filter({ hasText: "Invalid" }).waitFor();
    assert.ok(!(await page.getByRole("alert").textContent())?.includes("deactivated"));

    await signInWithForm("Right-pass-3");
    await page.getByRole("alert").filter({ hasText: errorsEn.auth.accountDeactivated }).waitFor();
    await screenshot(page, "sign-in-deactivated-en");

    // In Spanish, the same answer in Spanish.
    await page.evaluate(() => localStorage.setItem("user-language", "es"));
    await page.reload();
    await page.getByLabel(/correo/i).fill(email);
    await page.locator('input[name="password"]').fill("Right-pass-3");
    await page.locator('form button[type="submit"]').first().click();
    await page.getByRole("alert").filter({ hasText: errorsEs.auth.accountDeactivated }).waitFor();
    await screenshot(page, "sign-in-deactivated-es");
    assert.deepEqual(tab.problems.filter((p) => !/status of 40[13]/.test(p)), []);
  } finally {
    await admin.close();
    await tab.close();
  }
});

Deno.test("[e2e] sign-in security: signing out from the sidebar ends the session on the server", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page, context } = tab;
  const step = { timeout: 30_000 };
  try {
    await page.goto("/login");
    await page.getByLabel("Email").fill("purchase@example.com", step);
    await page.getByLabel("Password").fill("demo123", step);
    await page.getByRole("button", { name: "Sign In", exact: true }).click(step);
    // The first screen after sign-in: the inbox.
    const inbox = page.getByRole("heading", { level: 2, name: "Inbox", exact: true });
    await inbox.waitFor(step);
    const before = (await context.cookies()).find((c) => c.name === "session");
    assert.ok(before, "signed in");

    const logout = page.waitForRequest((r) => r.url().endsWith("/api/auth/logout"), step);
    await page.getByRole("button", { name: "Logout", exact: true }).first().click(step);
    assert.equal((await logout).method(), "POST");
    await inbox.waitFor({ state: "detached", ...step });
    await screenshot(page, "signed-out");

    // The cookie as it was before signing out no longer opens anything.
    const res = await fetch(`${server.url}/api/auth/user`, { headers: { cookie: `session=${before.value}` } });
    assert.equal(res.status, 401);
    await res.body?.cancel();
  } finally {
    await tab.close();
  }
});

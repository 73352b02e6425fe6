/**
 * Identity journeys: each demo role signs in and sees exactly its sidebar
 * sections; an administrator creates a user in the UI and that user is made to replace the
 * temporary password before reaching the dashboard; a deactivated user's open session is refused
 * on its next request (401 → 'Unauthorized' toast → login page).
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { sectionsFor } from "../../src/shared/permissions.ts";
import type { RoleName } from "../../src/shared/roles.ts";
import en from "../../web/src/locales/en.json" with { type: "json" };
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";
import { sectionName, shownSections } from "./sections.ts";

const ctx = e2eContext();

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

async function expectToast(page: Page, title: string, description?: string) {
  const toast = page.getByRole("status").filter({ hasText: title });
  await toast.waitFor();
  if (description) await toast.getByText(description).waitFor();
}

const DEMO: { role: RoleName; email?: string }[] = [
  { role: "admin" },
  { role: "purchase_team", email: "purchase@example.com" },
  { role: "procurement_manager", email: "manager@example.com" },
  { role: "cost_finance_controller", email: "finance@example.com" },
  { role: "vendor", email: "vendor@example.com" },
];

for (const { role, email } of DEMO) {
  Deno.test(`[e2e] identity: ${role} signs in through the login screen and sees exactly its sections`, async () => {
    const { server, browser } = await ctx();
    const tab = await openPage(browser, server.url);
    const { page, problems } = tab;
    try {
      await page.goto("/login");
      if (email) {
        await page.getByLabel("Email").fill(email);
        await page.getByLabel("Password").fill("demo123");
        await page.getByRole("button", { name: "Sign In", exact: true }).click();
      } else {
        await page.getByRole("tab", { name: "Admin Login" }).click();
        await page.getByLabel("Username").fill("admin");
        await page.getByLabel("Password").fill("admin123");
        await page.getByRole("button", { name: "Sign In as Administrator" }).click();
      }
      // Every role starts on its inbox.
      await page.getByRole("heading", { level: 2, name: en.inbox.title, exact: true }).waitFor();
      assert.equal(new URL(page.url()).pathname, "/");

      const expected = sectionsFor(role).map(sectionName);
      assert.deepEqual(await shownSections(sidebar(page)), expected);
      await screenshot(page, `identity-sidebar-${role}`);
      assert.deepEqual(problems, []);
    } finally {
      await tab.close();
    }
  });
}

Deno.test("[e2e] identity: an admin creates a user, who must change the temporary password at first sign-in", async () => {
  const { server, browser } = await ctx();
  const email = `new.buyer.${Date.now()}@example.com`;
  const temporary = "Temp-pass-1";
  const tab = await openPage(browser, server.url);
  const { page, problems } = tab;
  try {
    // The administrator adds the account in User Management.
    await signIn(tab);
    await page.goto("/");
    await sidebar(page).getByRole("button", { name: "User Management" }).click();
    await page.getByRole("heading", { name: "User Management" }).waitFor();
    await page.getByRole("button", { name: "Add User" }).click();
    const dialog = page.getByRole("dialog", { name: "Add New User" });
    const create = dialog.getByRole("button", { name: "Create User" });
    assert.ok(await create.isDisabled(), "create stays disabled until every field is filled");
    await dialog.getByLabel("First Name").fill("Nora");
    await dialog.getByLabel("Last Name").fill("Buyer");
    await dialog.getByLabel("Email").fill(email);
    await dialog.getByLabel("Password").fill(temporary);
    const roles = await dialog.getByLabel("Role").locator("option:not([disabled])").allTextContents();
    assert.ok(!roles.includes("Vendor"), "vendors register themselves");
    await dialog.getByLabel("Role").selectOption({ label: "Purchase Team" });
    assert.ok(await create.isEnabled());
    await create.click();
    await expectToast(page, "Success", "User created successfully");
    await dialog.waitFor({ state: "hidden" });
    const row = page.getByRole("row").filter({ hasText: email });
    await row.getByText("Never").waitFor();
    await screenshot(page, "identity-user-created");

    // Signing out is a navigation to the logout endpoint, which lands on the landing page.
    await page.getByRole("button", { name: "Logout", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("link", { name: "Register as Vendor" }).first().waitFor();

    // The new user signs in with the temporary password and sees only the change form.
    await page.goto("/login");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(temporary);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await page.getByRole("heading", { name: "Change your password" }).waitFor();
    assert.equal(await sidebar(page).count(), 0, "no dashboard until the password is changed");
    const refused = await page.request.get("/api/purchase-requests/stats");
    assert.equal(refused.status(), 403);
    assert.equal((await refused.json()).passwordChangeRequired, true);
    await screenshot(page, "identity-forced-password-change");

    await page.getByLabel("Temporary Password").fill(temporary);
    await page.getByLabel("New Password", { exact: true }).fill("my-own-password");
    await page.getByLabel("Confirm New Password").fill("something-else");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByText("Passwords do not match").waitFor();

    await page.getByLabel("Confirm New Password").fill("my-own-password");
    await page.getByRole("button", { name: "Change Password" }).click();
    await page.getByRole("heading", { level: 2, name: en.inbox.title, exact: true }).waitFor();
    await sidebar(page).getByRole("button", { name: sectionName("overview"), exact: true }).click();
    const greeting = page.getByRole("heading", { name: /^Welcome back/ });
    await greeting.waitFor();
    assert.ok((await greeting.textContent())?.includes(email.split("@")[0]), "greets the new user by name");
    assert.deepEqual(await shownSections(sidebar(page)), sectionsFor("purchase_team").map(sectionName));
    assert.equal(
      (await page.request.get("/api/purchase-requests/stats")).status(),
      200,
      "the API opens up after the change",
    );
    // 403s from the refused call above are expected; nothing else may go wrong.
    assert.deepEqual(problems.filter((p) => !/status of 403/.test(p)), []);
  } finally {
    await tab.close();
  }
});

Deno.test("[e2e] identity: a deactivated user's open session is refused on its next request", async () => {
  const { server, browser } = await ctx();
  const admin = await openPage(browser, server.url);
  const user = await openPage(browser, server.url);
  const email = `leaving.${Date.now()}@example.com`;
  try {
    await signIn(admin);
    const created = await admin.page.request.post("/api/admin/users", {
      data: { firstName: "Lee", lastName: "Leaving", email, password: "Temp-pass-2", roleId: 2 },
    });
    assert.equal(created.status(), 201);
    const { id } = await created.json();

    // The user is signed in with a password of their own and has the dashboard open.
    const { page } = user;
    await signIn(user, email, { password: "Temp-pass-2" });
    const changed = await page.request.put(`/api/users/${id}/change-password`, {
      data: { currentPassword: "Temp-pass-2", newPassword: "Own-pass-2", confirmPassword: "Own-pass-2" },
    });
    assert.equal(changed.status(), 200);
    await page.goto("/");
    await page.getByRole("heading", { level: 2, name: en.inbox.title, exact: true }).waitFor();

    // Meanwhile an administrator deactivates the account.
    const status = await admin.page.request.put(`/api/admin/users/${id}/status`, { data: { isActive: false } });
    assert.equal(status.status(), 200);

    // The next request of the open session answers 401: toast, then the login page. The toast lives
    // 500 ms before the redirect, less than a loaded machine may take to poll a locator: the page
    // itself reports every toast it shows as it shows it.
    const toasts: string[] = [];
    await page.exposeFunction("reportToast", (text: string) => toasts.push(text));
    await page.evaluate(() => {
      const report = (globalThis as unknown as { reportToast(text: string): void }).reportToast;
      new MutationObserver(() => {
        for (const toast of document.querySelectorAll("[role=status]")) report(toast.textContent ?? "");
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await sidebar(page).getByRole("button", { name: "Purchase Requests" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
    assert.ok(
      toasts.some((t) => t.includes("Unauthorized") && t.includes("You are logged out. Logging in again...")),
      `the toast before the redirect: ${JSON.stringify(toasts)}`,
    );
    await page.getByRole("tab", { name: "Standard Login" }).waitFor();
    assert.deepEqual(user.problems, []);
  } finally {
    await admin.close();
    await user.close();
  }
});

/**
 * The vendor onboarding journey: a new vendor registers with a license PDF and two
 * categories, the admin opens the license and approves, the approval email (read from the outbox)
 * carries a one-time set-password link, the vendor sets a password, signs in with the standard
 * login and subscribes to two more categories in the Profile, which survive a reload.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eContext, openPage, screenshot, signIn } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

/** A minimal but well-formed one-page PDF (header, catalog, pages, page, xref, trailer). */
function minimalPdf(): Uint8Array {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, "0")} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(body);
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

Deno.test("[e2e] vendor onboarding: register with a license, admin approves, set password by email link, subscribe", async () => {
  const { server, browser } = await ctx();
  const stamp = Date.now();
  const email = `onboarding-${stamp}@example.com`;
  const company = `Onboarding Test Supplies ${stamp}`;
  const password = "vendor-pass-123";
  const licensePath = await Deno.makeTempFile({ prefix: "license-", suffix: ".pdf" });
  await Deno.writeFile(licensePath, minimalPdf());

  const visitor = await openPage(browser, server.url);
  const admin = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  try {
    // 1. The vendor registers through the form, with the PDF and two categories.
    {
      const page = visitor.page;
      await page.goto("/vendor/register");
      await page.getByLabel("First Name").fill("Olivia");
      await page.getByLabel("Last Name").fill("Onboard");
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Company Name").fill(company);
      await page.getByLabel("Contact Person").fill("Olivia Onboard");
      await page.getByLabel("Phone Number").fill("+1 555 0199");
      await page.getByLabel("Office Supplies").check();
      await page.getByLabel("IT Hardware").check();
      await page.locator('input[type="file"][name="businessLicense"]').setInputFiles(licensePath);
      await page.getByText("Selected file:").waitFor();
      await page.getByRole("button", { name: "Submit Registration" }).click();
      await page.getByRole("heading", { name: "Registration Submitted!" }).waitFor();
      assert.deepEqual(visitor.problems, []);
    }

    // 2. The admin (signed in by the fixture: the admin form is tested in identity.test.ts) opens the
    //    license (a real PDF) and approves the application.
    {
      const page = admin.page;
      await signIn(admin, undefined, { goto: "/" });
      await sidebar(page).getByRole("button", { name: "Vendor Management" }).click();
      await page.getByRole("heading", { name: "Pending Vendor Applications" }).waitFor();
      const card = page.getByRole("article").filter({ hasText: company });
      await card.waitFor();
      assert.ok(await card.getByText("Office Supplies").isVisible());
      assert.ok(await card.getByText("IT Hardware").isVisible());

      const link = card.getByRole("link", { name: /View Business License/ });
      const href = await link.getAttribute("href");
      assert.match(href ?? "", /^\/api\/files\/\d+$/);
      assert.equal(await link.getAttribute("target"), "_blank");
      const licenseResponse = page.context().waitForEvent("response", (r) => r.url().endsWith(href!));
      const popup = page.context().waitForEvent("page");
      await link.click();
      const response = await licenseResponse;
      assert.equal(response.status(), 200);
      assert.match(response.headers()["content-type"] ?? "", /^application\/pdf/);
      await (await popup).close();
      // The bytes are the uploaded file.
      const file = await page.request.get(href!);
      assert.equal(file.headers()["content-type"], "application/pdf");
      assert.equal(new TextDecoder().decode((await file.body()).subarray(0, 5)), "%PDF-");

      await card.getByRole("button", { name: /Approve/ }).click();
      await page.getByText("Vendor approved successfully").waitFor();
      await page.getByRole("article").filter({ hasText: company }).waitFor({ state: "detached" });
      await screenshot(page, "vendor-onboarding-approved");
      assert.deepEqual(admin.problems, []);
    }

    // 3. The approval email is in the outbox with its link hidden; the admin (no email provider in
    //    the demo) shows the link in Notification Settings → Sent messages and hands it over.
    let setPasswordPath: string;
    {
      const res = await admin.page.request.get("/api/admin/outbox?limit=50");
      assert.equal(res.status(), 200);
      const messages = await res.json() as { recipient: string; subject: string; body: string }[];
      const mail = messages.find((m) => m.recipient === email);
      assert.ok(mail, `an email to ${email} is in the outbox`);
      assert.match(mail.subject, /approved/i);
      assert.match(mail.body, /\/set-password\?token=••••••••/, "the stored body hides the token");

      const page = admin.page;
      await sidebar(page).getByRole("button", { name: "Notification Settings" }).click();
      await page.getByRole("heading", { name: "Sent messages" }).waitFor();
      await page.getByRole("row").filter({ hasText: email }).first().getByRole("button").click();
      const dialog = page.getByRole("dialog");
      await dialog.getByText("token=••••••••", { exact: false }).waitFor();
      await dialog.getByRole("button", { name: "Show link" }).click();
      const shown = dialog.locator("pre");
      await shown.filter({ hasNotText: "••••••••" }).waitFor();
      const match = /(\/set-password\?token=[^\s]+)/.exec(await shown.innerText());
      assert.ok(match, "the revealed email contains the set-password link");
      setPasswordPath = match[1];
      await screenshot(page, "vendor-onboarding-outbox");
      await dialog.getByRole("button", { name: "Close" }).first().click();
      assert.deepEqual(admin.problems, []);
    }

    // 4. The vendor opens the link, sets a password and signs in with the standard login.
    {
      const page = vendor.page;
      await page.goto(setPasswordPath);
      await page.getByRole("heading", { name: "Set Your Password" }).waitFor();
      await page.getByLabel("New password", { exact: true }).fill(password);
      await page.getByLabel("Confirm new password").fill(`${password}-typo`);
      await page.getByRole("button", { name: "Set Password" }).click();
      await page.getByText("Passwords do not match").waitFor();
      await page.getByLabel("Confirm new password").fill(password);
      await page.getByRole("button", { name: "Set Password" }).click();
      await page.getByText("Your password is set.").waitFor();
      await page.getByRole("link", { name: "Go to Sign In" }).click();

      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill(password);
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
      await sidebar(page).getByRole("button", { name: "Profile" }).click();
    }

    // 5. In the Profile, the vendor subscribes to two more categories, saves, and they stay after a reload.
    {
      const page = vendor.page;
      const panel = page.getByRole("region", { name: "Category Subscriptions" });
      await panel.getByRole("heading", { name: "Current Subscriptions" }).waitFor();
      assert.ok(await panel.getByLabel("Office Supplies").isChecked(), "registration categories are subscribed");
      assert.ok(await panel.getByLabel("IT Hardware").isChecked());
      assert.equal(await panel.getByRole("button", { name: "Save Changes" }).count(), 0, "no Save while unchanged");

      await panel.getByLabel("Furniture").check();
      await panel.getByLabel("Catering").check();
      await panel.getByRole("button", { name: "Save Changes" }).click();
      await page.getByText("Categories Updated").waitFor();
      await panel.getByRole("button", { name: "Save Changes" }).waitFor({ state: "detached" });

      await page.reload();
      await sidebar(page).getByRole("button", { name: "Profile" }).click();
      await panel.getByRole("heading", { name: "Current Subscriptions" }).waitFor();
      for (const name of ["Office Supplies", "IT Hardware", "Furniture", "Catering"]) {
        assert.ok(await panel.getByLabel(name).isChecked(), `${name} is still subscribed after a reload`);
      }
      assert.ok(!await panel.getByLabel("Medical Supplies").isChecked());
      const saved = await (await page.request.get("/api/vendor/categories")).json() as { categoryId: number }[];
      assert.equal(saved.length, 4);
      await screenshot(page, "vendor-onboarding-subscriptions");
      assert.deepEqual(vendor.problems, []);
    }

    // The link works once.
    {
      const res = await vendor.page.request.post("/api/auth/set-password", {
        data: { token: new URL(setPasswordPath, server.url).searchParams.get("token"), password: "another-pass" },
      });
      assert.equal(res.status(), 400);
    }
  } finally {
    await visitor.close();
    await admin.close();
    await vendor.close();
    await Deno.remove(licensePath).catch(() => {});
  }
});

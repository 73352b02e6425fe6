/**
 * The vendor onboarding journey (issue 4): a new vendor registers with a license PDF and two
 * categories, the admin opens the license and approves, the approval email (read from the outbox)
 * carries a one-time set-password link, the vendor sets a password, signs in with the standard
 * login and subscribes to two more categories in the Profile, which survive a reload.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { e2eContext, openPage, screenshot } from "./helpers.ts";

const ctx = e2eContext();

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
lap("L42");

  const visitor = await openPage(browser, server.url);
  const admin = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url);
  try {
    const T0 = Date.now(); const lap = (n: string) => console.log(n, Date.now() - T0);
    // 1. The vendor registers through the form, with the PDF and two categories.
    {
      const page = visitor.page;
      await page.goto("/vendor/register");
lap("L52");
      await page.getByLabel("First Name").fill("Olivia");
lap("L53");
      await page.getByLabel("Last Name").fill("Onboard");
lap("L54");
      await page.getByLabel("Email").fill(email);
lap("L55");
      await page.getByLabel("Company Name").fill(company);
lap("L56");
      await page.getByLabel("Contact Person").fill("Olivia Onboard");
lap("L57");
      await page.getByLabel("Phone Number").fill("+1 555 0199");
lap("L58");
      await page.getByLabel("Office Supplies").check();
lap("L59");
      await page.getByLabel("IT Hardware").check();
lap("L60");
      await page.locator('input[type="file"][name="businessLicense"]').setInputFiles(licensePath);
lap("L61");
      await page.getByText("Selected file:").waitFor();
lap("L62");
      await page.getByRole("button", { name: "Submit Registration" }).click();
lap("L63");
      await page.getByRole("heading", { name: "Registration Submitted!" }).waitFor();
lap("L64");
      assert.deepEqual(visitor.problems, []);
    }

    // 2. The admin signs in, opens the license (a real PDF) and approves the application.
    {
      const page = admin.page;
      await page.goto("/login");
lap("L71");
      await page.getByRole("tab", { name: "Admin Login" }).click();
lap("L72");
      await page.getByLabel("Username").fill("admin");
lap("L73");
      await page.getByLabel("Password").fill("admin123");
lap("L74");
      await page.getByRole("button", { name: "Sign In as Administrator" }).click();
lap("L75");
      await sidebar(page).getByRole("button", { name: "Vendor Management" }).click();
lap("L76");
      await page.getByRole("heading", { name: "Pending Vendor Applications" }).waitFor();
lap("L77");
      const card = page.getByRole("article").filter({ hasText: company });
      await card.waitFor();
lap("L79");
      assert.ok(await card.getByText("Office Supplies").isVisible());
      assert.ok(await card.getByText("IT Hardware").isVisible());

      const link = card.getByRole("link", { name: /View Business License/ });
      const href = await link.getAttribute("href");
      assert.match(href ?? "", /^\/api\/files\/\d+$/);
      assert.equal(await link.getAttribute("target"), "_blank");
      const licenseResponse = page.context().waitForEvent("response", (r) => r.url().endsWith(href!));
      const popup = page.context().waitForEvent("page");
      await link.click();
lap("L89");
      const response = await licenseResponse;
      assert.equal(response.status(), 200);
      assert.match(response.headers()["content-type"] ?? "", /^application\/pdf/);
      await (await popup).close();
lap("L93");
      // The bytes are the uploaded file.
      const file = await page.request.get(href!);
      assert.equal(file.headers()["content-type"], "application/pdf");
      assert.equal(new TextDecoder().decode((await file.body()).subarray(0, 5)), "%PDF-");

      await card.getByRole("button", { name: /Approve/ }).click();
lap("L99");
      await page.getByText("Vendor approved successfully").waitFor();
lap("L100");
      await page.getByRole("article").filter({ hasText: company }).waitFor({ state: "detached" });
lap("L101");
      await screenshot(page, "vendor-onboarding-approved");
lap("L102");
      assert.deepEqual(admin.problems, []);
    }

    // 3. The approval email, read from the outbox as the admin, carries the set-password link.
    let setPasswordPath: string;
    {
      const res = await admin.page.request.get("/api/admin/outbox?limit=50");
      assert.equal(res.status(), 200);
      const messages = await res.json() as { recipient: string; subject: string; body: string }[];
      const mail = messages.find((m) => m.recipient === email);
      assert.ok(mail, `an email to ${email} is in the outbox`);
      assert.match(mail.subject, /approved/i);
      const match = /(\/set-password\?token=[^\s]+)/.exec(mail.body);
      assert.ok(match, "the email contains the set-password link");
      setPasswordPath = match[1];

      // The admin can read the same message in Notification Settings → Sent messages.
      const page = admin.page;
      await sidebar(page).getByRole("button", { name: "Notification Settings" }).click();
lap("L121");
      await page.getByRole("heading", { name: "Sent messages" }).waitFor();
lap("L122");
      await page.getByRole("row").filter({ hasText: email }).first().getByRole("button").click();
lap("L123");
      const dialog = page.getByRole("dialog");
      await dialog.getByText(setPasswordPath, { exact: false }).waitFor();
lap("L125");
      await screenshot(page, "vendor-onboarding-outbox");
lap("L126");
      await dialog.getByRole("button", { name: "Close" }).first().click();
lap("L127");
      assert.deepEqual(admin.problems, []);
    }

    // 4. The vendor opens the link, sets a password and signs in with the standard login.
    {
      const page = vendor.page;
      await page.goto(setPasswordPath);
lap("L134");
      await page.getByRole("heading", { name: "Set Your Password" }).waitFor();
lap("L135");
      await page.getByLabel("New password", { exact: true }).fill(password);
lap("L136");
      await page.getByLabel("Confirm new password").fill(`${password}-typo`);
lap("L137");
      await page.getByRole("button", { name: "Set Password" }).click();
lap("L138");
      await page.getByText("Passwords do not match").waitFor();
lap("L139");
      await page.getByLabel("Confirm new password").fill(password);
lap("L140");
      await page.getByRole("button", { name: "Set Password" }).click();
lap("L141");
      await page.getByText("Your password is set.").waitFor();
lap("L142");
      await page.getByRole("link", { name: "Go to Sign In" }).click();
lap("L143");

      await page.getByLabel("Email").fill(email);
lap("L145");
      await page.getByLabel("Password").fill(password);
lap("L146");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();
lap("L147");
      await sidebar(page).getByRole("button", { name: "Profile" }).click();
lap("L148");
    }

    // 5. In the Profile, the vendor subscribes to two more categories, saves, and they stay after a reload.
    {
      const page = vendor.page;
      const panel = page.getByRole("region", { name: "Category Subscriptions" });
      await panel.getByRole("heading", { name: "Current Subscriptions" }).waitFor();
lap("L155");
      assert.ok(await panel.getByLabel("Office Supplies").isChecked(), "registration categories are subscribed");
      assert.ok(await panel.getByLabel("IT Hardware").isChecked());
      assert.equal(await panel.getByRole("button", { name: "Save Changes" }).count(), 0, "no Save while unchanged");

      await panel.getByLabel("Furniture").check();
lap("L160");
      await panel.getByLabel("Catering").check();
lap("L161");
      await panel.getByRole("button", { name: "Save Changes" }).click();
lap("L162");
      await page.getByText("Categories Updated").waitFor();
lap("L163");
      await panel.getByRole("button", { name: "Save Changes" }).waitFor({ state: "detached" });
lap("L164");

      await page.reload();
lap("L166");
      await sidebar(page).getByRole("button", { name: "Profile" }).click();
lap("L167");
      await panel.getByRole("heading", { name: "Current Subscriptions" }).waitFor();
lap("L168");
      for (const name of ["Office Supplies", "IT Hardware", "Furniture", "Catering"]) {
        assert.ok(await panel.getByLabel(name).isChecked(), `${name} is still subscribed after a reload`);
      }
      assert.ok(!await panel.getByLabel("Medical Supplies").isChecked());
      const saved = await (await page.request.get("/api/vendor/categories")).json() as { categoryId: number }[];
      assert.equal(saved.length, 4);
      await screenshot(page, "vendor-onboarding-subscriptions");
lap("L175");
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
lap("L187");
    await admin.close();
lap("L188");
    await vendor.close();
lap("L189");
    await Deno.remove(licensePath).catch(() => {});
lap("L190");
  }
});

Deno.test("[e2e] vendor onboarding: the server logged no errors", async () => {
  const { server } = await ctx();
  assert.deepEqual(server.errors(), []);
});

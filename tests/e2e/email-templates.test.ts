/**
 * Emails in the recipient's language, seen by an administrator: the Templates
 * tab in French shows the French templates; the edit dialog previews the email with French dates
 * and money, and refuses a blank subject without saving it.
 */
import assert from "node:assert/strict";
import { LANGUAGE_STORAGE_KEY } from "../../src/shared/i18n-languages.ts";
import frApp from "../../web/src/locales/fr.json" with { type: "json" };
import frSettings from "../../web/src/features/notification-settings/locales/fr.json" with { type: "json" };
import frOutbox from "../../web/src/features/outbox/locales/fr.json" with { type: "json" };
import { e2eContext, openPage, screenshot, signIn, waitUntil } from "./helpers.ts";

const ctx = e2eContext();

Deno.test("[e2e] email templates: the French preview shows French text, dates and money; a blank subject is refused", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url, { viewport: { width: 1280, height: 1000 } });
  const { page, context } = tab;
  try {
    await context.addInitScript((key) => localStorage.setItem(key, "fr"), LANGUAGE_STORAGE_KEY);
    await signIn(tab);

    await page.goto("/");
    await page.getByRole("button", { name: frApp.dashboard.sections["notification-settings"], exact: true }).click();
    await page.getByRole("tab", { name: frSettings.tabs.templates }).click();
    // The template language follows the interface language: French.
    await page.getByLabel(frSettings.templates.language).waitFor();
    assert.equal(await page.getByLabel(frSettings.templates.language).inputValue(), "fr");

    const card = page.locator(".card").filter({ hasText: frSettings.templates.keys.quotation_awarded });
    await card.getByRole("button", { name: frSettings.templates.edit }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("preview-body").waitFor();
    const subject = await dialog.getByTestId("preview-subject").innerText();
    const body = await dialog.getByTestId("preview-body").innerText();
    assert.equal(subject, "Votre devis pour PR-2026-0042 a été retenu : bon de commande PO-2026-0007");
    assert.match(body, /^Bonjour Aishath Rasheed,/);
    // French money: spaces between thousands, a decimal comma, "$US" after the amount.
    assert.match(body.replace(/\s/g, " "), /d’un montant de 12 345,50 \$US a été émis/);
    await screenshot(page, "email-preview-fr-quotation-awarded");
    // The dialog alone, as the administrator sees it.
    await screenshot(page, "email-preview-fr-dialog", { fullPage: false });

    // A blank subject: refused in French, next to the field, and nothing is saved.
    const saves: string[] = [];
    page.on("request", (r) => r.method() === "PUT" && saves.push(r.url()));
    await dialog.getByLabel(frSettings.templates.subject).fill("   ");
    await dialog.getByRole("button", { name: frSettings.templates.save }).click();
    await dialog.getByText(frSettings.templates.subjectRequired).waitFor();
    assert.deepEqual(saves, []);
    await screenshot(page, "email-template-fr-blank-subject");
    await dialog.getByRole("button", { name: frApp.common.cancel }).click();

    // The new-request template: the deadline written the French way.
    const created = page.locator(".card").filter({ hasText: frSettings.templates.keys.pr_created });
    await created.getByRole("button", { name: frSettings.templates.edit }).click();
    const preview = await page.getByRole("dialog").getByTestId("preview-body").innerText();
    assert.match(preview, /jusqu’au 5 mars 2026\./);
    await screenshot(page, "email-preview-fr-pr-created");
    assert.deepEqual(tab.problems, []);
  } finally {
    await tab.close();
  }
});

Deno.test("[e2e] outbox: a French vendor's refused email shows why it failed, and the administrator resends it", async () => {
  // A provider that refuses the first message to the vendor (permanent 400), then accepts. The server
  // is shared with other files, so it counts only what is addressed to this test's vendor.
  const email = `fournisseur.${crypto.randomUUID().slice(0, 6)}@example.com`;
  let refuse = true;
  const all: { to: string[]; subject: string }[] = [];
  const received = () => all.filter((m) => m.to.includes(email));
  const provider = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, async (req) => {
    const body = await req.json();
    all.push({ to: body.to, subject: body.subject });
    if (refuse && body.to.includes(email)) {
      refuse = false;
      return Response.json({
        data: { error: "Recipient address rejected", error_code: "E_ApiResponseCodes.INVALID_EMAIL" },
      }, {
        status: 400,
      });
    }
    return Response.json({ data: { succeeded: 1, failed: 0, email_id: "fake-1" } });
  });
  const { server, browser, email: edge } = await ctx();
  await edge.routeTo(`http://127.0.0.1:${provider.addr.port}`);
  const tab = await openPage(browser, server.url, { viewport: { width: 1280, height: 1000 } });
  const { page, context } = tab;
  const api = page.request;
  let configured = false;
  try {
    await context.addInitScript((key) => localStorage.setItem(key, "fr"), LANGUAGE_STORAGE_KEY);
    await signIn(tab);
    configured = true;
    for (const [key, value] of [["smtp2go_api_key", "api-test"], ["smtp2go_sender_email", "noreply@procure.example"]]) {
      assert.equal((await api.post("/api/admin/notification-settings", { data: { key, value } })).status(), 200, key);
    }
    // A vendor registers in French and is approved: its approval email is written in French.
    const categories = await (await api.get("/api/categories")).json() as { id: number }[];
    const registered = await api.post("/api/vendor/register", {
      multipart: {
        firstName: "Camille",
        lastName: "Durand",
        email,
        companyName: "Mobilier Durand SARL",
        contactPerson: "Camille Durand",
        phone: "+33 1 23 45 67 89",
        categoryIds: String(categories[0].id),
        language: "fr",
      },
    });
    assert.equal(registered.status(), 201, await registered.text());
    const pending = await (await api.get("/api/admin/vendors/pending")).json() as { id: number; email: string }[];
    const vendor = pending.find((v) => v.email === email)!;
    assert.equal(
      (await api.patch(`/api/admin/vendors/${vendor.id}/status`, { data: { status: "approved" } })).status(),
      200,
    );
    // The worker tries it within a few seconds; the provider refuses it for good.
    await waitUntil(() => received().length, "the worker to try the vendor's email", { timeout: 30_000 });
    assert.equal(received().length, 1, "the worker tried the email");

    await page.goto("/");
    await page.getByRole("button", { name: frApp.dashboard.sections["notification-settings"], exact: true }).click();
    await page.getByLabel(frOutbox.filterLabel).selectOption("failed");
    await page.getByRole("button", { name: "Votre demande de référencement fournisseur a été approuvée" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByText("Recipient address rejected").waitFor();
    assert.match(await dialog.locator("pre").innerText(), /^Bonjour Camille Durand, votre demande/);
    await dialog.getByText(frOutbox.resendHint).waitFor();
    await screenshot(page, "outbox-fr-failed-message", { fullPage: false });

    await dialog.getByRole("button", { name: frOutbox.resend }).click();
    await page.getByRole("status").filter({ hasText: frOutbox.resent }).waitFor();
    await waitUntil(() => received().length >= 2, "the resent email to reach the provider", { timeout: 30_000 });
    assert.equal(received().length, 2, "resent and delivered");
    assert.deepEqual(received()[1].to, [email]);
    assert.deepEqual(tab.problems.filter((p) => !/status of 4\d\d/.test(p)), []);
  } finally {
    // Back to the demo's state for the files that follow: no provider configured (emails are logged).
    if (configured) {
      for (const key of ["smtp2go_api_key", "smtp2go_sender_email"]) {
        const res = await api.post("/api/admin/notification-settings", { data: { key, value: "" } });
        assert.equal(res.status(), 200, `resetting ${key}: ${await res.text()}`);
      }
    }
    await tab.close();
    await edge.restore();
    await provider.shutdown();
  }
});

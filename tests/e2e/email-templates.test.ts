/**
 * Emails in the recipient's language (issue 9, item 5), seen by an administrator: the Templates
 * tab in French shows the French templates; the edit dialog previews the email with French dates
 * and money, and refuses a blank subject without saving it.
 */
import assert from "node:assert/strict";
import { LANGUAGE_STORAGE_KEY } from "../../src/shared/i18n-languages.ts";
import frApp from "../../web/src/locales/fr.json" with { type: "json" };
import frSettings from "../../web/src/features/notification-settings/locales/fr.json" with { type: "json" };
import { e2eContext, openPage, RESULTS_DIR, screenshot } from "./helpers.ts";

const ctx = e2eContext();

Deno.test("[e2e] email templates: the French preview shows French text, dates and money; a blank subject is refused", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url, { viewport: { width: 1280, height: 1000 } });
  const { page, context } = tab;
  try {
    await context.addInitScript((key) => localStorage.setItem(key, "fr"), LANGUAGE_STORAGE_KEY);
    const signIn = await page.request.post("/api/admin/login", { data: { username: "admin", password: "admin123" } });
    assert.equal(signIn.status(), 200, "admin sign-in");

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
    await page.screenshot({ path: `${RESULTS_DIR}/email-preview-fr-dialog.png` });

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

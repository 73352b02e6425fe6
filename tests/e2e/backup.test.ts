/**
 * The backup as the administrator takes it (docs/decisions/020): System Settings → Backup Database
 * asks for a passphrase twice (too short and different ones refused in the form), downloads the
 * archive, and the file opens with that passphrase into the backup's text. Axe-checked in light and
 * dark; photographed in light, dark and at 390 px.
 */
import assert from "node:assert/strict";
import { decryptArchive } from "../../src/backup/archive.ts";
import { violationsInThemes } from "./axe.ts";
import { e2eContext, openPage, screenshot, signIn, startServer } from "./helpers.ts";

const ctx = e2eContext({ noServerErrors: true });

Deno.test("[e2e] backup: the admin downloads an archive encrypted with a passphrase, and it opens with it", async () => {
  const { server, browser } = await ctx();
  const tab = await openPage(browser, server.url);
  const { page, problems } = tab;
  try {
    await signIn(tab, undefined, { goto: "/" });
    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("button", { name: "System Settings" })
      .click();
    await page.getByRole("button", { name: "Backup Database" }).click();
    const dialog = page.getByRole("dialog", { name: "Back up the database" });
    await dialog.getByLabel("Passphrase", { exact: true }).fill("too short");
    await dialog.getByRole("button", { name: "Download backup" }).click();
    await dialog.getByText("The passphrase must be at least 12 characters").waitFor();
    await dialog.getByText("The two passphrases differ").waitFor();

    const passphrase = "river copper lantern seven";
    await dialog.getByLabel("Passphrase", { exact: true }).fill(passphrase);
    await dialog.getByLabel("Repeat the passphrase").fill(passphrase);
    const found: string[] = await violationsInThemes(page, "backup-dialog", { include: "dialog[open]" });
    await screenshot(page, "backup-dialog-light");
    await page.emulateMedia({ colorScheme: "dark" });
    await screenshot(page, "backup-dialog-dark");
    await page.emulateMedia({ colorScheme: "light" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      dialog.getByRole("button", { name: "Download backup" }).click(),
    ]);
    assert.match(download.suggestedFilename(), /^procurement-backup-\d{4}-\d{2}-\d{2}\.pbak$/);
    await page.getByText("Backup Created").first().waitFor();
    await dialog.waitFor({ state: "hidden" });

    // The browser may be a remote one (the pass shares one Chromium): the file is saved here.
    const saved = await Deno.makeTempDir({ prefix: "e2e-backup-" });
    try {
      await download.saveAs(`${saved}/backup.pbak`);
      const file = await Deno.open(`${saved}/backup.pbak`);
      const text = await new Response(decryptArchive(file.readable, passphrase)).text();
      const header = JSON.parse(text.slice(0, text.indexOf("\n")));
      assert.equal(header.format, "procurement-backup");
      assert.ok(text.includes(`{"table":"users"`), "the users table is in it");
      assert.ok(text.includes("purchase@example.com"), "the demo organisation is in it");
    } finally {
      await Deno.remove(saved, { recursive: true });
    }

    // Restore: the form asks for the file, the passphrase and REPLACE before anything is sent (the
    // restore itself is tested through the API: here other files share the server's database).
    await page.getByRole("button", { name: "Restore from Backup" }).click();
    const restore = page.getByRole("dialog", { name: "Restore from a backup" });
    await restore.getByText("Every record and file is replaced by the backup's", { exact: false }).waitFor();
    await restore.getByRole("button", { name: "Replace all data" }).click();
    await restore.getByText("Choose the backup file").waitFor();
    await restore.getByText("Enter the backup's passphrase").waitFor();
    await restore.getByText("Type REPLACE to confirm").nth(1).waitFor();
    found.push(...await violationsInThemes(page, "restore-dialog", { include: "dialog[open]" }));
    await screenshot(page, "restore-dialog-light");
    await restore.getByRole("button", { name: "Cancel" }).click();
    await restore.waitFor({ state: "hidden" });

    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "Backup Database" }).click();
    await dialog.getByLabel("Passphrase", { exact: true }).waitFor();
    await screenshot(page, "backup-dialog-390");
    await dialog.getByRole("button", { name: "Cancel" }).click();

    assert.deepEqual(found, []);
    assert.deepEqual(problems, []);
  } finally {
    await tab.close();
  }
});

Deno.test("[e2e] restore: on a server of its own, the admin restores a backup from the screen and signs in again", async () => {
  const { browser } = await ctx();
  // Its own server: a restore replaces every record, which the shared one's other files would feel.
  const server = await startServer();
  const tab = await openPage(browser, server.url);
  const { page, problems } = tab;
  const saved = await Deno.makeTempDir({ prefix: "e2e-restore-" });
  try {
    await signIn(tab, undefined, { goto: "/" });
    const passphrase = "restore me from the screen";
    const res = await page.request.post("/api/admin/backup-database", { data: { passphrase } });
    assert.equal(res.status(), 200);
    await Deno.writeFile(`${saved}/backup.pbak`, new Uint8Array(await res.body()));
    const later = `Made after the backup ${Date.now()}`;
    const made = await page.request.post("/api/categories", { data: { name: later, description: "" } });
    assert.equal(made.status(), 201, await made.text());

    await page.getByRole("navigation", { name: "Dashboard sections" }).getByRole("button", { name: "System Settings" })
      .click();
    await page.getByRole("button", { name: "Restore from Backup" }).click();
    const dialog = page.getByRole("dialog", { name: "Restore from a backup" });
    await dialog.getByLabel("Backup file (.pbak)").setInputFiles(`${saved}/backup.pbak`);
    await dialog.getByLabel("Passphrase").fill(passphrase);
    await dialog.getByLabel("Type REPLACE to confirm").fill("REPLACE");
    // The answer, not the toast: on a busy machine the toast and the move to the sign-in page race,
    // and the page may leave before a waiting test sees the toast.
    const answer = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/admin/restore-database");
    await dialog.getByRole("button", { name: "Replace all data" }).click();
    assert.equal((await answer).status(), 200);
    // Every session ended: the screen goes to the sign-in page.
    await page.waitForURL(/\/login$/);

    await signIn(tab, undefined, { goto: "/" });
    const names = (await (await page.request.get("/api/categories")).json() as { name: string }[]).map((c) => c.name);
    assert.ok(names.length > 0, "the backup's categories are there");
    assert.equal(names.includes(later), false, "what was made after the backup is gone");
    assert.deepEqual(problems.filter((p) => !/status of 401/.test(p)), []);
    assert.deepEqual(server.errors(), []);
  } finally {
    await tab.close();
    await server.stop();
    await Deno.remove(saved, { recursive: true });
  }
});

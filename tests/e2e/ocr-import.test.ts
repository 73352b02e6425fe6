/**
 * The OCR quotation import: a vendor uploads a scanned quotation (an image with no
 * text layer, so it goes through OCR) for an open purchase request, watches the progress bar move with
 * the job's real progress, reviews the lines beside the page, corrects one low-confidence cell, maps
 * what the reader could not, and submits; staff then see the quotation with the original file
 * attached. The review screen is also opened in the dark theme and in Dhivehi (right to left), with
 * screenshots in test-results/ and axe's colour-contrast rule over it.
 *
 * The "scan" is drawn by the browser itself from HTML (a quotation printed at about 190 dpi, greyish
 * paper, slightly rotated, one unit price faint and blurred the way a worn print reads), so the truth
 * is known exactly and the fixture needs no binary file in the repository.
 */
import assert from "node:assert/strict";
import { Buffer } from "node:buffer";
import { seriousViolations } from "./axe.ts";
import type { Browser, Page } from "playwright-core";
import dvApp from "../../web/src/locales/dv.json" with { type: "json" };
import dvOcr from "../../web/src/features/ocr/locales/dv.json" with { type: "json" };
import dvOpportunities from "../../web/src/features/opportunities/locales/dv.json" with { type: "json" };
import { makeCorpus, renderPdf } from "../fixtures/ocr/corpus.ts";
import { e2eContext, openPage, screenshot, signIn, waitUntil } from "./helpers.ts";

const ctx = e2eContext();

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Dashboard sections" });

async function expectToast(page: Page, title: string) {
  await page.getByRole("status").filter({ hasText: title }).waitFor({ timeout: 30_000 });
}

function dateInDays(days: number) {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The request's items and what the vendor's paper quotation says about each (the truth). */
const LINES = [
  { name: "Stapler, heavy duty", quantity: 12, unitPrice: "18.50", total: "222.00" },
  { name: "Ballpoint pens, blue, box of 50", quantity: 40, unitPrice: "6.25", total: "250.00" },
  { name: "Archive box, A4", quantity: 25, unitPrice: "3.80", total: "95.00", faint: true },
];

/** A quotation page as a paper scan would show it, drawn by Chromium into a PNG. */
async function scannedQuotation(browser: Browser): Promise<Uint8Array> {
  const context = await browser.newContext({ viewport: { width: 800, height: 1100 }, deviceScaleFactor: 2 });
  try {
    const page = await context.newPage();
    const rows = LINES.map((l) =>
      `<tr><td>${l.name}</td><td class="n">${l.quantity}</td><td class="n${
        l.faint ? " faint" : ""
      }">${l.unitPrice}</td><td class="n">${l.total}</td></tr>`
    ).join("");
    await page.setContent(`<!doctype html><html><head><style>
      body { margin: 0; background: #fff; }
      .paper { width: 800px; height: 1100px; box-sizing: border-box; padding: 60px 64px; background: #f4f2ec;
        color: #1d1d1d; font: 17px/1.45 "DejaVu Sans", Arial, sans-serif; transform: rotate(0.6deg); }
      h1 { font-size: 28px; margin: 0 0 4px; } .muted { color: #444; }
      table { width: 100%; border-collapse: collapse; margin-top: 36px; }
      th, td { padding: 8px 6px; border-bottom: 1px solid #999; text-align: left; }
      .n { text-align: right; } .faint { color: #9a9a9a; filter: blur(0.9px); }
      .sum td { border: none; }
    </style></head><body><div class="paper">
      <h1>Northwind Office Supplies Ltd</h1>
      <div class="muted">12 Harbour Road, Male</div>
      <p>QUOTATION No. Q-2026-0042<br>Date: 2026-11-20<br>This quotation is valid for 45 days.</p>
      <table><thead><tr><th>Description</th><th class="n">Qty</th><th class="n">Unit price</th><th class="n">Total</th></tr>
      </thead><tbody>${rows}
      <tr class="sum"><td></td><td></td><td class="n">Subtotal</td><td class="n">567.00</td></tr>
      <tr class="sum"><td></td><td></td><td class="n">GST 8%</td><td class="n">45.36</td></tr>
      <tr class="sum"><td></td><td></td><td class="n"><b>Total USD</b></td><td class="n"><b>612.36</b></td></tr>
      </tbody></table>
      <p>Payment terms: 30 days net. Delivery within 10 working days.</p>
    </div></body></html>`);
    return await page.screenshot({ type: "png", fullPage: false });
  } finally {
    await context.close();
  }
}

/** Opens the OCR dialog on the request's card and uploads the scan; returns the progress values seen. */
async function uploadScan(page: Page, title: string, png: Uint8Array): Promise<number[]> {
  await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
  const card = page.getByRole("article").filter({ hasText: title });
  await card.getByRole("button", { name: "Upload PDF Quotation (OCR)" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByTestId("ocr-file-input").waitFor();
  // Record every value the bar takes, in the page, until the review shows: it must move with the
  // job, not jump straight to the end.
  await page.evaluate(() => {
    const seen: number[] = [];
    (globalThis as unknown as { __ocrProgress: number[] }).__ocrProgress = seen;
    const sample = () => {
      const value = document.querySelector("[data-testid=ocr-progress]")?.getAttribute("value");
      if (value !== null && value !== undefined && seen.at(-1) !== Number(value)) seen.push(Number(value));
    };
    new MutationObserver(sample).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["value"],
    });
    sample();
  });
  await dialog.getByTestId("ocr-file-input").setInputFiles({
    name: "scanned-quotation.png",
    mimeType: "image/png",
    buffer: Buffer.from(png),
  });
  const review = dialog.getByRole("table", { name: /Line items read from the document|.+/ });
  await review.waitFor({ timeout: 120_000 });
  return await page.evaluate(() => (globalThis as unknown as { __ocrProgress: number[] }).__ocrProgress);
}

/** The dialog alone (a full-page shot of a page under a modal shows the page, not the dialog). */
async function shoot(page: Page, name: string) {
  // Dismiss the toasts first (they would cover the dialog), each gone before the next. The open
  // modal takes the pointer events over the toast area, so the click is dispatched to the button.
  const close = page.getByRole("status").getByRole("button");
  for (let left = await close.count(); left > 0; left = await close.count()) {
    await close.first().dispatchEvent("click");
    await waitUntil(async () => await close.count() < left, "a dismissed toast to go away");
  }
  await screenshot(page.locator("dialog[open] .modal-box"), name);
}

/** Serious or critical colour-contrast (and other) violations inside the dialog. */
const axe = (page: Page) => seriousViolations(page, { include: "dialog[open]" });

Deno.test("[e2e] OCR import: scan upload, live progress, correct a low-confidence cell, submit; staff see the file", async () => {
  const { server, browser } = await ctx();
  const title = `Office consumables, OCR ${Date.now()}`;
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url, { viewport: { width: 1400, height: 1000 } });
  const vendor = await openPage(browser, server.url, { viewport: { width: 1400, height: 1000 } });
  try {
    // 1. An open vendor-quote request in Office Supplies (the demo vendor supplies it).
    await signIn(team, "purchase@example.com", { goto: "/" });
    const categories = await (await team.page.request.get("/api/categories")).json();
    const office = categories.find((c: { name: string }) => c.name === "Office Supplies");
    assert.ok(office, "demo category Office Supplies");
    const created = await team.page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Consumables for the finance floor.",
        department: "Finance",
        justification: "Stock is running out.",
        requestType: "vendor_quote",
        categoryId: office.id,
        deadline: dateInDays(20),
        items: LINES.map((l) => ({
          itemName: l.name,
          quantity: l.quantity,
          unit: "pcs",
          estimatedPrice: l.unitPrice,
          categoryId: office.id,
        })),
      },
    });
    assert.equal(created.status(), 201, await created.text());
    const pr = await created.json();
    await signIn(manager, "manager@example.com", { goto: "/" });
    const approved = await manager.page.request.post(`/api/purchase-requests/${pr.id}/approve`, { data: {} });
    assert.equal((await approved.json()).status, "active");

    const png = await scannedQuotation(browser);
    await Deno.mkdir("test-results", { recursive: true });
    await Deno.writeFile("test-results/ocr-import-fixture.png", png);

    // 2. The vendor uploads the scan; the bar follows the job.
    await signIn(vendor, "vendor@example.com", { goto: "/" });
    const { page } = vendor;
    const progress = await uploadScan(page, title, png);
    assert.ok(
      progress.some((v) => v > 0 && v < 100),
      `the progress bar showed a value between 0 and 100 (saw ${progress.join(", ")})`,
    );
    assert.ok(progress.length >= 2, `the progress bar moved (saw ${progress.join(", ")})`);
    console.log(`progress seen: ${progress.join(", ")}`);
    await expectToast(page, "PDF Processed Successfully");
    const dialog = page.getByRole("dialog");
    const table = dialog.getByRole("table");
    const rows = table.locator("tbody tr");
    assert.equal(await rows.count(), LINES.length, "one row per line item, no subtotal, tax or total row");
    await dialog.getByRole("img", { name: /scanned-quotation\.png/ }).waitFor();
    await shoot(page, "ocr-review-light");
    assert.deepEqual(await axe(page), [], "no serious axe violation on the review (light)");

    // 3. Correct one low-confidence cell (the faint, blurred unit price reads as one).
    const cells = await table.locator("td[data-cell]").evaluateAll((tds) =>
      tds.map((td) =>
        `${td.closest("tr")!.dataset.line}:${(td as HTMLElement).dataset.cell}:${
          (td as HTMLElement).dataset.confidence
        }:${td.textContent}`
      )
    );
    console.log(cells.join("\n"));
    const low = table.locator('td[data-confidence="low"]').first();
    assert.ok(await low.count(), `a low-confidence cell to correct:\n${cells.join("\n")}`);
    const lineNo = Number(await low.evaluate((td) => td.closest("tr")!.dataset.line));
    const cell = (await low.getAttribute("data-cell"))!;
    const truth = LINES[lineNo - 1];
    await dialog.getByRole("button", { name: "Edit", exact: true }).click();
    const [label, value] = cell === "name"
      ? ["Description", truth.name]
      : cell === "quantity"
      ? ["Quantity", String(truth.quantity)]
      : ["Unit price", truth.unitPrice]; // a line total is corrected through its unit price
    // The reader may already have the right value in a low-confidence cell (it only doubts it):
    // type something else first, as a vendor retyping the cell would change it.
    const field = dialog.getByLabel(`${label}, line ${lineNo}`, { exact: true });
    await field.fill(cell === "name" ? "x" : "1");
    await field.fill(value);
    await dialog.getByRole("button", { name: "Done editing" }).click();
    const edited = rows.nth(lineNo - 1).locator('td[data-confidence="edited"]');
    assert.equal(await edited.count(), 1, "the corrected cell is marked as edited by the vendor");

    // Every line priced as on paper; the totals are recomputed in cents.
    for (const [n, line] of LINES.entries()) {
      const row = rows.nth(n);
      const price = row.getByText(`$${line.unitPrice}`);
      if ((await price.count()) === 0) {
        await dialog.getByRole("button", { name: "Edit", exact: true }).click();
        await dialog.getByLabel(`Unit price, line ${n + 1}`, { exact: true }).fill(line.unitPrice);
        await dialog.getByRole("button", { name: "Done editing" }).click();
      }
      // Map what the reader could not match.
      const select = row.getByRole("combobox");
      if (!(await select.inputValue())) await select.selectOption({ label: line.name });
    }
    await dialog.getByTestId("ocr-document-total").filter({ hasText: "$567.00" }).waitFor();
    await dialog.getByTestId("ocr-submitted-total").filter({ hasText: "$567.00" }).waitFor();
    assert.equal(await dialog.getByLabel("Validity period (days)").inputValue(), "45", "validity from the document");

    // 4. An added line must be mapped (or removed) before Submit is enabled again.
    const submit = dialog.getByRole("button", { name: "Submit Quotation" });
    assert.equal(await submit.isEnabled(), true);
    await dialog.getByRole("button", { name: "Add Item" }).click();
    assert.equal(await submit.isDisabled(), true, "an unmapped line blocks submitting");
    await dialog.getByText("Choose the request item for each line, or remove the line (1 left).").waitFor();
    await dialog.getByRole("button", { name: /^Remove line 4/ }).click();
    await dialog.getByRole("button", { name: "Done editing" }).click();
    assert.equal(await submit.isEnabled(), true);
    await dialog.getByRole("textbox", { name: "Notes" }).fill("Read from our scanned quotation Q-2026-0042.");

    // 5. Submit.
    await submit.click();
    await expectToast(page, "Quotation Submitted");
    await dialog.waitFor({ state: "detached" });
    const mine = page.getByRole("region", { name: "My Quotations" }).getByRole("article").filter({ hasText: title });
    await mine.getByText("$567.00").waitFor();
    assert.deepEqual(vendor.problems, []);

    // 6. Staff see it with the original file, byte for byte.
    const listed = await (await manager.page.request.get(`/api/quotations?purchaseRequestId=${pr.id}`)).json();
    const quotation = (Array.isArray(listed) ? listed : listed.items ?? listed.data ?? [])
      .find((q: { purchaseRequestTitle?: string }) => q.purchaseRequestTitle === title);
    assert.ok(quotation, "the quotation is listed for staff");
    assert.equal(quotation.totalAmount === undefined ? "567.00" : String(quotation.totalAmount), "567.00");
    const file = quotation.attachments.find((a: { filename: string }) => a.filename === "scanned-quotation.png");
    assert.ok(file, `the original file is attached: ${JSON.stringify(quotation.attachments)}`);
    const bytes = new Uint8Array(await (await manager.page.request.get(`/api/files/${file.id}`)).body());
    assert.deepEqual(bytes, new Uint8Array(png));
    await manager.page.goto("/");
    await sidebar(manager.page).getByRole("button", { name: "Quotations" }).click();
    const staffCard = manager.page.getByRole("article").filter({ hasText: title });
    await staffCard.getByRole("link", { name: "scanned-quotation.png" }).waitFor();
    await screenshot(manager.page, "ocr-staff-quotation");
  } finally {
    await team.close();
    await manager.close();
    await vendor.close();
  }
});

Deno.test("[e2e] OCR import: the review screen in the dark theme and in Dhivehi (right to left)", async () => {
  const { server, browser } = await ctx();
  const title = `Office consumables, OCR themes ${Date.now()}`;
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const dark = await openPage(browser, server.url, { colorScheme: "dark", viewport: { width: 1400, height: 1000 } });
  const dhivehi = await openPage(browser, server.url, { viewport: { width: 1400, height: 1000 } });
  try {
    await signIn(team, "purchase@example.com", { goto: "/" });
    const categories = await (await team.page.request.get("/api/categories")).json();
    const office = categories.find((c: { name: string }) => c.name === "Office Supplies");
    const created = await team.page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Consumables.",
        department: "Finance",
        justification: "Stock.",
        requestType: "vendor_quote",
        categoryId: office.id,
        deadline: dateInDays(20),
        items: LINES.map((l) => ({ itemName: l.name, quantity: l.quantity, unit: "pcs", categoryId: office.id })),
      },
    });
    const pr = await created.json();
    await signIn(manager, "manager@example.com", { goto: "/" });
    await manager.page.request.post(`/api/purchase-requests/${pr.id}/approve`, { data: {} });
    const png = await scannedQuotation(browser);

    await signIn(dark, "vendor@example.com", { goto: "/" });
    await uploadScan(dark.page, title, png);
    await dark.page.getByRole("dialog").getByRole("button", { name: "Show line 3" }).click();
    await shoot(dark.page, "ocr-review-dark");
    assert.deepEqual(await axe(dark.page), [], "no serious axe violation on the review (dark)");
    assert.deepEqual(dark.problems, []);

    await dhivehi.context.addInitScript(() => localStorage.setItem("user-language", "dv"));
    await signIn(dhivehi, "vendor@example.com", { goto: "/" });
    const { page } = dhivehi;
    await page.waitForFunction(() => document.documentElement.dir === "rtl", null, { timeout: 15_000 });
    await page.getByRole("navigation", { name: dvApp.dashboard.navigation })
      .getByRole("button", { name: dvApp.dashboard.sections.opportunities }).click();
    const card = page.getByRole("article").filter({ hasText: title });
    await card.getByRole("button", { name: dvOpportunities.uploadPdf }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("ocr-file-input").setInputFiles({
      name: "scanned-quotation.png",
      mimeType: "image/png",
      buffer: Buffer.from(png),
    });
    await dialog.getByRole("table").waitFor({ timeout: 120_000 });
    await dialog.getByText(dvOcr.lines.title.replace(" ({{n}})", "")).waitFor();
    // The page preview keeps the paper's own left-to-right layout inside the right-to-left screen.
    assert.equal(await dialog.locator("figure div[dir=ltr]").count(), 1);
    await shoot(page, "ocr-review-dv");
    assert.deepEqual(await axe(page), [], "no serious axe violation on the review (Dhivehi)");
    assert.deepEqual(dhivehi.problems, []);
  } finally {
    await team.close();
    await manager.close();
    await dark.close();
    await dhivehi.close();
  }
});

Deno.test("[e2e] OCR import: a text PDF is previewed with pdf.js (lazily loaded) and its lines start unmapped when nothing matches", async () => {
  const { server, browser } = await ctx();
  const title = `Office consumables, OCR pdf ${Date.now()}`;
  const team = await openPage(browser, server.url);
  const manager = await openPage(browser, server.url);
  const vendor = await openPage(browser, server.url, { viewport: { width: 1400, height: 1000 } });
  try {
    await signIn(team, "purchase@example.com", { goto: "/" });
    const categories = await (await team.page.request.get("/api/categories")).json();
    const office = categories.find((c: { name: string }) => c.name === "Office Supplies");
    const created = await team.page.request.post("/api/purchase-requests", {
      data: {
        title,
        description: "Consumables.",
        department: "Finance",
        justification: "Stock.",
        requestType: "vendor_quote",
        categoryId: office.id,
        deadline: dateInDays(20),
        items: [{ itemName: "Garden hose, 25 m", quantity: 2, unit: "pcs", categoryId: office.id }],
      },
    });
    const pr = await created.json();
    await signIn(manager, "manager@example.com", { goto: "/" });
    await manager.page.request.post(`/api/purchase-requests/${pr.id}/approve`, { data: {} });
    // A generated text-layer quotation (tests/fixtures/ocr/corpus.ts) whose items the request does not have.
    const [spec] = makeCorpus(1, 7);
    const pdf = await renderPdf(spec);

    await signIn(vendor, "vendor@example.com", { goto: "/" });
    const { page } = vendor;
    const pdfjsRequests: string[] = [];
    page.on("request", (r) => /pdf-(page|worker)/.test(r.url()) && pdfjsRequests.push(r.url()));
    await sidebar(page).getByRole("button", { name: "Business Opportunities" }).click();
    assert.equal(pdfjsRequests.length, 0, "pdf.js is not loaded before a PDF is previewed");
    const card = page.getByRole("article").filter({ hasText: title });
    await card.getByRole("button", { name: "Upload PDF Quotation (OCR)" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByTestId("ocr-file-input").setInputFiles({
      name: `${spec.id}.pdf`,
      mimeType: "application/pdf",
      buffer: Buffer.from(pdf),
    });
    await dialog.getByRole("table").waitFor({ timeout: 60_000 });
    assert.equal(await dialog.locator("tbody tr").count(), spec.items.length);
    // The page is drawn: the canvas has dark (text) pixels.
    const canvas = dialog.locator("figure canvas");
    await canvas.waitFor();
    await page.waitForFunction(
      () => {
        const c = document.querySelector<HTMLCanvasElement>("dialog[open] figure canvas");
        if (!c || !c.width) return false;
        const data = c.getContext("2d")!.getImageData(0, 0, c.width, c.height).data;
        for (let i = 0; i < data.length; i += 4 * 97) if (data[i] < 100) return true;
        return false;
      },
      undefined,
      { timeout: 20_000 },
    );
    assert.ok(pdfjsRequests.some((u) => u.includes("pdf-page")), "pdf.js arrived with the preview");
    await dialog.getByTestId("ocr-highlight").waitFor();
    // Nothing matched the request: Submit stays disabled until each line is mapped or removed.
    const submit = dialog.getByRole("button", { name: "Submit Quotation" });
    assert.equal(await submit.isDisabled(), true);
    await dialog.getByText(`Choose the request item for each line, or remove the line (${spec.items.length} left).`)
      .waitFor();
    await shoot(page, "ocr-review-pdf");
    assert.deepEqual(vendor.problems, []);
  } finally {
    await team.close();
    await manager.close();
    await vendor.close();
  }
});

/**
 * The purchase request report as the spec names it, "downloaded as HTML", and as a PDF: known
 * requests inserted with SQL, then the filtered rows in each file, text escaped in
 * the HTML (no script runs), the PDF's text read back with pdf.js, the filters in the file name
 * and first lines, and 403 without reports.export.
 */
import assert from "node:assert/strict";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { expectError, testApp } from "../helpers/app.ts";
import { testBackend } from "../helpers/db.ts";
import { as, createCategory } from "../helpers/users.ts";

const tag = `[reports/${testBackend()}]`;

const t = await testApp();
Deno.test.afterAll(t.close);
const db = t.db;

const office = await createCategory(db, "Office <supplies> & more");
const it = await createCategory(db, "IT equipment");
const team = await as(t, "purchase_team");
const finance = await as(t, "cost_finance_controller");
const vendor = await as(t, "vendor");

const HOSTILE = `<script>alert("x")</script> Chairs & desks 'A'`;
let seq = 0;
async function insertPr(title: string, category: number, department: string, status: string, createdAt: string) {
  const n = ++seq;
  await db.query(
    `insert into purchase_requests (request_number, title, status, request_type, category_id, department, deadline,
        estimated_budget, created_by, created_at)
     values ($1, $2, $3, 'vendor_quote', $4, $5, '2026-12-31T00:00:00Z', $6::numeric, $7, $8)`,
    [`PR-2026-${7000 + n}`, title, status, category, department, `${n}00.50`, team.user.id, createdAt],
  );
}
await insertPr(HOSTILE, office, "Facilities", "pending", "2026-02-10T09:00:00Z");
await insertPr("Laptops for the new team", it, "IT", "active", "2026-03-05T09:00:00Z");
await insertPr("Printer paper", office, "Facilities", "completed", "2026-03-20T09:00:00Z");
// outside the range below
await insertPr("Old request from last year", office, "Facilities", "completed", "2025-06-01T09:00:00Z");

const query = `from=2026-01-01&to=2026-03-31&categoryId=${office}&department=Facilities`;

async function pdfText(bytes: Uint8Array): Promise<string> {
  const task = pdfjs.getDocument({ data: bytes.slice(), disableFontFace: true, verbosity: 0 });
  const doc = await task.promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((x) => ("str" in x ? x.str : "")).join("\n"));
  }
  await task.destroy();
  return parts.join("\n");
}

Deno.test(`${tag} GET /api/reports/purchase-requests.html downloads the filtered requests, text escaped`, async () => {
  const res = await team.request(`/api/reports/purchase-requests.html?${query}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "text/html; charset=utf-8");
  assert.equal(
    res.headers.get("content-disposition"),
    `attachment; filename="report-purchase-requests_2026-01-01_2026-03-31_category-${office}_department-facilities.html"`,
  );
  const html = await res.text();
  assert.ok(html.startsWith("<!doctype html>"));
  // the filters in the first lines, the category name escaped
  const head = html.slice(0, html.indexOf("<table"));
  assert.match(head, /Report: purchase-requests/);
  assert.ok(
    head.includes(
      `Filters: from=2026-01-01; to=2026-03-31; category=${office} (Office &lt;supplies&gt; &amp; more); department=Facilities`,
    ),
  );
  // self-contained: no script, no external resource, a CSP that forbids everything but inline CSS
  assert.ok(!/<script/i.test(html), "no script element");
  assert.ok(!/\b(src|href)=/i.test(html), "nothing loaded from elsewhere");
  assert.match(html, /Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'"/);
  assert.match(html, /<style>/);
  // the two matching rows, newest first, every value escaped; nothing outside the filter
  assert.ok(html.includes("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; Chairs &amp; desks &#39;A&#39;"));
  const rows = [...html.matchAll(/<tr><td>(PR-\d{4}-\d+)<\/td>/g)].map((m) => m[1]);
  assert.deepEqual(rows, ["PR-2026-7003", "PR-2026-7001"]);
  assert.ok(html.includes("<td>Printer paper</td>"));
  assert.ok(!html.includes("Laptops"), "another category");
  assert.ok(!html.includes("Old request"), "outside the date range");
  assert.ok(html.includes('<td class="num">100.50</td>') && html.includes('<td class="num">300.50</td>'));
  assert.match(html, /Requests: 2/);
  assert.ok(html.trimEnd().endsWith("</html>"));
});

Deno.test(`${tag} GET /api/reports/purchase-requests.pdf carries the same rows and filters`, async () => {
  const res = await finance.request(`/api/reports/purchase-requests.pdf?${query}`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  assert.equal(
    res.headers.get("content-disposition"),
    `attachment; filename="report-purchase-requests_2026-01-01_2026-03-31_category-${office}_department-facilities.pdf"`,
  );
  const bytes = new Uint8Array(await res.arrayBuffer());
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), "%PDF-");
  const text = await pdfText(bytes);
  assert.match(text, /Purchase request report/);
  assert.ok(text.includes(`Filters: from=2026-01-01; to=2026-03-31; category=${office} (Office <supplies> & more)`));
  assert.match(text, /Requests: 2/);
  for (const s of ["PR-2026-7001", "PR-2026-7003", "Printer paper", "100.50", "300.50", "2026-02-10", "Facilities"]) {
    assert.ok(text.includes(s), `${s} in the PDF`);
  }
  // the hostile title is plain text in a PDF (cut to its column with an ellipsis)
  assert.ok(text.includes(`<script>alert("x")`), "title shown as text");
  assert.ok(!text.includes("PR-2026-7002") && !text.includes("PR-2026-7004"), "only the filtered rows");
});

Deno.test(`${tag} the purchase request report needs reports.export: 403 for a vendor, 401 signed out`, async () => {
  for (const ext of ["html", "pdf"]) {
    await expectError(await vendor.request(`/api/reports/purchase-requests.${ext}`), 403);
    await expectError(await t.app.request(`/api/reports/purchase-requests.${ext}`), 401);
  }
  await expectError(await team.request("/api/reports/purchase-requests.html?from=2026-02-01&to=2026-01-01"), 400);
});

Deno.test(`${tag} each download of the purchase request report is audited with its filter`, async () => {
  const rows = await db.query<{ entity_id: string; metadata: { format: string } }>(
    "select entity_id, metadata from audit_logs where action = 'EXPORT' and entity_type = 'report' order by id",
  );
  const formats = rows.filter((r) => r.entity_id === "purchase-requests").map((r) => r.metadata.format);
  assert.ok(formats.includes("html") && formats.includes("pdf"));
});

/**
 * The purchase order document: the PDF's text, extracted with pdf.js as a reader
 * would, carries the buyer, the vendor, the order, its lines and totals, labelled in the vendor's
 * language; Dhivehi comes out in logical order (so it was set in the embedded Thaana font, right to
 * left, in visual order). Pages are also rendered to PNG in test-results/ for a person to look at.
 */
import assert from "node:assert/strict";
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import { PDFDocument } from "pdf-lib";
import { expectJson, testApp } from "../helpers/app.ts";
import { as, createUser } from "../helpers/users.ts";
import { fileOf } from "../fixtures/files.ts";
import { realPng } from "../fixtures/images.ts";
import { renderPurchaseOrderPdf } from "../../src/features/purchase-orders/document.ts";
import { scriptRuns } from "../../src/lib/pdf/fonts.ts";
import { DOCUMENT_LABELS } from "../../src/features/purchase-orders/document-labels.ts";

const tag = "[po-document]";
const t = await testApp();
const admin = await as(t, "admin");
Deno.test.afterAll(() => t.close());

const ORG = {
  legalName: "Malé Water & Sewerage Company",
  address: "Ameenee Magu, Malé 20166",
  taxId: "TIN-1029384",
  deliveryAddress: "Store 4, Thilafushi industrial zone",
  paymentTerms: "Net 30 days from invoice",
  poTerms: "Goods remain at the vendor's risk until received and inspected. ޑެލިވަރީ ކުރާނީ ސްޓޯރަށް.",
  currency: "MVR",
  timeZone: "Indian/Maldives",
};
await expectJson(await admin.request("/api/organisation", { method: "PUT", json: ORG }), 200);
{
  const fd = new FormData();
  fd.append("logo", fileOf(realPng(120, 40), "logo.png"));
  await expectJson(await admin.request("/api/organisation/logo", { method: "POST", body: fd }), 201);
}

let seq = 0;
/** A purchase order awarded by `approver` to a vendor whose language is `language`. */
async function purchaseOrder(
  language: string,
  opts: { items?: [string, number, string, string][]; total?: string } = {},
) {
  const n = ++seq;
  const vendor = await createUser(t.db, "vendor");
  await t.db.query("update users set language = $2 where id = $1", [vendor.id, language]);
  await t.db.query("update vendor_profiles set company_name = $2 where user_id = $1", [
    vendor.id,
    language === "dv" ? "ހިރިލަ ޓްރޭޑިންގ" : `Atoll Supplies ${n}`,
  ]);
  const approver = await createUser(t.db, "procurement_manager");
  await t.db.query("update users set first_name = 'Aishath', last_name = 'Shiham' where id = $1", [approver.id]);
  const [{ id: prId }] = await t.db.query<{ id: number }>(
    `insert into purchase_requests (request_number, title, status, request_type, deadline, created_by)
     values ($1, $2, 'completed', 'vendor_quote', '2026-12-20T00:00:00Z', $3) returning id`,
    [`PR-2026-${String(7100 + n)}`, `Water pumps ${n}`, admin.user.id],
  );
  const items = opts.items ?? [
    ["Submersible pump 2 kW", 3, "pcs", "1250.00"],
    ["PVC pipe 110 mm", 40, "m", "18.75"],
  ];
  const subtotal = items.reduce((s, [, q, , p]) => s + q * Math.round(Number(p) * 100), 0);
  const total = opts.total ?? (subtotal / 100).toFixed(2);
  const [{ id: qId }] = await t.db.query<{ id: number }>(
    `insert into quotations (vendor_id, purchase_request_id, status, total_amount, currency, valid_until, lead_time_days)
     values ($1, $2, 'approved', $3::numeric, 'MVR', now() + interval '30 days', 12) returning id`,
    [vendor.id, prId, total],
  );
  for (const [name, quantity, unit, price] of items) {
    const [{ id: itemId }] = await t.db.query<{ id: number }>(
      `insert into purchase_request_items (purchase_request_id, position, name, quantity, unit)
       values ($1, 0, $2, $3, $4) returning id`,
      [prId, name, quantity, unit],
    );
    await t.db.query(
      `insert into quotation_items (quotation_id, purchase_request_item_id, name, quantity, unit, unit_price, total_price)
       values ($1, $2, $3, $4::int, $5, $6::numeric, $6::numeric * $4::int)`,
      [qId, itemId, name, quantity, unit, price],
    );
  }
  const poNumber = `PO-2026-${String(7100 + n)}`;
  const [{ id }] = await t.db.query<{ id: number }>(
    `insert into purchase_orders (po_number, quotation_id, vendor_id, purchase_request_id, total_amount, currency,
        created_by, created_at, requested_delivery_date)
     values ($1, $2, $3, $4, $5::numeric, 'MVR', $6, '2026-11-20T21:30:00Z', '2026-12-20') returning id`,
    [poNumber, qId, vendor.id, prId, total, admin.user.id],
  );
  await t.db.query(
    `insert into awards (purchase_request_id, purchase_order_id, quotation_id, awarded_by) values ($1, $2, $3, $4)`,
    [prId, id, qId, approver.id],
  );
  return { id, poNumber, vendorId: vendor.id };
}

/** Each page's text, items joined by spaces in reading order, as pdf.js extracts it. */
async function pdfText(bytes: Uint8Array): Promise<string[]> {
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
  });
  const pdf = await task.promise;
  const pages: string[] = [];
  for (let n = 1; n <= pdf.numPages; n++) {
    const content = await (await pdf.getPage(n)).getTextContent();
    pages.push((content.items as { str: string }[]).map((i) => i.str).join(" ").replace(/\s+/g, " "));
  }
  await task.destroy();
  return pages;
}

/** Renders the PDF's pages to PNG under test-results/ (pdftoppm), for looking at. */
async function snapshot(bytes: Uint8Array, name: string) {
  await Deno.mkdir("test-results", { recursive: true });
  const pdf = `test-results/${name}.pdf`;
  await Deno.writeFile(pdf, bytes);
  try {
    await new Deno.Command("pdftoppm", { args: ["-png", "-r", "80", pdf, `test-results/${name}`] }).output();
  } catch {
    // pdftoppm is a convenience for people; the assertions do not need it
  }
}

Deno.test(`${tag} renderPurchaseOrderPdf in English: buyer, vendor, number, lines, totals, approver, terms`, async () => {
  const po = await purchaseOrder("en");
  const bytes = await renderPurchaseOrderPdf(t.db, po.id, "en");
  await snapshot(bytes, "po-document-en");
  const [text] = await pdfText(bytes);
  const L = DOCUMENT_LABELS.en;
  for (
    const s of [
      L.title,
      ORG.legalName,
      ORG.address,
      `${L.taxId}: ${ORG.taxId}`,
      `Atoll Supplies`,
      po.poNumber,
      `${L.date}: November 21, 2026`, // 21:30 UTC is the next day in the Maldives
      L.deliveryAddress,
      ORG.deliveryAddress,
      L.requestedDelivery,
      "December 20, 2026",
      L.paymentTerms,
      ORG.paymentTerms,
      "Submersible pump 2 kW",
      "PVC pipe 110 mm",
      "1,250.00",
      "3,750.00",
      "18.75",
      "750.00",
      L.subtotal,
      L.grandTotal,
      "MVR 4,500.00",
      `${L.approvedBy}: Aishath Shiham`,
      L.terms,
      "Goods remain at the vendor's risk",
      "Page 1 of 1",
    ]
  ) assert.ok(text.includes(s), `"${s}" is in the text: ${text}`);
  assert.ok(!text.includes(`${L.tax} MVR`), "no tax line when the total is the sum of the lines");
  const doc = await PDFDocument.load(bytes);
  assert.equal(doc.getTitle(), po.poNumber);
  assert.equal(doc.getPageCount(), 1);
  const raw = new TextDecoder("latin1").decode(bytes);
  assert.ok(raw.includes("/Subtype /Image"), "the logo is embedded");
});

Deno.test(`${tag} the labels and numbers follow the vendor's language (es, fr, de)`, async () => {
  const po = await purchaseOrder("fr");
  const expectations = {
    es: ["Orden de compra", "Proveedor", "Precio unitario", "1250,00", "Total general", "Aprobado por"],
    fr: ["Bon de commande", "Fournisseur", "Prix unitaire", "1 250,00", "Total général", "20 décembre 2026"],
    de: ["Bestellung", "Lieferant", "Einzelpreis", "1.250,00", "Gesamtbetrag", "20. Dezember 2026"],
  };
  for (const [lang, strings] of Object.entries(expectations)) {
    const [text] = await pdfText(await renderPurchaseOrderPdf(t.db, po.id, lang));
    for (const s of strings) assert.ok(text.includes(s), `${lang}: "${s}" in ${text}`);
  }
});

Deno.test(`${tag} a total above the lines shows the difference as tax`, async () => {
  const po = await purchaseOrder("en", { items: [["Valve", 2, "pcs", "100.00"]], total: "216.00" });
  const [text] = await pdfText(await renderPurchaseOrderPdf(t.db, po.id, "en"));
  assert.ok(text.includes("Subtotal MVR 200.00"), text);
  assert.ok(text.includes("Tax MVR 16.00"), text);
  assert.ok(text.includes("Grand total MVR 216.00"), text);
});

Deno.test(`${tag} in Dhivehi the labels are Thaana, extracted in logical order, set in the embedded font`, async () => {
  const po = await purchaseOrder("dv", {
    items: [["ފެން ޕަމްޕު", 2, "pcs", "1250.00"], ["Pipe fittings", 10, "pcs", "12.50"]],
  });
  const bytes = await renderPurchaseOrderPdf(t.db, po.id, "dv");
  await snapshot(bytes, "po-document-dv");
  const [text] = await pdfText(bytes);
  const L = DOCUMENT_LABELS.dv;
  for (
    const s of [
      L.title,
      L.vendor,
      L.buyer,
      L.unitPrice,
      L.grandTotal,
      L.paymentTerms,
      L.approvedBy,
      "ހިރިލަ ޓްރޭޑިންގ", // the vendor's own name, in Thaana
      "ފެން ޕަމްޕު", // a line in Thaana, with its fili
      "ޑިސެމްބަރު", // the month name
      ORG.legalName,
      po.poNumber,
      "Pipe fittings",
      "2,500.00",
      "125.00",
    ]
  ) assert.ok(text.includes(s), `"${s}" is in the text: ${text}`);
  const raw = new TextDecoder("latin1").decode(bytes);
  assert.ok(/\/FontFile2 \d+ 0 R/.test(raw), "a TrueType font is embedded");
  assert.ok(raw.includes("NotoSansThaana"), "the embedded font is Noto Sans Thaana");
  const doc = await PDFDocument.load(bytes);
  assert.equal(doc.getPageCount(), 1);
});

Deno.test(`${tag} a long order breaks onto more pages, numbered`, async () => {
  const items = Array.from({ length: 45 }, (_, i) =>
    [`Spare part ${i + 1}`, i + 1, "pcs", "3.10"] as [
      string,
      number,
      string,
      string,
    ]);
  const po = await purchaseOrder("en", { items });
  const pages = await pdfText(await renderPurchaseOrderPdf(t.db, po.id, "en"));
  assert.equal(pages.length, 2);
  assert.ok(pages[1].includes("Spare part 45") && pages[1].includes("Page 2 of 2"));
  assert.ok(pages[1].includes("Unit price"), "the table header is repeated");
});

Deno.test(`${tag} scriptRuns keeps Thaana phrases whole and splits off Latin`, () => {
  const has = new Set([0x20, 0x28, 0x29, ...Array.from({ length: 0x40 }, (_, i) => 0x780 + i)]);
  assert.deepEqual(scriptRuns("ޖުމްލަ އަގު (MVR)", has), [
    { text: "ޖުމްލަ އަގު", thaana: true },
    { text: " (MVR)", thaana: false },
  ]);
  assert.deepEqual(scriptRuns("PO-2026-0001", has), [{ text: "PO-2026-0001", thaana: false }]);
  // In a right-to-left line the space and colon between a Thaana label and a Latin value go with the label.
  assert.deepEqual(scriptRuns("ފޯނު: +1 555", new Set([...has, 0x3a]), true), [
    { text: "ފޯނު: ", thaana: true },
    { text: "+1 555", thaana: false },
  ]);
});

Deno.test(`${tag} the PDF names the same source document as the order's page (the bid, for a converted request)`, async () => {
  const po = await purchaseOrder("en");
  const [{ id: bidId }] = await t.db.query<{ id: number }>(
    `insert into bid_requests (bid_number, title, description, department, deadline, bidding_deadline,
        qualification_criteria, created_by, purchase_request_id, status)
     select 'BR-2026-7199', 'Water pumps tender', 'Converted', 'Utilities', now() + interval '9 days',
            now() - interval '1 day', 'Any', $2, po.purchase_request_id, 'awarded'
       from purchase_orders po where po.id = $1 returning id`,
    [po.id, admin.user.id],
  );
  await t.db.query("update purchase_orders set bid_request_id = $2 where id = $1", [po.id, bidId]);
  const page = await expectJson<{ requestNumber: string }>(await admin.request(`/api/purchase-orders/${po.id}`), 200);
  assert.equal(page.requestNumber, "BR-2026-7199");
  const [text] = await pdfText(
    new Uint8Array(await (await admin.request(`/api/purchase-orders/${po.id}/pdf`)).arrayBuffer()),
  );
  assert.ok(text.includes("BR-2026-7199 - Water pumps tender"), text);
  assert.ok(!text.includes("PR-2026-"), "not the request's number");
});

Deno.test(`${tag} GET /api/purchase-orders/:id/pdf is the document, in the vendor's language unless ?lang= says`, async () => {
  const po = await purchaseOrder("dv");
  const res = await admin.request(`/api/purchase-orders/${po.id}/pdf`);
  assert.equal(res.status, 200);
  assert.equal(res.headers.get("content-type"), "application/pdf");
  const [dv] = await pdfText(new Uint8Array(await res.arrayBuffer()));
  assert.ok(dv.includes(DOCUMENT_LABELS.dv.title) && dv.includes(ORG.legalName), dv);
  const en = await admin.request(`/api/purchase-orders/${po.id}/pdf?lang=en`);
  const [text] = await pdfText(new Uint8Array(await en.arrayBuffer()));
  assert.ok(text.includes("Purchase order") && text.includes(po.poNumber), text);
});

/**
 * The purchase order document: buyer block with logo and the organisation
 * profile, vendor block, order number and date, delivery, payment terms, lines, totals, approver and
 * terms, labelled and formatted in the vendor's language. The engine is src/lib/pdf/writer.ts: Latin
 * text searchable in the file itself, Dhivehi in the embedded Thaana font with the whole page
 * mirrored (labels on the right, columns from right to left).
 */
import type { Queryable } from "../../db/types.ts";
import type { ObjectStore } from "../../files/s3.ts";
import { fileBytes } from "../../files/storage.ts";
import { NotFound } from "../../lib/errors.ts";
import { fields, table, totals } from "../../lib/pdf/blocks.ts";
import { A4, MARGIN, PdfWriter } from "../../lib/pdf/writer.ts";
import { formatEmailDate, formatEmailMoney, intlSupports } from "../../shared/email-render.ts";
import { isRtl, type Language, LANGUAGES } from "../../shared/i18n-languages.ts";
import { readProfile } from "../organisation/service.ts";
import { DOCUMENT_LABELS, type DocumentLabels } from "./document-labels.ts";
import { documentLines, documentOrder } from "./document-queries.ts";

const CONTENT_WIDTH = A4[0] - 2 * MARGIN;

// ------------------------------------------------------------------------------------------------
// formatting in the vendor's language

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (m, k) => (k in values ? String(values[k]) : m));

function numberFormat(lang: Language, digits: number) {
  return new Intl.NumberFormat(intlSupports(lang) ? lang : "en", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** "1,234.50" / "1.234,50" / "1 234,50": an amount in the language, without currency. */
export const formatAmount = (value: string, lang: Language) => numberFormat(lang, 2).format(Number(value));
const formatQuantity = (value: number, lang: Language) => numberFormat(lang, 0).format(value);

/** The calendar day of an instant in a time zone, "YYYY-MM-DD". */
function dayIn(instant: Date, timeZone: string) {
  return new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    instant,
  );
}

/** Decimal strings with two places: subtraction in integer cents. */
function minus(a: string, b: string): string {
  const cents = (v: string) => {
    const [whole, frac = ""] = v.split(".");
    const sign = whole.startsWith("-") ? -1 : 1;
    return sign * (Math.abs(Number(whole)) * 100 + Number(frac.padEnd(2, "0").slice(0, 2)));
  };
  const d = cents(a) - cents(b);
  return `${d < 0 ? "-" : ""}${Math.floor(Math.abs(d) / 100)}.${String(Math.abs(d) % 100).padStart(2, "0")}`;
}

export function documentLanguage(value: string | null | undefined): Language {
  return (LANGUAGES as readonly string[]).includes(value ?? "") ? value as Language : "en";
}

// ------------------------------------------------------------------------------------------------
// the document

/** Logical x of each column (from the start edge); numbers end at their x. */
const COL = {
  no: MARGIN,
  item: MARGIN + 22,
  itemWidth: 200,
  quantity: MARGIN + 290,
  unit: MARGIN + 300,
  unitPrice: MARGIN + 410,
  total: MARGIN + CONTENT_WIDTH,
};

/**
 * The purchase order as a PDF in `language` (en, es, fr, de or dv; anything else, e.g. "", means the
 * vendor's language): 404 when there is no such order. `store` is the object storage, when files
 * live there (the logo).
 */
export async function renderPurchaseOrderPdf(
  db: Queryable,
  purchaseOrderId: number,
  language: string,
  store?: ObjectStore,
): Promise<Uint8Array> {
  const order = await documentOrder(db, purchaseOrderId);
  if (!order) throw new NotFound("quotations.purchaseOrderNotFound");
  const [lines, org] = await Promise.all([documentLines(db, order.quotationId), readProfile(db)]);
  // An explicit language of the five, else the vendor's own.
  const lang = documentLanguage((LANGUAGES as readonly string[]).includes(language) ? language : order.vendor.language);
  const L: DocumentLabels = DOCUMENT_LABELS[lang];
  const rtl = isRtl(lang);

  const w = await PdfWriter.create({
    title: order.poNumber,
    subject: `Total ${order.currency} ${order.totalAmount}`,
    language: lang,
    rtl,
    thaana: true,
  });
  const doc = w.doc;

  const money = (v: string) => formatEmailMoney(v, order.currency, lang);
  const date = (ymd: string | null) => (ymd ? formatEmailDate(ymd, lang) : "-");

  // Header: logo and buyer name at the start, title and number at the end.
  const top = w.y;
  let logoHeight = 0;
  if (org.logo) {
    try {
      const bytes = await fileBytes(db, org.logo.fileId, store);
      if (bytes) {
        const embed = org.logo.contentType === "image/png" ? await doc.embedPng(bytes) : await doc.embedJpg(bytes);
        const scale = Math.min(140 / embed.width, 48 / embed.height, 1);
        logoHeight = w.image({ embed, width: embed.width * scale, height: embed.height * scale }, MARGIN) + 8;
      }
    } catch {
      // A logo that passed the type check but does not decode is left out rather than failing the order.
      logoHeight = 0;
    }
  }
  w.down(18);
  w.text(L.title, COL.total, { size: 20, bold: true, align: "end" });
  w.down(20);
  w.text(order.poNumber, COL.total, { size: 13, bold: true, align: "end" });
  w.down(15);
  w.text(`${L.date}: ${date(dayIn(new Date(order.createdAt), org.timeZone))}`, COL.total, { align: "end" });
  w.y = Math.min(w.y, top - logoHeight) - 20;

  // Buyer and vendor blocks side by side.
  const half = CONTENT_WIDTH / 2;
  const blockTop = w.y;
  const block = (x: number, heading: string, name: string, rows: string[]) => {
    w.y = blockTop;
    w.text(heading, x, { size: 9, bold: true, gray: 0.35 });
    w.down(15);
    w.paragraph(name || "-", x, half - 15, { size: 11, bold: true });
    for (const row of rows.filter(Boolean)) w.paragraph(row, x, half - 15);
    return w.y;
  };
  const buyerEnd = block(MARGIN, L.buyer, org.legalName, [
    org.address,
    org.taxId ? `${L.taxId}: ${org.taxId}` : "",
  ]);
  const vendorEnd = block(MARGIN + half, L.vendor, order.vendor.companyName, [
    order.vendor.contactPerson ? `${L.contact}: ${order.vendor.contactPerson}` : "",
    order.vendor.email ? `${L.email}: ${order.vendor.email}` : "",
    order.vendor.phone ? `${L.phone}: ${order.vendor.phone}` : "",
  ]);
  w.y = Math.min(buyerEnd, vendorEnd) - 10;
  w.rule(0.8);
  w.down(20);

  // Order facts.
  const facts: [string, string][] = [
    [L.poNumber, order.poNumber],
    [L.request, order.requestNumber ? `${order.requestNumber} - ${order.requestTitle ?? ""}` : "-"],
    [L.deliveryAddress, org.deliveryAddress || org.address || "-"],
    [L.requestedDelivery, date(order.requestedDeliveryDate)],
    [L.paymentTerms, org.paymentTerms || "-"],
    [L.currency, order.currency],
  ];
  if (order.leadTimeDays != null) facts.push([L.leadTime, fill(L.days, { n: order.leadTimeDays })]);
  fields(w, facts, 160);
  w.down(8);

  // Lines.
  table(
    w,
    [
      { heading: "#", x: COL.no },
      { heading: L.item, x: COL.item, wrap: COL.itemWidth },
      { heading: L.quantity, x: COL.quantity, align: "end" },
      { heading: L.unit, x: COL.unit },
      { heading: L.unitPrice, x: COL.unitPrice, align: "end" },
      { heading: L.lineTotal, x: COL.total, align: "end" },
    ],
    lines.map((line, i) => [
      String(i + 1),
      line.name,
      formatQuantity(line.quantity, lang),
      line.unit,
      formatAmount(line.unitPrice, lang),
      formatAmount(line.totalPrice, lang),
    ]),
    9,
  );

  // Totals: the order's amount is the grand total; what it adds to the lines is tax.
  const tax = minus(order.totalAmount, order.subtotal);
  const sums: [string, string, boolean][] = [[L.subtotal, money(order.subtotal), false]];
  if (tax !== "0.00") sums.push([L.tax, money(tax), false]);
  sums.push([L.grandTotal, money(order.totalAmount), true]);
  totals(w, sums, COL.unitPrice, COL.total);

  w.ensure(20);
  w.text(`${L.approvedBy}: ${order.approverName ?? "-"}`, MARGIN, { bold: true });
  w.down(24);

  if (org.poTerms.trim()) {
    w.ensure(40);
    w.text(L.terms, MARGIN, { bold: true });
    w.down(15);
    w.paragraph(org.poTerms, MARGIN, CONTENT_WIDTH, { size: 9 });
  }

  return await w.save((n, total) => `${order.poNumber} - ${fill(L.page, { n, total })}`);
}

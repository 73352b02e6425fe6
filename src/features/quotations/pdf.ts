/**
 * The quotation PDF: its facts, the items table with the total, and the vendor's notes, in English,
 * written by the one PDF engine (src/lib/pdf/writer.ts): Helvetica, text searchable in the file
 * itself, the number and total in the Title and Subject metadata too.
 */
import { type Column, fields, table, totals } from "../../lib/pdf/blocks.ts";
import { A4, MARGIN, PdfWriter } from "../../lib/pdf/writer.ts";

const PAGE_WIDTH = A4[0];
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

const isoDate = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString().slice(0, 10) : "-");

export interface PdfLine {
  name: string;
  quantity: number;
  unit: string;
  unitPrice: string;
  totalPrice: string;
}

/** The items table's columns: the item wraps, numbers end at their x. */
const COLUMNS: Column[] = [
  { heading: "Item", x: MARGIN, wrap: 230 },
  { heading: "Quantity", x: MARGIN + 300, align: "end" },
  { heading: "Unit", x: MARGIN + 310 },
  { heading: "Unit price", x: MARGIN + 420, align: "end" },
  { heading: "Total", x: PAGE_WIDTH - MARGIN, align: "end" },
];

export interface QuotationPdfData {
  id: number;
  requestNumber: string;
  purchaseRequestTitle: string;
  vendorName: string;
  submittedAt: Date | string;
  status: string;
  totalAmount: string;
  currency: string;
  validUntil: Date | string;
  validityDays: number;
  leadTimeDays: number | null;
  notes: string | null;
  revision: number;
  items: PdfLine[];
}

export async function quotationPdf(qd: QuotationPdfData): Promise<Uint8Array> {
  const w = await PdfWriter.create({
    title: `Quotation ${qd.id} for ${qd.requestNumber}`,
    subject: `Total ${qd.currency} ${qd.totalAmount}`,
  });
  w.text("Quotation", MARGIN, { size: 20, bold: true });
  w.text(`No. ${qd.id}`, PAGE_WIDTH - MARGIN, { size: 12, align: "end" });
  w.down(34);
  fields(w, [
    ["Vendor", qd.vendorName],
    ["Request", `${qd.requestNumber} - ${qd.purchaseRequestTitle}`],
    ["Submitted", isoDate(qd.submittedAt)],
    ["Status", qd.status.replace(/_/g, " ")],
    ["Valid until", `${isoDate(qd.validUntil)} (${qd.validityDays} days)`],
    ["Lead time", qd.leadTimeDays == null ? "-" : `${qd.leadTimeDays} days`],
    ["Revision", String(qd.revision)],
  ], 120);
  w.down(10);
  table(w, COLUMNS, qd.items.map((l) => [l.name, String(l.quantity), l.unit, l.unitPrice, l.totalPrice]));
  totals(w, [[`Total (${qd.currency})`, qd.totalAmount, true]], COLUMNS[3].x, COLUMNS[4].x);
  if (qd.notes?.trim()) {
    w.ensure(30);
    w.text("Notes", MARGIN, { bold: true });
    w.down(16);
    w.paragraph(qd.notes, MARGIN, CONTENT_WIDTH);
  }
  return await w.save();
}

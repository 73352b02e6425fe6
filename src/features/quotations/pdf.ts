/**
 * Quotation and purchase order PDFs with pdf-lib. Pages are written as uncompressed content streams
 * with literal strings, so the document's text (PO number, totals) can be found in the file itself,
 * not only by a PDF reader; the Title and Subject metadata carry the number and the total too.
 * The standard fonts speak WinAnsi only: other characters are replaced, never thrown on.
 */
import {
  beginText,
  endText,
  lineTo,
  moveText,
  moveTo,
  PDFContentStream,
  PDFDocument,
  type PDFFont,
  type PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  PDFString,
  setFontAndSize,
  setLineWidth,
  setStrokingGrayscaleColor,
  StandardFonts,
  stroke,
} from "pdf-lib";
import { pdfSafe } from "../../lib/pdf-text.ts";

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;

/** A literal PDF string: backslash and parentheses escaped. */
const literal = (text: string) => PDFString.of(text.replace(/[\\()]/g, (m) => `\\${m}`));

export const isoDate = (d: Date | string | null | undefined) => (d ? new Date(d).toISOString().slice(0, 10) : "-");

interface TextOptions {
  size?: number;
  bold?: boolean;
  align?: "left" | "right";
}

interface PageState {
  page: PDFPage;
  ops: PDFOperator[];
  regular: PDFName;
  bold: PDFName;
}

/** A top-to-bottom writer: text at the current line, a new page when the current one is full. */
class Writer {
  private pages: PageState[] = [];
  y = 0;

  private constructor(readonly doc: PDFDocument, readonly regular: PDFFont, readonly bold: PDFFont) {
    this.newPage();
  }

  static async create(meta: { title: string; subject: string }) {
    const doc = await PDFDocument.create();
    doc.setTitle(meta.title);
    doc.setSubject(meta.subject);
    doc.setProducer("Procurement");
    doc.setCreator("Procurement");
    doc.setCreationDate(new Date());
    const [regular, bold] = await Promise.all([
      doc.embedFont(StandardFonts.Helvetica),
      doc.embedFont(StandardFonts.HelveticaBold),
    ]);
    return new Writer(doc, regular, bold);
  }

  private get current() {
    return this.pages[this.pages.length - 1];
  }

  newPage() {
    const page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    this.pages.push({
      page,
      ops: [],
      regular: page.node.newFontDictionary(this.regular.name, this.regular.ref),
      bold: page.node.newFontDictionary(this.bold.name, this.bold.ref),
    });
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Starts a new page unless `height` more points fit above the bottom margin. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN) return false;
    this.newPage();
    return true;
  }

  width(text: string, size = 10, bold = false) {
    return (bold ? this.bold : this.regular).widthOfTextAtSize(pdfSafe(text), size);
  }

  /** Draws one line of text with its baseline at the current y. */
  text(value: string, x: number, opts: TextOptions = {}) {
    const size = opts.size ?? 10;
    const safe = pdfSafe(value);
    const left = opts.align === "right" ? x - this.width(safe, size, opts.bold) : x;
    const { ops, regular, bold } = this.current;
    ops.push(
      beginText(),
      setFontAndSize(opts.bold ? bold : regular, size),
      moveText(left, this.y),
      PDFOperator.of(PDFOperatorNames.ShowText, [literal(safe)]),
      endText(),
    );
  }

  rule(gray = 0.6) {
    this.current.ops.push(
      setLineWidth(0.5),
      setStrokingGrayscaleColor(gray),
      moveTo(MARGIN, this.y),
      lineTo(PAGE_WIDTH - MARGIN, this.y),
      stroke(),
    );
  }

  down(points: number) {
    this.y -= points;
  }

  /** Splits text into lines no wider than `width` (long words are cut). */
  wrap(value: string, width: number, size = 10, bold = false): string[] {
    const words = pdfSafe(value).split(" ").filter(Boolean);
    const lines: string[] = [];
    let line = "";
    for (let word of words) {
      while (this.width(word, size, bold) > width) {
        let cut = word.length - 1;
        while (cut > 1 && this.width(word.slice(0, cut), size, bold) > width) cut--;
        if (line) lines.push(line), line = "";
        lines.push(word.slice(0, cut));
        word = word.slice(cut);
      }
      const next = line ? `${line} ${word}` : word;
      if (this.width(next, size, bold) <= width) line = next;
      else {
        lines.push(line);
        line = word;
      }
    }
    if (line) lines.push(line);
    return lines.length ? lines : [""];
  }

  paragraph(value: string, opts: { size?: number; bold?: boolean; x?: number; width?: number } = {}) {
    const size = opts.size ?? 10;
    for (const line of this.wrap(value, opts.width ?? CONTENT_WIDTH, size, opts.bold)) {
      this.ensure(size + 4);
      this.text(line, opts.x ?? MARGIN, { size, bold: opts.bold });
      this.down(size + 4);
    }
  }

  async save(): Promise<Uint8Array> {
    for (const { page, ops } of this.pages) {
      const stream = PDFContentStream.of(this.doc.context.obj({}), ops, false);
      page.node.addContentStream(this.doc.context.register(stream));
    }
    return await this.doc.save({ useObjectStreams: false });
  }
}

export interface PdfLine {
  name: string;
  quantity: number;
  unit: string;
  unitPrice: string;
  totalPrice: string;
}

const COLUMNS = {
  item: MARGIN,
  itemWidth: 230,
  quantity: MARGIN + 300,
  unit: MARGIN + 310,
  unitPrice: MARGIN + 420,
  total: PAGE_WIDTH - MARGIN,
};

function tableHeader(w: Writer) {
  w.text("Item", COLUMNS.item, { bold: true });
  w.text("Quantity", COLUMNS.quantity, { bold: true, align: "right" });
  w.text("Unit", COLUMNS.unit, { bold: true });
  w.text("Unit price", COLUMNS.unitPrice, { bold: true, align: "right" });
  w.text("Total", COLUMNS.total, { bold: true, align: "right" });
  w.down(6);
  w.rule();
  w.down(14);
}

function itemsTable(w: Writer, lines: PdfLine[], total: string, currency: string) {
  w.ensure(60);
  tableHeader(w);
  for (const line of lines) {
    const nameLines = w.wrap(line.name, COLUMNS.itemWidth);
    if (w.ensure(nameLines.length * 14 + 4)) tableHeader(w);
    w.text(nameLines[0], COLUMNS.item);
    w.text(String(line.quantity), COLUMNS.quantity, { align: "right" });
    w.text(line.unit, COLUMNS.unit);
    w.text(line.unitPrice, COLUMNS.unitPrice, { align: "right" });
    w.text(line.totalPrice, COLUMNS.total, { align: "right" });
    for (const more of nameLines.slice(1)) {
      w.down(14);
      w.text(more, COLUMNS.item);
    }
    w.down(18);
  }
  w.ensure(30);
  w.down(-8);
  w.rule(0.3);
  w.down(16);
  w.text(`Total (${currency})`, COLUMNS.unitPrice, { bold: true, align: "right" });
  w.text(total, COLUMNS.total, { bold: true, align: "right" });
  w.down(28);
}

function fields(w: Writer, rows: [string, string][]) {
  for (const [label, value] of rows) {
    const lines = w.wrap(value, CONTENT_WIDTH - 120);
    w.ensure(lines.length * 14);
    w.text(label, MARGIN, { bold: true });
    lines.forEach((line, i) => {
      if (i) w.down(14);
      w.text(line, MARGIN + 120);
    });
    w.down(16);
  }
}

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
  const w = await Writer.create({
    title: `Quotation ${qd.id} for ${qd.requestNumber}`,
    subject: `Total ${qd.currency} ${qd.totalAmount}`,
  });
  w.text("Quotation", MARGIN, { size: 20, bold: true });
  w.text(`No. ${qd.id}`, PAGE_WIDTH - MARGIN, { size: 12, align: "right" });
  w.down(34);
  fields(w, [
    ["Vendor", qd.vendorName],
    ["Request", `${qd.requestNumber} - ${qd.purchaseRequestTitle}`],
    ["Submitted", isoDate(qd.submittedAt)],
    ["Status", qd.status.replace(/_/g, " ")],
    ["Valid until", `${isoDate(qd.validUntil)} (${qd.validityDays} days)`],
    ["Lead time", qd.leadTimeDays == null ? "-" : `${qd.leadTimeDays} days`],
    ["Revision", String(qd.revision)],
  ]);
  w.down(10);
  itemsTable(w, qd.items, qd.totalAmount, qd.currency);
  if (qd.notes?.trim()) {
    w.ensure(30);
    w.text("Notes", MARGIN, { bold: true });
    w.down(16);
    w.paragraph(qd.notes);
  }
  return await w.save();
}

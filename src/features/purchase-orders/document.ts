/**
 * The purchase order document: buyer block with logo and the organisation
 * profile, vendor block, order number and date, delivery, payment terms, lines, totals, approver and
 * terms, labelled and formatted in the vendor's language.
 *
 * Latin text is set in Helvetica with literal strings (searchable in the file itself). Thaana uses
 * the embedded Noto Sans Thaana (OFL, src/assets/fonts): fontkit shapes each Thaana run (right to
 * left, GPOS mark positioning), the glyphs are drawn where fontkit put them, so the vowel marks
 * (fili) sit on their letters, and the text is the same glyphs in the embedded font in visual order,
 * as a PDF reader expects of right-to-left text, so it extracts in logical order (see Writer.text).
 * In Dhivehi the whole page is mirrored: labels on the right, columns from right to left.
 */
import fontkit from "@pdf-lib/fontkit";
import {
  appendBezierCurve,
  beginText,
  closePath,
  concatTransformationMatrix,
  endText,
  fill as fillPath,
  lineTo,
  moveTo,
  PDFContentStream,
  PDFDocument,
  type PDFFont,
  PDFHexString,
  type PDFName,
  PDFOperator,
  PDFOperatorNames,
  type PDFPage,
  PDFString,
  popGraphicsState,
  pushGraphicsState,
  setFillingGrayscaleColor,
  setFontAndSize,
  setLineWidth,
  setStrokingGrayscaleColor,
  setTextMatrix,
  setTextRenderingMode,
  StandardFonts,
  stroke,
  TextRenderingMode,
} from "pdf-lib";
import type { Queryable } from "../../db/types.ts";
import type { ObjectStore } from "../../files/s3.ts";
import { fileBytes } from "../../files/storage.ts";
import { NotFound } from "../../lib/errors.ts";
import { formatEmailDate, formatEmailMoney, intlSupports } from "../../shared/email-render.ts";
import { isRtl, type Language, LANGUAGES } from "../../shared/i18n-languages.ts";
import { readProfile } from "../organisation/service.ts";
import { DOCUMENT_LABELS, type DocumentLabels } from "./document-labels.ts";
import { documentLines, documentOrder } from "./document-queries.ts";

const PAGE_WIDTH = 595.28; // A4
const PAGE_HEIGHT = 841.89;
const MARGIN = 50;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const FOOTER_Y = 30;
/** Thaana letters are small beside Latin ones at the same size: set a quarter larger to match. */
const THAANA_SCALE = 1.25;

// ------------------------------------------------------------------------------------------------
// fonts

interface PathCommand {
  command: "moveTo" | "lineTo" | "quadraticCurveTo" | "bezierCurveTo" | "closePath";
  args: number[];
}
interface ShapedGlyph {
  id: number;
  advanceWidth: number;
  codePoints?: number[];
  path: { commands: PathCommand[] };
}

const outlines = new WeakMap<ShapedGlyph, PDFOperator[]>();
/** A glyph's outline as PDF path operators in font units (quadratic curves raised to cubic). */
function glyphOutline(glyph: ShapedGlyph): PDFOperator[] {
  let ops = outlines.get(glyph);
  if (ops) return ops;
  ops = [];
  let x = 0, y = 0;
  for (const { command, args: a } of glyph.path.commands) {
    if (command === "moveTo") ops.push(moveTo(a[0], a[1])), [x, y] = a;
    else if (command === "lineTo") ops.push(lineTo(a[0], a[1])), [x, y] = a;
    else if (command === "bezierCurveTo") {
      ops.push(appendBezierCurve(a[0], a[1], a[2], a[3], a[4], a[5])), [x, y] = [a[4], a[5]];
    } else if (command === "quadraticCurveTo") {
      const [qx, qy, ex, ey] = a;
      ops.push(
        appendBezierCurve(
          num(x + (2 / 3) * (qx - x)),
          num(y + (2 / 3) * (qy - y)),
          num(ex + (2 / 3) * (qx - ex)),
          num(ey + (2 / 3) * (qy - ey)),
          ex,
          ey,
        ),
      );
      [x, y] = [ex, ey];
    } else ops.push(closePath());
  }
  outlines.set(glyph, ops);
  return ops;
}
interface GlyphPosition {
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}
interface ShapingFont {
  unitsPerEm: number;
  characterSet: number[];
  layout(text: string): { glyphs: ShapedGlyph[]; positions: GlyphPosition[] };
  getGlyph(id: number): ShapedGlyph;
}

const FONT_FILES = {
  regular: new URL("../../assets/fonts/NotoSansThaana-Regular.ttf", import.meta.url),
  bold: new URL("../../assets/fonts/NotoSansThaana-Bold.ttf", import.meta.url),
};
let fontBytes: Promise<{ regular: Uint8Array; bold: Uint8Array }> | undefined;
/** The Thaana font files, read once per process. */
function thaanaFontBytes() {
  fontBytes ??= Promise.all([Deno.readFile(FONT_FILES.regular), Deno.readFile(FONT_FILES.bold)]).then((
    [regular, bold],
  ) => ({ regular, bold }));
  return fontBytes;
}

interface ThaanaFont {
  pdf: PDFFont;
  shaper: ShapingFont;
  has: Set<number>;
  /** Advance of glyph 0 (.notdef), in font units. */
  notdefWidth: number;
}

interface Fonts {
  latin: PDFFont;
  latinBold: PDFFont;
  thaana: ThaanaFont;
  thaanaBold: ThaanaFont;
}

async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  doc.registerFontkit(fontkit);
  const bytes = await thaanaFontBytes();
  const thaana = async (data: Uint8Array): Promise<ThaanaFont> => {
    // Not subset: the glyph ids written below are the font's own (Identity-H, CID = GID), and the
    // whole font is 17 KB.
    const pdf = await doc.embedFont(data, { subset: false });
    // .notdef stands before a run that starts with a mark (see Writer.text). Mapped to "<" in the
    // ToUnicode table, a character pdf.js drops from right-to-left text, it adds nothing to the text.
    const embedded = (pdf as unknown as { embedder: { font: { getGlyph(id: number): object } } }).embedder.font;
    Object.defineProperty(embedded.getGlyph(0), "codePoints", { value: [0x3c] });
    const shaper = fontkit.create(data) as unknown as ShapingFont;
    return { pdf, shaper, has: new Set(shaper.characterSet), notdefWidth: shaper.getGlyph(0).advanceWidth };
  };
  const [latin, latinBold, regular, bold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    thaana(bytes.regular),
    thaana(bytes.bold),
  ]);
  return { latin, latinBold, thaana: regular, thaanaBold: bold };
}

// ------------------------------------------------------------------------------------------------
// text: runs of one script, measured and placed

const THAANA = /[\u0780-\u07bf\u060c\u061b\u061f\ufdf2]/;
const STRONG = /[\p{L}\p{N}]/u;

const LATIN_REPLACEMENTS: Record<string, string> = {
  "\u2013": "-",
  "\u2014": "-",
  "\u2018": "'",
  "\u2019": "'",
  "\u201c": '"',
  "\u201d": '"',
  "\u2022": "*",
  "\u2026": "...",
  "\u00a0": " ",
  "\u202f": " ",
  "\u2009": " ",
  "\u200e": "",
  "\u200f": "",
};

/** Text Helvetica can show (printable ASCII and Latin-1); any other character becomes '?'. */
export function latinSafe(text: string): string {
  let out = "";
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch in LATIN_REPLACEMENTS) out += LATIN_REPLACEMENTS[ch];
    else if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa1 && code <= 0xff)) out += ch;
    else out += "?";
  }
  return out;
}

interface Run {
  text: string;
  thaana: boolean;
}

/**
 * Splits a line into runs of Thaana and of everything else. Spaces and punctuation between two
 * Thaana letters stay in the Thaana run (when the Thaana font has them), so a Dhivehi phrase is one
 * run shaped as a whole; in a right-to-left line so do those between Thaana and Latin.
 */
export function scriptRuns(text: string, thaanaHas: Set<number>, rtl = false): Run[] {
  const chars = [...text];
  const kind = chars.map((ch) => (THAANA.test(ch) ? "T" : STRONG.test(ch) ? "L" : "N"));
  const strongAt = (from: number, step: number) => {
    for (let i = from; i >= 0 && i < chars.length; i += step) if (kind[i] !== "N") return kind[i];
    return "";
  };
  const resolved = kind.map((k, i) => {
    if (k !== "N") return k;
    const before = strongAt(i - 1, -1), after = strongAt(i + 1, 1);
    // Between two Thaana letters, or in a right-to-left line anywhere not between two Latin ones,
    // a neutral takes the right-to-left direction (the Unicode bidi rule for neutrals).
    const inThaana = rtl
      ? !(before !== "T" && after !== "T" && (before === "L" || after === "L"))
      : (before === "T" || before === "") && (after === "T" || after === "") && (before || after);
    return inThaana && thaanaHas.has(chars[i].codePointAt(0)!) ? "T" : "L";
  });
  const runs: Run[] = [];
  chars.forEach((ch, i) => {
    const thaana = resolved[i] === "T";
    const last = runs[runs.length - 1];
    if (last && last.thaana === thaana) last.text += ch;
    else runs.push({ text: ch, thaana });
  });
  return runs;
}

interface TextOptions {
  size?: number;
  bold?: boolean;
  /** Where x is: at the start (left in LTR, right in RTL) or the end of the text. */
  align?: "start" | "end";
  gray?: number;
}

interface PageState {
  page: PDFPage;
  ops: PDFOperator[];
  names: { latin: PDFName; latinBold: PDFName; thaana: PDFName; thaanaBold: PDFName };
}

const hex4 = (n: number) => n.toString(16).padStart(4, "0");
const literal = (text: string) => PDFString.of(text.replace(/[\\()]/g, (m) => `\\${m}`));
const num = (n: number) => Math.round(n * 1000) / 1000;

/**
 * A top-to-bottom writer in logical coordinates: x is measured from the start edge of the page
 * (left in LTR, right in RTL), so one layout serves both directions.
 */
class Writer {
  readonly pages: PageState[] = [];
  y = 0;

  constructor(readonly doc: PDFDocument, readonly fonts: Fonts, readonly rtl: boolean) {
    this.newPage();
  }

  private get current() {
    return this.pages[this.pages.length - 1];
  }

  newPage() {
    const page = this.doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
    const f = this.fonts;
    this.pages.push({
      page,
      ops: [],
      names: {
        latin: page.node.newFontDictionary(f.latin.name, f.latin.ref),
        latinBold: page.node.newFontDictionary(f.latinBold.name, f.latinBold.ref),
        thaana: page.node.newFontDictionary(f.thaana.pdf.name, f.thaana.pdf.ref),
        thaanaBold: page.node.newFontDictionary(f.thaanaBold.pdf.name, f.thaanaBold.pdf.ref),
      },
    });
    this.y = PAGE_HEIGHT - MARGIN;
  }

  /** Starts a new page unless `height` more points fit above the footer. */
  ensure(height: number): boolean {
    if (this.y - height >= MARGIN) return false;
    this.newPage();
    return true;
  }

  down(points: number) {
    this.y -= points;
  }

  runs(text: string, bold: boolean) {
    return scriptRuns(
      text.replace(/[\r\n\t]+/g, " "),
      (bold ? this.fonts.thaanaBold : this.fonts.thaana).has,
      this.rtl,
    );
  }

  private runWidth(run: Run, size: number, bold: boolean) {
    if (!run.thaana) {
      return (bold ? this.fonts.latinBold : this.fonts.latin).widthOfTextAtSize(latinSafe(run.text), size);
    }
    const f = bold ? this.fonts.thaanaBold : this.fonts.thaana;
    const { positions } = f.shaper.layout(run.text);
    return positions.reduce((w, p) => w + p.xAdvance, 0) * size * THAANA_SCALE / f.shaper.unitsPerEm;
  }

  width(text: string, size = 10, bold = false) {
    return this.runs(text, bold).reduce((w, r) => w + this.runWidth(r, size, bold), 0);
  }

  /** Draws one line with its baseline at `y` (default: the current line). */
  text(value: string, x: number, opts: TextOptions = {}, y = this.y, state = this.current) {
    const size = opts.size ?? 10, bold = !!opts.bold;
    const runs = this.runs(value, bold).map((r) => ({ ...r, width: this.runWidth(r, size, bold) }));
    const total = runs.reduce((w, r) => w + r.width, 0);
    const edge = this.rtl ? PAGE_WIDTH - x : x;
    const start = opts.align === "end" ? !this.rtl : this.rtl; // is `edge` the right end of the text?
    let left = start ? edge - total : edge;
    // Runs in logical order; in RTL the first run is the rightmost.
    const placed = this.rtl
      ? runs.map((r) => {
        const at = left + total - r.width;
        left -= r.width;
        return { ...r, at };
      })
      : runs.map((r) => {
        const at = left;
        left += r.width;
        return { ...r, at };
      });
    const { ops, names } = state;
    if (opts.gray !== undefined) ops.push(setFillingGrayscaleColor(opts.gray));
    for (const r of placed) {
      if (!r.thaana) {
        ops.push(
          beginText(),
          setFontAndSize(bold ? names.latinBold : names.latin, size),
          setTextMatrix(1, 0, 0, 1, num(r.at), num(y)),
          PDFOperator.of(PDFOperatorNames.ShowText, [literal(latinSafe(r.text))]),
          endText(),
        );
        continue;
      }
      const f = bold ? this.fonts.thaanaBold : this.fonts.thaana;
      const scale = size * THAANA_SCALE / f.shaper.unitsPerEm;
      // fontkit returns the glyphs of a right-to-left run in visual order, with the GPOS offsets that
      // put each vowel mark on its letter. The visible glyphs are the font's outlines at exactly
      // those places; the text itself is an invisible layer of the same glyphs in the embedded font,
      // in visual order with no offsets, so a reader extracts (and selects, and searches) the words
      // in logical order. (Shown as text, a mark moved onto its letter makes pdf.js and other
      // extractors split the word around it: they take the jump back for a new piece of text.)
      const { glyphs, positions } = f.shaper.layout(r.text);
      let pen = r.at;
      glyphs.forEach((g, i) => {
        const p = positions[i];
        const outline = glyphOutline(g);
        if (outline.length) {
          ops.push(
            pushGraphicsState(),
            concatTransformationMatrix(scale, 0, 0, scale, num(pen + p.xOffset * scale), num(y + p.yOffset * scale)),
            ...outline,
            fillPath(),
            popGraphicsState(),
          );
        }
        pen += p.xAdvance * scale;
      });
      // The text layer, in visual order. pdf.js (like other extractors) joins a zero-width mark to
      // whatever text it last saw, and most Dhivehi words end with a mark (visually their first
      // glyph). So a space before such a word is taken back (the words touch; the space is still
      // text), and at the start of a run a .notdef (which adds no text) ends where the mark's letter
      // begins: the mark then always follows text that ends at its letter.
      const items: (PDFHexString | number)[] = [];
      const units = (w: number) => Math.round(w * 1000 / f.shaper.unitsPerEm);
      const isSpace = (i: number) => glyphs[i].codePoints?.[0] === 0x20;
      let codes = "", seenLetter = false;
      glyphs.forEach((g, i) => {
        const wordStartsWithMark = positions[i].xAdvance === 0 && (i === 0 || isSpace(i - 1));
        if (wordStartsWithMark && seenLetter) {
          // after a space within the run: take the space back, the word touches the one before
          items.push(PDFHexString.of(codes), units(glyphs[i - 1].advanceWidth));
          codes = "";
        } else if (wordStartsWithMark) {
          // at the start of the run: .notdef (no text) ending where the mark's letter begins
          if (codes) items.push(PDFHexString.of(codes));
          items.push(units(f.notdefWidth));
          codes = "0000";
        }
        codes += hex4(g.id);
        if (!isSpace(i) && positions[i].xAdvance > 0) seenLetter = true;
      });
      if (codes) items.push(PDFHexString.of(codes));
      ops.push(
        pushGraphicsState(),
        beginText(),
        setTextRenderingMode(TextRenderingMode.Invisible),
        setFontAndSize(bold ? names.thaanaBold : names.thaana, size * THAANA_SCALE),
        setTextMatrix(1, 0, 0, 1, num(r.at), num(y)),
        PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [this.doc.context.obj(items)]),
        endText(),
        popGraphicsState(),
      );
    }
    if (opts.gray !== undefined) ops.push(setFillingGrayscaleColor(0));
  }

  rule(gray = 0.6, width = 0.5) {
    this.current.ops.push(
      setLineWidth(width),
      setStrokingGrayscaleColor(gray),
      moveTo(MARGIN, this.y),
      lineTo(PAGE_WIDTH - MARGIN, this.y),
      stroke(),
    );
  }

  /** Splits text into lines no wider than `width` (words longer than a line are cut). */
  wrap(value: string, width: number, size = 10, bold = false): string[] {
    const lines: string[] = [];
    for (const paragraph of value.split(/\r?\n/)) {
      let line = "";
      for (let word of paragraph.split(/[ \t]+/).filter(Boolean)) {
        while (this.width(word, size, bold) > width && [...word].length > 1) {
          const chars = [...word];
          let cut = chars.length - 1;
          while (cut > 1 && this.width(chars.slice(0, cut).join(""), size, bold) > width) cut--;
          if (line) lines.push(line), line = "";
          lines.push(chars.slice(0, cut).join(""));
          word = chars.slice(cut).join("");
        }
        const next = line ? `${line} ${word}` : word;
        if (this.width(next, size, bold) <= width) line = next;
        else {
          if (line) lines.push(line);
          line = word;
        }
      }
      lines.push(line);
    }
    while (lines.length > 1 && lines[lines.length - 1] === "") lines.pop();
    return lines.length ? lines : [""];
  }

  /** Wrapped text from logical x, `width` wide; returns the number of lines. */
  paragraph(value: string, x: number, width: number, opts: TextOptions = {}) {
    const size = opts.size ?? 10;
    const lines = this.wrap(value, width, size, opts.bold);
    for (const line of lines) {
      this.ensure(size + 4);
      this.text(line, x, opts);
      this.down(size + 4);
    }
    return lines.length;
  }

  /** Draws an image with its top at the current y, from logical x; returns its height. */
  image(img: { width: number; height: number; embed: Parameters<PDFPage["drawImage"]>[0] }, x: number) {
    const left = this.rtl ? PAGE_WIDTH - x - img.width : x;
    this.current.page.drawImage(img.embed, { x: left, y: this.y - img.height, width: img.width, height: img.height });
    return img.height;
  }

  async save(footer: (n: number, total: number) => string): Promise<Uint8Array> {
    this.pages.forEach((state, i) => {
      this.text(
        footer(i + 1, this.pages.length),
        CONTENT_WIDTH + MARGIN,
        { size: 8, align: "end", gray: 0.4 },
        FOOTER_Y,
        state,
      );
    });
    for (const { page, ops } of this.pages) {
      // Latin pages stay uncompressed (their text can be found in the file itself); pages with
      // Thaana outlines are compressed, they would be several times larger.
      const stream = PDFContentStream.of(this.doc.context.obj({}), ops, this.rtl);
      page.node.addContentStream(this.doc.context.register(stream));
    }
    return await this.doc.save({ useObjectStreams: false });
  }
}

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

  const doc = await PDFDocument.create();
  doc.setTitle(order.poNumber);
  doc.setSubject(`Total ${order.currency} ${order.totalAmount}`);
  doc.setLanguage(lang);
  doc.setProducer("Procurement");
  doc.setCreator("Procurement");
  doc.setCreationDate(new Date());
  const w = new Writer(doc, await embedFonts(doc), rtl);

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
  for (const [label, value] of facts) {
    const wrapped = w.wrap(value, CONTENT_WIDTH - 160);
    w.ensure(wrapped.length * 14);
    w.text(label, MARGIN, { bold: true });
    wrapped.forEach((line, i) => {
      if (i) w.down(14);
      w.text(line, MARGIN + 160);
    });
    w.down(16);
  }
  w.down(8);

  // Lines.
  const header = () => {
    w.text("#", COL.no, { bold: true, size: 9 });
    w.text(L.item, COL.item, { bold: true, size: 9 });
    w.text(L.quantity, COL.quantity, { bold: true, size: 9, align: "end" });
    w.text(L.unit, COL.unit, { bold: true, size: 9 });
    w.text(L.unitPrice, COL.unitPrice, { bold: true, size: 9, align: "end" });
    w.text(L.lineTotal, COL.total, { bold: true, size: 9, align: "end" });
    w.down(6);
    w.rule();
    w.down(14);
  };
  w.ensure(60);
  header();
  lines.forEach((line, i) => {
    const names = w.wrap(line.name, COL.itemWidth);
    if (w.ensure(names.length * 14 + 4)) header();
    w.text(String(i + 1), COL.no);
    w.text(names[0], COL.item);
    w.text(formatQuantity(line.quantity, lang), COL.quantity, { align: "end" });
    w.text(line.unit, COL.unit);
    w.text(formatAmount(line.unitPrice, lang), COL.unitPrice, { align: "end" });
    w.text(formatAmount(line.totalPrice, lang), COL.total, { align: "end" });
    for (const more of names.slice(1)) {
      w.down(14);
      w.text(more, COL.item);
    }
    w.down(18);
  });

  // Totals: the order's amount is the grand total; what it adds to the lines is tax.
  const tax = minus(order.totalAmount, order.subtotal);
  const totals: [string, string, boolean][] = [[L.subtotal, money(order.subtotal), false]];
  if (tax !== "0.00") totals.push([L.tax, money(tax), false]);
  totals.push([L.grandTotal, money(order.totalAmount), true]);
  w.ensure(totals.length * 18 + 20);
  w.down(-8);
  w.rule(0.3);
  w.down(16);
  for (const [label, value, strong] of totals) {
    w.text(label, COL.unitPrice, { bold: strong, align: "end" });
    w.text(value, COL.total, { bold: strong, align: "end", size: strong ? 11 : 10 });
    w.down(18);
  }
  w.down(10);

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

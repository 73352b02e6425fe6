/**
 * The PDF engine of every document the server writes (purchase orders, quotations, the purchase
 * request report): a top-to-bottom writer over pdf-lib that pages by itself.
 *
 * Latin text is set in Helvetica with literal strings in uncompressed content streams, so a
 * document's text (order number, totals) can be found in the file itself, not only by a reader.
 * Thaana, where a document asks for it, uses the embedded Noto Sans Thaana (fonts.ts): the glyphs are
 * drawn where fontkit put them, so the vowel marks (fili) sit on their letters, and the text is the
 * same glyphs in the embedded font in visual order, as a PDF reader expects of right-to-left text, so
 * it extracts in logical order (see PdfWriter.text). In a right-to-left document the whole page is
 * mirrored: x is measured from the start edge.
 */
import {
  beginText,
  concatTransformationMatrix,
  endText,
  fill as fillPath,
  lineTo,
  moveTo,
  PDFContentStream,
  PDFDocument,
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
  stroke,
  TextRenderingMode,
} from "pdf-lib";
import { embedFonts, type Fonts, glyphOutline, num, type Run, scriptRuns } from "./fonts.ts";
import { latinSafe } from "./text.ts";

/** A4 portrait, in points; landscape is the pair reversed. */
export const A4 = [595.28, 841.89] as const;
/** The default margin on every side. */
export const MARGIN = 50;
const FOOTER_Y = 30;
/** Thaana letters are small beside Latin ones at the same size: set a quarter larger to match. */
const THAANA_SCALE = 1.25;

export interface TextOptions {
  size?: number;
  bold?: boolean;
  /** Where x is: at the start (left in LTR, right in RTL) or the end of the text. */
  align?: "start" | "end";
  gray?: number;
}

interface PageState {
  page: PDFPage;
  ops: PDFOperator[];
  names: { latin: PDFName; latinBold: PDFName; thaana?: PDFName; thaanaBold?: PDFName };
}

const hex4 = (n: number) => n.toString(16).padStart(4, "0");
const literal = (text: string) => PDFString.of(text.replace(/[\\()]/g, (m) => `\\${m}`));

export interface DocumentOptions {
  title: string;
  subject: string;
  /** The document's language (its metadata); with `rtl` the page is mirrored. */
  language?: string;
  rtl?: boolean;
  /** Embed the Thaana font (documents that may hold Dhivehi); without it Thaana becomes '?'. */
  thaana?: boolean;
  /** Width and height in points (default A4 portrait) and the margin on every side. */
  page?: readonly [number, number];
  margin?: number;
  /**
   * Compress the pages. Default: only right-to-left ones (Thaana outlines would make them several
   * times larger); Latin pages stay searchable in the file itself. A long table asks for it.
   */
  compress?: boolean;
}

/**
 * A top-to-bottom writer in logical coordinates: x is measured from the start edge of the page
 * (left in LTR, right in RTL), so one layout serves both directions. A new page when the current
 * one is full (`ensure`); an optional footer on every page when saved.
 */
export class PdfWriter {
  readonly pages: PageState[] = [];
  y = 0;
  readonly pageWidth: number;
  readonly pageHeight: number;
  readonly margin: number;
  /** The width between the margins. */
  readonly contentWidth: number;

  private constructor(
    readonly doc: PDFDocument,
    readonly fonts: Fonts,
    readonly rtl: boolean,
    private readonly compress: boolean,
    page: readonly [number, number],
    margin: number,
  ) {
    [this.pageWidth, this.pageHeight] = page;
    this.margin = margin;
    this.contentWidth = this.pageWidth - 2 * margin;
    this.newPage();
  }

  static async create(o: DocumentOptions): Promise<PdfWriter> {
    const doc = await PDFDocument.create();
    doc.setTitle(o.title);
    doc.setSubject(o.subject);
    if (o.language) doc.setLanguage(o.language);
    doc.setProducer("Procurement");
    doc.setCreator("Procurement");
    doc.setCreationDate(new Date());
    const fonts = await embedFonts(doc, !!o.thaana);
    const rtl = !!o.rtl;
    return new PdfWriter(doc, fonts, rtl, o.compress ?? rtl, o.page ?? A4, o.margin ?? MARGIN);
  }

  private get current() {
    return this.pages[this.pages.length - 1];
  }

  newPage() {
    const page = this.doc.addPage([this.pageWidth, this.pageHeight]);
    const f = this.fonts;
    this.pages.push({
      page,
      ops: [],
      names: {
        latin: page.node.newFontDictionary(f.latin.name, f.latin.ref),
        latinBold: page.node.newFontDictionary(f.latinBold.name, f.latinBold.ref),
        thaana: f.thaana && page.node.newFontDictionary(f.thaana.pdf.name, f.thaana.pdf.ref),
        thaanaBold: f.thaanaBold && page.node.newFontDictionary(f.thaanaBold.pdf.name, f.thaanaBold.pdf.ref),
      },
    });
    this.y = this.pageHeight - this.margin;
  }

  /** Starts a new page unless `height` more points fit above the footer. */
  ensure(height: number): boolean {
    if (this.y - height >= this.margin) return false;
    this.newPage();
    return true;
  }

  down(points: number) {
    this.y -= points;
  }

  /** The Thaana font of a weight; only asked for a Thaana run, which exists only when it is embedded. */
  private thaana(bold: boolean) {
    return (bold ? this.fonts.thaanaBold : this.fonts.thaana)!;
  }

  runs(text: string, bold: boolean): Run[] {
    const line = text.replace(/[\r\n\t]+/g, " ");
    if (!this.fonts.thaana) return [{ text: line, thaana: false }];
    return scriptRuns(line, this.thaana(bold).has, this.rtl);
  }

  private runWidth(run: Run, size: number, bold: boolean) {
    if (!run.thaana) {
      return (bold ? this.fonts.latinBold : this.fonts.latin).widthOfTextAtSize(latinSafe(run.text), size);
    }
    const f = this.thaana(bold);
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
    const edge = this.rtl ? this.pageWidth - x : x;
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
      const f = this.thaana(bold);
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
        setFontAndSize((bold ? names.thaanaBold : names.thaana)!, size * THAANA_SCALE),
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
      moveTo(this.margin, this.y),
      lineTo(this.pageWidth - this.margin, this.y),
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

  /** One line cut to `width` with an ellipsis (a table cell). */
  fit(value: string, width: number, size = 10, bold = false): string {
    if (this.width(value, size, bold) <= width) return value;
    const chars = [...value];
    let cut = chars.length;
    while (cut > 1 && this.width(chars.slice(0, cut).join("") + "...", size, bold) > width) cut--;
    return chars.slice(0, cut).join("") + "...";
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
    const left = this.rtl ? this.pageWidth - x - img.width : x;
    this.current.page.drawImage(img.embed, { x: left, y: this.y - img.height, width: img.width, height: img.height });
    return img.height;
  }

  /** The document's bytes; `footer` is written at the end of each page's bottom edge. */
  async save(footer?: (n: number, total: number) => string): Promise<Uint8Array> {
    if (footer) {
      this.pages.forEach((state, i) => {
        this.text(
          footer(i + 1, this.pages.length),
          this.pageWidth - this.margin,
          { size: 8, align: "end", gray: 0.4 },
          FOOTER_Y,
          state,
        );
      });
    }
    for (const { page, ops } of this.pages) {
      const stream = PDFContentStream.of(this.doc.context.obj({}), ops, this.compress);
      page.node.addContentStream(this.doc.context.register(stream));
    }
    return await this.doc.save({ useObjectStreams: false });
  }
}

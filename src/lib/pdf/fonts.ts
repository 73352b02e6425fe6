/**
 * The fonts of the PDF writer (writer.ts): Helvetica for Latin text (a standard font, nothing
 * embedded), and, for documents that may hold Dhivehi, the embedded Noto Sans Thaana (OFL,
 * src/assets/fonts), which fontkit shapes: each Thaana run right to left with its GPOS mark
 * positioning, so the vowel marks (fili) sit on their letters. scriptRuns splits a line into runs of
 * one script.
 */
import fontkit from "@pdf-lib/fontkit";
import {
  appendBezierCurve,
  closePath,
  lineTo,
  moveTo,
  type PDFDocument,
  type PDFFont,
  type PDFOperator,
  StandardFonts,
} from "pdf-lib";

/** A coordinate rounded to three places, as written into a content stream. */
export const num = (n: number) => Math.round(n * 1000) / 1000;

interface PathCommand {
  command: "moveTo" | "lineTo" | "quadraticCurveTo" | "bezierCurveTo" | "closePath";
  args: number[];
}
export interface ShapedGlyph {
  id: number;
  advanceWidth: number;
  codePoints?: number[];
  path: { commands: PathCommand[] };
}

const outlines = new WeakMap<ShapedGlyph, PDFOperator[]>();
/** A glyph's outline as PDF path operators in font units (quadratic curves raised to cubic). */
export function glyphOutline(glyph: ShapedGlyph): PDFOperator[] {
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
export interface ShapingFont {
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

export interface ThaanaFont {
  pdf: PDFFont;
  shaper: ShapingFont;
  has: Set<number>;
  /** Advance of glyph 0 (.notdef), in font units. */
  notdefWidth: number;
}

export interface Fonts {
  latin: PDFFont;
  latinBold: PDFFont;
  /** Only in documents that may hold Dhivehi: elsewhere Thaana letters become '?' like any non-Latin text. */
  thaana?: ThaanaFont;
  thaanaBold?: ThaanaFont;
}

/** Helvetica regular and bold, and with `thaana` the Thaana font in both weights. */
export async function embedFonts(doc: PDFDocument, thaana: boolean): Promise<Fonts> {
  const [latin, latinBold] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
  ]);
  if (!thaana) return { latin, latinBold };
  doc.registerFontkit(fontkit);
  const bytes = await thaanaFontBytes();
  const embed = async (data: Uint8Array): Promise<ThaanaFont> => {
    // Not subset: the glyph ids written by the writer are the font's own (Identity-H, CID = GID),
    // and the whole font is 17 KB.
    const pdf = await doc.embedFont(data, { subset: false });
    // .notdef stands before a run that starts with a mark (see Writer.text). Mapped to "<" in the
    // ToUnicode table, a character pdf.js drops from right-to-left text, it adds nothing to the text.
    const embedded = (pdf as unknown as { embedder: { font: { getGlyph(id: number): object } } }).embedder.font;
    Object.defineProperty(embedded.getGlyph(0), "codePoints", { value: [0x3c] });
    const shaper = fontkit.create(data) as unknown as ShapingFont;
    return { pdf, shaper, has: new Set(shaper.characterSet), notdefWidth: shaper.getGlyph(0).advanceWidth };
  };
  const [regular, bold] = await Promise.all([embed(bytes.regular), embed(bytes.bold)]);
  return { latin, latinBold, thaana: regular, thaanaBold: bold };
}

const THAANA = /[\u0780-\u07bf\u060c\u061b\u061f\ufdf2]/;
const STRONG = /[\p{L}\p{N}]/u;

export interface Run {
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

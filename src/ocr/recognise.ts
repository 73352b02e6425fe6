/**
 * Tesseract (tesseract.js, WebAssembly) kept warm for a worker's lifetime, fully offline, nothing
 * cached or fetched. With the system's language data for English, Spanish, French and German
 * (Debian: tesseract-ocr-eng/-spa/-fra/-deu) it reads all four at about the cost of one, accents
 * included; without it, the English data bundled from @tesseract.js-data/eng.
 * Automatic page segmentation (psm 3) read tables best in our probes. Pages are cleaned up
 * before the one reading (orientation, deskew, rulings, enlargement: see `prepare`).
 */
import { Buffer } from "node:buffer";
import { createWorker, type Worker as TesseractWorker } from "tesseract.js";
import type { PageWords, Word } from "./layout.ts";
import { fixAccents, fixUnitSigns } from "./accents.ts";
import { flattenPage } from "./perspective.ts";
import {
  binarise,
  despeckle,
  invertBands,
  lineHeight,
  removeRulings,
  rotateMask,
  rotateSmall,
  sidewaysTurn,
  skewAngle,
  stretchContrast,
  upsideDown,
} from "./preprocess.ts";
import { decodeOwn, decodePng, type Grey, greyToPgm, rotate, upscale } from "./raster.ts";

/**
 * Text lines lower than this (pixels, median) are read from an enlarged image: small print (7 pt
 * at 150 dpi is a 14-pixel line, its x-height 7 pixels) loses whole columns and decimal marks at
 * its own size, and reads well with its lines at about 36 pixels (the size the recogniser's
 * models were trained near).
 */
const UPSCALE_BELOW_PX = 16;
const TARGET_LINE_PX = 36;
const UPSCALE_MAX_PIXELS = 6_000_000;
/** Enlarged no further than this many pixels: reading time grows with them. */
const ENLARGED_MAX_PIXELS = 6_000_000;
const TARGET_TWO_TONE_LINE_PX = 28;

/** A reading's mean word confidence below which the page is read again the other way up. */
const SURE_REREAD_BELOW = 0.6;
const UNSURE_REREAD_BELOW = 0.75;

/** Whether (nearly) every pixel is black or white: a fax or a 1-bit scan. */
function twoTone(g: Grey): boolean {
  let mid = 0;
  const step = Math.max(1, Math.floor(g.data.length / 200_000));
  let n = 0;
  for (let i = 0; i < g.data.length; i += step, n++) if (g.data[i] > 8 && g.data[i] < 247) mid++;
  return mid < n * 0.005;
}

const BUNDLED = new URL("../../node_modules/@tesseract.js-data/eng/4.0.0", import.meta.url).pathname;
const SYSTEM_DIRS = [
  "/usr/share/tesseract-ocr/5/tessdata",
  "/usr/share/tesseract-ocr/4.00/tessdata",
  "/usr/share/tessdata",
];
const LANGUAGES = ["eng", "spa", "fra", "deu"];

export interface LanguageData {
  langs: string;
  langPath: string;
  gzip: boolean;
}

/** The four languages from `dir` (or the system's tessdata) when all are there, else bundled English. */
export function languageData(dir?: string): LanguageData {
  for (const d of dir ? [dir] : SYSTEM_DIRS) {
    try {
      if (LANGUAGES.every((l) => Deno.statSync(`${d}/${l}.traineddata`).isFile)) {
        return { langs: LANGUAGES.join("+"), langPath: d, gzip: false };
      }
    } catch {
      // not there
    }
  }
  return { langs: "eng", langPath: BUNDLED, gzip: true };
}

type Block = { paragraphs: { lines: { words: { text: string; confidence: number; bbox: Bbox }[] }[] }[] };
type Bbox = { x0: number; y0: number; x1: number; y1: number };

export interface Recognised {
  words: Word[];
  /** Mean confidence 0–1 of the words that contain a letter or digit. */
  quality: number;
}

export class Recogniser {
  #worker?: Promise<TesseractWorker>;
  #progress: (p: number) => void = () => {};

  constructor(readonly data: LanguageData = languageData()) {}

  #get(): Promise<TesseractWorker> {
    return this.#worker ??= (async () => {
      const w = await createWorker(this.data.langs, 1, {
        langPath: this.data.langPath,
        cacheMethod: "none",
        gzip: this.data.gzip,
        logger: (m: { status: string; progress: number }) => {
          if (m.status === "recognizing text") this.#progress(m.progress);
        },
      });
      await w.setParameters({ tessedit_pageseg_mode: "3" as never, preserve_interword_spaces: "1" });
      return w;
    })();
  }

  /**
   * The image as grey pixels: decoded here when it is a PGM or PNG, else by the recogniser, in
   * colour (so that stamps can be told from text, src/ocr/colour.ts) or grey when its colour
   * image is of a kind decodePng does not take.
   */
  async #grey(image: Uint8Array): Promise<Grey> {
    const own = await decodeOwn(image);
    if (own) return own;
    const w = await this.#get();
    // One image asked for at a time: each is a whole page encoded as PNG.
    const decoded = async (kind: "imageColor" | "imageGrey") => {
      const r = await w.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, {
        [kind]: true,
        text: false,
        blocks: false,
      });
      const b64 = String(r.data[kind]).replace(/^data:image\/png;base64,/, "");
      return await decodePng(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0)));
    };
    try {
      return await decoded("imageColor");
    } catch {
      return await decoded("imageGrey");
    }
  }

  /** One reading, deskewed by the recogniser (small angles only). */
  async #read(image: Uint8Array, block = false): Promise<Recognised> {
    const w = await this.#get();
    const r = await w.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {
      rotateAuto: true,
      // One uniform block: no column or table finding (which can drop a whole column).
      ...(block ? { tessedit_pageseg_mode: "6" } : {}),
    }, { blocks: true, text: false });
    const words: Word[] = [];
    for (const b of (r.data.blocks ?? []) as Block[]) {
      for (const p of b.paragraphs) {
        for (const l of p.lines) {
          for (const x of l.words) {
            if (!x.text.trim()) continue;
            words.push({
              text: x.text,
              x0: x.bbox.x0,
              y0: x.bbox.y0,
              x1: x.bbox.x1,
              y1: x.bbox.y1,
              conf: x.confidence / 100,
            });
          }
        }
      }
    }
    const real = words.filter((w) => /[\p{L}\p{N}]/u.test(w.text));
    const quality = real.length ? real.reduce((s, w) => s + w.conf, 0) / real.length : 0;
    return { words, quality };
  }

  /**
   * Words of one page image. The page is cleaned up first (src/ocr/preprocess.ts): turned upright
   * by its ink (so a page upside down or on its side costs one reading, not several), deskewed,
   * its table rulings painted out, small text enlarged. Only when the ink left the orientation in
   * doubt and the reading is poor is the page read again the other way up. `block` reads the page
   * as one uniform block of text instead of finding its columns (the caller's second opinion when
   * the first reading lost part of a table).
   */
  async page(
    image: Uint8Array,
    size: { width: number; height: number },
    page: number,
    onProgress: (p: number) => void,
    { block = false }: { block?: boolean } = {},
  ) {
    this.#progress = onProgress;
    const prepared = prepare(await this.#grey(image));
    let best = await this.#readScaled(prepared.grey, prepared.factor, prepared.pad, block);
    let turn = prepared.quarters;
    // The recogniser's confidence has the last word on which way up: a page read upside down
    // scores about half of one read the right way, however sure the ink looked.
    const reread = prepared.sure ? SURE_REREAD_BELOW : UNSURE_REREAD_BELOW;
    if (!block && (best.quality < reread || best.words.length < 5)) {
      const next = await this.#readScaled(rotate(prepared.grey, 2), prepared.factor, prepared.pad);
      if (next.quality * Math.sqrt(next.words.length) > best.quality * Math.sqrt(best.words.length) * 1.2) {
        best = next;
        turn = (turn + 2) % 4;
      }
    }
    const quarter = turn % 2 === 1;
    const source = prepared.flattened ?? size;
    let width = quarter ? source.height : source.width;
    let height = quarter ? source.width : source.height;
    let words = best.words;
    const side = sideways(words);
    if (side) {
      words = words.map((w) =>
        side === "clockwise"
          ? { ...w, x0: w.y0, x1: w.y1, y0: width - w.x1, y1: width - w.x0 }
          : { ...w, x0: height - w.y1, x1: height - w.y0, y0: w.x0, y1: w.x1 }
      );
      [width, height] = [height, width];
    }
    const out: PageWords = { page, width, height, words: fixUnitSigns(fixAccents(words)) };
    return { page: out, rotated: turn !== 0 || side !== undefined, rulings: prepared.rulings };
  }

  /** One reading of `grey` enlarged by `factor`, boxes back in the unpadded page's pixels. */
  async #readScaled(grey: Grey, factor: number, pad: number, block = false): Promise<Recognised> {
    const read = await this.#read(greyToPgm(factor > 1 ? upscale(grey, factor) : grey), block);
    const k = 1 / Math.max(1, factor);
    return {
      ...read,
      words: read.words.map((w) => ({
        ...w,
        x0: w.x0 * k - pad,
        x1: w.x1 * k - pad,
        y0: w.y0 * k - pad,
        y1: w.y1 * k - pad,
      })),
    };
  }

  async close() {
    if (this.#worker) await (await this.#worker).terminate();
    this.#worker = undefined;
  }
}

/**
 * Whether the words run down the page (turned clockwise: the text reads top to bottom) or up it,
 * judged from words of three or more characters that are much taller than wide.
 */
function sideways(words: Word[]): "clockwise" | "counterclockwise" | undefined {
  const long = words.filter((w) => w.text.length >= 3);
  const tall = long.filter((w) => w.y1 - w.y0 > 1.5 * (w.x1 - w.x0));
  if (long.length < 5 || tall.length < long.length * 0.6) return undefined;
  let down = 0;
  let up = 0;
  for (let i = 1; i < words.length; i++) {
    const a = words[i - 1];
    const b = words[i];
    // consecutive words of one line: same column of text
    if (Math.abs((a.x0 + a.x1) / 2 - (b.x0 + b.x1) / 2) > (a.x1 - a.x0)) continue;
    if (b.y0 > a.y0) down++;
    else up++;
  }
  return down >= up ? "clockwise" : "counterclockwise";
}

export interface Prepared {
  grey: Grey;
  /** Clockwise quarter turns applied to make the page upright. */
  quarters: number;
  /** Whether the orientation was clear from the ink. */
  sure: boolean;
  /** Enlargement to read small text at. */
  factor: number;
  /** Table ruling lines painted out. */
  rulings: number;
  /** White border added on each side (pixels, before enlargement): boxes are moved back by it. */
  pad: number;
  /** A photo's page warped flat onto a rectangle of this size (src/ocr/perspective.ts). */
  flattened?: { width: number; height: number };
}

/**
 * The page made easy to read: upright (unless `quarters` is given), level, without table rulings.
 * Pure pixel work, no recognition.
 */
export function prepare(original: Grey, quarters?: number): Prepared {
  const flat = flattenPage(original);
  let input = stretchContrast(flat.grey);
  // A fax's specks first: they blur every measure of the ink below.
  const two = twoTone(input);
  if (two) {
    input = { ...input, data: input.data.slice() };
    // The noise alone says which specks go: the ink of a noisy page fills every row, so no line
    // height can be measured before.
    despeckle(input);
  }
  let mask = binarise(input);
  // Text lines made level first (a quarter turn, then the small angle), then upside down or not:
  // the script's ascenders only tell on level lines.
  const side = quarters === undefined
    ? sidewaysTurn(mask, input.width, input.height)
    : { quarters: quarters % 2, sure: true };
  let grey = rotate(input, side.quarters);
  mask = rotateMask(mask, input.width, input.height, side.quarters);
  const angle = skewAngle(mask, grey.width, grey.height);
  // Below a tenth of a degree a rule across the page drifts less than a pixel or two.
  if (Math.abs(angle) > 0.1 * Math.PI / 180) {
    grey = rotateSmall(grey, angle);
    mask = binarise(grey);
  }
  const half = quarters === undefined ? upsideDown(mask, grey.width, grey.height) : { flip: quarters >= 2, sure: true };
  if (half.flip) {
    mask = rotateMask(mask, grey.width, grey.height, 2);
    grey = rotate(grey, 2);
  }
  if (grey === input) grey = { ...input, data: input.data.slice() };
  const found = { quarters: side.quarters + (half.flip ? 2 : 0), sure: side.sure && half.sure };
  const rulings = removeRulings(grey, mask);
  const line = lineHeight(mask, grey.width, grey.height);
  // A fax's band keeps the white specks of its noise: once inverted they are dark specks on paper.
  if (invertBands(grey, line) && two) despeckle(grey, line);
  // Two-tone pages (fax, 1-bit scans) have jagged letters: enlarged, smoothed edges read better.
  const target = two ? TARGET_TWO_TONE_LINE_PX : line < UPSCALE_BELOW_PX ? TARGET_LINE_PX : 0;
  const pixels = grey.width * grey.height;
  const factor = line > 0 && target > line * 1.2 && pixels <= UPSCALE_MAX_PIXELS
    ? Math.max(1, Math.min(3, target / line, Math.sqrt(ENLARGED_MAX_PIXELS / pixels)))
    : 1;
  return {
    grey: pad(grey, PAD_PX),
    quarters: found.quarters,
    sure: found.sure,
    factor,
    rulings,
    pad: PAD_PX,
    flattened: flat.corners ? { width: input.width, height: input.height } : undefined,
  };
}

/**
 * A white border around the page: the recogniser drops words that touch the image's edge (a
 * narrow receipt, a scan cropped close to the text), and finds them with some paper around them.
 */
const PAD_PX = 24;
function pad(g: Grey, n: number): Grey {
  const W = g.width + 2 * n;
  const out = new Uint8Array(W * (g.height + 2 * n)).fill(255);
  for (let y = 0; y < g.height; y++) out.set(g.data.subarray(y * g.width, (y + 1) * g.width), (y + n) * W + n);
  return { width: W, height: g.height + 2 * n, data: out };
}

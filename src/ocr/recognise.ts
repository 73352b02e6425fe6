/**
 * Tesseract (tesseract.js, WebAssembly) kept warm for a worker's lifetime, fully offline, nothing
 * cached or fetched. With the system's language data for English, Spanish, French and German
 * (Debian: tesseract-ocr-eng/-spa/-fra/-deu) it reads all four at about the cost of one, accents
 * included; without it, the English data bundled from @tesseract.js-data/eng.
 * Automatic page segmentation (psm 3) read tables best in our probes; pages upside down or on
 * their side are found by trying the other orientations when the first reading is poor.
 */
import { Buffer } from "node:buffer";
import { createWorker, type Worker as TesseractWorker } from "tesseract.js";
import type { PageWords, Word } from "./layout.ts";
import { decodePng, type Grey, greyToPgm, rotate, upscale } from "./raster.ts";

/** Words shorter than this (pixels, median) are read again from an enlarged image. */
const UPSCALE_BELOW_PX = 12;
const TARGET_WORD_PX = 30;
const UPSCALE_MAX_PIXELS = 6_000_000;

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

  /** The image as the recogniser decoded it, in grey (any input format). */
  async #grey(image: Uint8Array): Promise<Grey> {
    const w = await this.#get();
    const r = await w.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {}, {
      imageGrey: true,
      text: false,
      blocks: false,
    });
    const b64 = String(r.data.imageGrey).replace(/^data:image\/png;base64,/, "");
    return await decodePng(Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0)));
  }

  /** One reading, deskewed by the recogniser (small angles only). */
  async #read(image: Uint8Array): Promise<Recognised> {
    const w = await this.#get();
    const r = await w.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {
      rotateAuto: true,
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
   * Words of one page image. An upside-down page reads as garbage: then 180° (and the quarter
   * turns) are tried and the best reading kept. A page on its side usually reads fine but with
   * vertical lines: its boxes are turned back so that lines run left to right.
   */
  async page(
    image: Uint8Array,
    size: { width: number; height: number },
    page: number,
    onProgress: (p: number) => void,
  ) {
    this.#progress = onProgress;
    let best = await this.#read(image);
    let turn = 0;
    let grey: Grey | undefined;
    if (best.quality < 0.6 || best.words.length < 5) {
      // Turn the pixels ourselves (the recogniser's own rotation only deskews small angles).
      grey = await this.#grey(image);
      for (const quarters of [2, 1, 3]) {
        const next = await this.#read(greyToPgm(rotate(grey, quarters)));
        if (next.quality * Math.sqrt(next.words.length) > best.quality * Math.sqrt(best.words.length) * 1.2) {
          best = next;
          turn = quarters;
        }
        if (best.quality >= 0.6 && best.words.length >= 5) break;
      }
    }
    // Small text (a low-resolution scan or a photo from afar) reads better enlarged to about
    // 300 dpi-sized letters; the boxes are scaled back to the image's pixels.
    const heights = best.words.filter((w) => w.text.length >= 3).map((w) => w.y1 - w.y0).sort((a, b) => a - b);
    const typical = heights.length ? heights[heights.length >> 1] : 0;
    if (typical > 0 && typical < UPSCALE_BELOW_PX && size.width * size.height <= UPSCALE_MAX_PIXELS) {
      const factor = Math.min(3, TARGET_WORD_PX / typical);
      grey ??= await this.#grey(image);
      const big = await this.#read(greyToPgm(upscale(rotate(grey, turn), factor)));
      if (big.quality * Math.sqrt(big.words.length) > best.quality * Math.sqrt(best.words.length)) {
        const k = 1 / factor;
        best = {
          ...big,
          words: big.words.map((w) => ({ ...w, x0: w.x0 * k, x1: w.x1 * k, y0: w.y0 * k, y1: w.y1 * k })),
        };
      }
    }
    const quarter = turn % 2 === 1;
    let width = quarter ? size.height : size.width;
    let height = quarter ? size.width : size.height;
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
    const out: PageWords = { page, width, height, words };
    return { page: out, rotated: turn !== 0 || side !== undefined };
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

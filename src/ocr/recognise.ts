/**
 * Tesseract (tesseract.js, WebAssembly) kept warm for a worker's lifetime, fully offline: the
 * English data comes from the @tesseract.js-data/eng package and nothing is cached or fetched.
 * Automatic page segmentation (psm 3) read tables best in our probes; pages upside down or on
 * their side are found by trying the other orientations when the first reading is poor.
 */
import { Buffer } from "node:buffer";
import { createWorker, type Worker as TesseractWorker } from "tesseract.js";
import type { PageWords, Word } from "./layout.ts";

const LANG_PATH = new URL("../../node_modules/@tesseract.js-data/eng/4.0.0", import.meta.url).pathname;

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

  #get(): Promise<TesseractWorker> {
    return this.#worker ??= (async () => {
      const w = await createWorker("eng", 1, {
        langPath: LANG_PATH,
        cacheMethod: "none",
        gzip: true,
        logger: (m: { status: string; progress: number }) => {
          if (m.status === "recognizing text") this.#progress(m.progress);
        },
      });
      await w.setParameters({ tessedit_pageseg_mode: "3" as never, preserve_interword_spaces: "1" });
      return w;
    })();
  }

  async #read(image: Uint8Array, rotateRadians: number): Promise<Recognised> {
    const w = await this.#get();
    const r = await w.recognize(Buffer.from(image.buffer, image.byteOffset, image.byteLength), {
      rotateAuto: true,
      rotateRadians,
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

  /** Words of one page image; tries 180°, 90° and 270° when the upright reading is poor. */
  async page(
    image: Uint8Array,
    size: { width: number; height: number },
    page: number,
    onProgress: (p: number) => void,
  ) {
    this.#progress = onProgress;
    let best = await this.#read(image, 0);
    let turn = 0;
    if (best.quality < 0.7 || best.words.length < 5) {
      for (const r of [Math.PI, Math.PI / 2, -Math.PI / 2]) {
        const next = await this.#read(image, r);
        if (next.quality * Math.sqrt(next.words.length) > best.quality * Math.sqrt(best.words.length) * 1.2) {
          best = next;
          turn = r;
        }
      }
    }
    const sideways = Math.abs(Math.abs(turn) - Math.PI / 2) < 0.01;
    const out: PageWords = {
      page,
      width: sideways ? size.height : size.width,
      height: sideways ? size.width : size.height,
      words: best.words,
    };
    return { page: out, rotated: turn !== 0 };
  }

  async close() {
    if (this.#worker) await (await this.#worker).terminate();
    this.#worker = undefined;
  }
}

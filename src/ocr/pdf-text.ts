/**
 * The text layer of a PDF, as words with boxes (pdfjs-dist's legacy build runs in Deno without a
 * canvas). Pages without text (scans) are reported so the caller can OCR their images instead.
 */
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PageWords, Word } from "./layout.ts";
import { toPgm } from "./images.ts";

export interface PdfPages {
  pages: (PageWords & { hasText: boolean })[];
  pageCount: number;
}

type TextItem = { str: string; transform: number[]; width: number; height: number };

/** `maxImageSize` makes pdf.js skip images above that many pixels instead of decoding them (bombs). */
function open(bytes: Uint8Array, maxImageSize = 40_000_000) {
  return pdfjs.getDocument({
    data: bytes.slice(),
    maxImageSize,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
}

type PdfImage = { width: number; height: number; kind?: number; data?: Uint8Array | Uint8ClampedArray };

/**
 * The largest image painted on each of `pages` (a scanned page is one image), as a PGM the
 * recogniser can read, with its pixel size. Decoded by pdf.js itself: no canvas needed.
 */
export async function pageImages(
  bytes: Uint8Array,
  pages: number[],
  maxPixels: number,
): Promise<Map<number, { image: Uint8Array; width: number; height: number }>> {
  const task = open(bytes, maxPixels);
  const pdf = await task.promise;
  const out = new Map<number, { image: Uint8Array; width: number; height: number }>();
  try {
    const paint = new Set([pdfjs.OPS.paintImageXObject, pdfjs.OPS.paintInlineImageXObject]);
    for (const n of pages) {
      const page = await pdf.getPage(n);
      const ops = await page.getOperatorList();
      let best: PdfImage | undefined;
      for (let i = 0; i < ops.fnArray.length; i++) {
        if (!paint.has(ops.fnArray[i])) continue;
        const arg = ops.argsArray[i][0];
        const img: PdfImage | undefined = typeof arg === "string"
          ? await new Promise<PdfImage | undefined>((resolve) => {
            const objs = arg.startsWith("g_") ? page.commonObjs : page.objs;
            try {
              objs.get(arg, (v: PdfImage) => resolve(v));
            } catch {
              resolve(undefined);
            }
          })
          : arg;
        if (img?.data && img.width * img.height > (best ? best.width * best.height : 0)) best = img;
      }
      if (best?.data && best.width * best.height <= maxPixels) {
        const channels = best.kind === 1 ? 1 : best.kind === 3 ? 4 : 3;
        out.set(n, {
          image: toPgm(best.width, best.height, best.data, channels),
          width: best.width,
          height: best.height,
        });
      }
      page.cleanup();
    }
  } finally {
    await task.destroy();
  }
  return out;
}

/** Words of every page up to `maxPages`; throws on a broken or encrypted PDF. */
export async function readPdfText(bytes: Uint8Array, maxPages: number): Promise<PdfPages> {
  const task = open(bytes);
  const pdf = await task.promise;
  try {
    const pageCount = pdf.numPages;
    const pages: PdfPages["pages"] = [];
    for (let n = 1; n <= Math.min(pageCount, maxPages); n++) {
      const page = await pdf.getPage(n);
      const view = page.getViewport({ scale: 1 });
      const content = await page.getTextContent();
      const words: Word[] = [];
      for (const raw of content.items as TextItem[]) {
        if (!("str" in raw) || !raw.str.trim()) continue;
        // transform: [a, b, c, d, e, f]; (e, f) is the baseline start in PDF space (y up).
        const [a, b, c, d, e, f] = raw.transform;
        const [x, y] = view.convertToViewportPoint(e, f);
        const size = Math.hypot(c, d) || Math.hypot(a, b) || raw.height || 10;
        // Ligatures as one character ("ﬁ") read as their letters.
        const text = raw.str.replace(/[\uFB00-\uFB06]/g, (ch) => ch.normalize("NFKC"));
        words.push({ text, x0: x, y0: y - size * 0.8, x1: x + raw.width, y1: y + size * 0.2, conf: 1 });
      }
      const joined = joinTouching(words);
      pages.push({ page: n, width: view.width, height: view.height, words: joined, hasText: joined.length > 0 });
      page.cleanup();
    }
    return { pages, pageCount };
  } finally {
    await task.destroy();
  }
}

/**
 * Text items in the order drawn, pieces of one word put back together: a producer that draws a
 * ligature on its own (Chromium: "Lever arch" | "fi" | "le A4", the last two touching) cuts the
 * word, and the table reader would read "fi le". Pieces on one baseline whose ends touch (within
 * 8 % of the font size) are joined; pieces a space apart stay apart.
 */
export function joinTouching(words: Word[]): Word[] {
  const out: Word[] = [];
  for (const w of words) {
    const prev = out[out.length - 1];
    const size = w.y1 - w.y0;
    if (
      prev && !/\s$/.test(prev.text) && !/^\s/.test(w.text) && Math.abs(prev.y1 - w.y1) < size * 0.2 &&
      Math.abs(w.x0 - prev.x1) < size * 0.08
    ) {
      out[out.length - 1] = { ...prev, text: prev.text + w.text, x1: w.x1 };
    } else out.push({ ...w });
  }
  return out;
}

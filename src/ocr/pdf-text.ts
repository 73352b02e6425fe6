/**
 * The text layer of a PDF, as words with boxes (pdfjs-dist's legacy build runs in Deno without a
 * canvas). Pages without text (scans) are reported so the caller can OCR their images instead.
 */
import * as pdfjs from "pdfjs-dist/legacy/build/pdf.mjs";
import type { PageWords, Word } from "./layout.ts";

export interface PdfPages {
  pages: (PageWords & { hasText: boolean })[];
  pageCount: number;
}

type TextItem = { str: string; transform: number[]; width: number; height: number };

/** Words of every page up to `maxPages`; throws on a broken or encrypted PDF. */
export async function readPdfText(bytes: Uint8Array, maxPages: number): Promise<PdfPages> {
  const task = pdfjs.getDocument({
    data: bytes.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
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
        words.push({ text: raw.str, x0: x, y0: y - size * 0.8, x1: x + raw.width, y1: y + size * 0.2, conf: 1 });
      }
      pages.push({ page: n, width: view.width, height: view.height, words, hasText: words.length > 0 });
      page.cleanup();
    }
    return { pages, pageCount };
  } finally {
    await task.destroy();
  }
}

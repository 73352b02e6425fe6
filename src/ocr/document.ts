/**
 * Reads one uploaded document: PDFs by their text layer page by page, and pages without one
 * (scans) by OCR of their image; images by OCR. Limits are checked before any pixel is decoded.
 */
import { detectKind } from "../files/detect.ts";
import { assess, type ExtractionResult, interpret } from "./extract.ts";
import { imageSize } from "./images.ts";
import type { PageWords } from "./layout.ts";
import { pageImages, readPdfText } from "./pdf-text.ts";
import type { Recogniser } from "./recognise.ts";

export interface OcrLimits {
  maxPages: number;
  maxMegapixels: number;
  /** Where the recogniser's language data is (default: the system's tessdata, else bundled English). */
  tessdataDir?: string;
}

export type Stage = "reading" | "recognising" | "interpreting";

/** A document the extractor refuses: answered as the job's error with this code. */
export class OcrFailure extends Error {
  constructor(readonly code: string, message: string, readonly params: Record<string, string | number> = {}) {
    super(message);
  }
}

/**
 * Reads the document. `partial` is told what has been read so far after each page (and after a
 * page's first reading, before any second opinion): what the pool answers if time runs out.
 */
export async function readDocument(
  bytes: Uint8Array,
  limits: OcrLimits,
  recogniser: Recogniser,
  progress: (stage: Stage, percent: number) => void,
  partial: (result: ExtractionResult) => void = () => {},
): Promise<ExtractionResult> {
  const kind = detectKind(bytes);
  const maxPixels = limits.maxMegapixels * 1_000_000;
  const warnings: string[] = [];
  progress("reading", 5);
  let pages: PageWords[];
  if (kind === "pdf") {
    let text;
    try {
      text = await readPdfText(bytes, limits.maxPages);
    } catch {
      throw new OcrFailure("ocr.unreadablePdf", "The PDF could not be read");
    }
    if (text.pageCount > limits.maxPages) {
      throw new OcrFailure("ocr.tooManyPages", "The document has more than {{max}} pages", { max: limits.maxPages });
    }
    const scanned = text.pages.filter((p) => !p.hasText).map((p) => p.page);
    const images = scanned.length ? await pageImages(bytes, scanned, maxPixels) : new Map();
    pages = [];
    let done = 0;
    for (const p of text.pages) {
      if (p.hasText) {
        pages.push(p);
        continue;
      }
      const img = images.get(p.page);
      if (!img) {
        warnings.push(`pageWithoutText:${p.page}`);
        continue;
      }
      progress("recognising", 10 + Math.round((done / scanned.length) * 80));
      const r = await readPage(
        recogniser,
        img.image,
        img,
        p.page,
        (f) => progress("recognising", 10 + Math.round(((done + f) / scanned.length) * 80)),
        (first) => partial(interpret([...pages, first], warnings)),
      );
      if (r.rotated) warnings.push(`pageRotated:${p.page}`);
      // Boxes are in image pixels: scale them onto the page's size so boxes are page fractions.
      pages.push(r.page);
      done++;
      partial(interpret(pages, warnings));
    }
  } else if (kind === "png" || kind === "jpeg" || kind === "tiff" || kind === "bmp") {
    const size = imageSize(bytes, kind);
    if (!size || !size.width || !size.height) {
      throw new OcrFailure("ocr.unreadableImage", "The image could not be read");
    }
    if (size.width * size.height > maxPixels) {
      throw new OcrFailure("ocr.imageTooLarge", "The image is larger than {{max}} megapixels", {
        max: limits.maxMegapixels,
      });
    }
    progress("recognising", 10);
    const r = await readPage(
      recogniser,
      bytes,
      size,
      1,
      (f) => progress("recognising", 10 + Math.round(f * 80)),
      (first) => partial(interpret([first], warnings)),
    );
    if (r.rotated) warnings.push("pageRotated:1");
    pages = [r.page];
  } else {
    throw new OcrFailure("ocr.unsupportedFile", "Only PDF, PNG, JPG, TIFF and BMP files can be read");
  }
  progress("interpreting", 95);
  return interpret(pages, warnings);
}

/**
 * One page by OCR. The recogniser's column finding sometimes drops a whole column of a table, or
 * a run of its rows (a narrow page, small blurred print): when the page then gives no item whose
 * arithmetic adds up, or its items' totals miss every subtotal/total amount on it, it is read a second time as
 * one block of text, and the better reading is kept (totals that add up to the subtotal first,
 * then more items that add up).
 */
async function readPage(
  recogniser: Recogniser,
  image: Uint8Array,
  size: { width: number; height: number },
  page: number,
  onProgress: (f: number) => void,
  onFirstReading: (page: PageWords) => void,
) {
  const first = await recogniser.page(image, size, page, onProgress);
  const a = assess([first.page]);
  onFirstReading(first.page);
  // Nothing to check the sum against: read again only when most rows do not add up. (Rows that
  // add up no way can still sum to the subtotal when their quantity was derived: that is not
  // enough. A page of a longer document has no total of its own, and the recogniser can drop its
  // narrow quantity column, every quantity then derived: the rows balance nothing and prove nothing.)
  if (a.checked > 0 && a.balanced !== false && a.checked >= a.unverified) return first;
  const second = await recogniser.page(image, size, page, onProgress, { block: true });
  const b = assess([second.page]);
  if (b.balanced && b.checked > 0) return second;
  if (a.checked === 0 && b.checked > 0) return second;
  // Read again for its unproven rows alone: the second reading wins with more rows that add up
  // and no total it misses.
  if (a.checked > 0 && a.balanced !== false) return b.checked > a.checked && b.balanced !== false ? second : first;
  // Unbalanced both times: a partly right first reading is better than a second guess.
  return first;
}

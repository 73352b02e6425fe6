/**
 * Renders one page of a PDF into a canvas with pdf.js. Imported lazily (only when a PDF is previewed),
 * so neither pdf.js nor its worker reaches the sign-in route's bundle.
 */
import { getDocument, GlobalWorkerOptions, type PDFDocumentProxy, type RenderTask } from "pdfjs-dist";

GlobalWorkerOptions.workerPort = new Worker(new URL("./pdf-worker.ts", import.meta.url), { type: "module" });

const documents = new WeakMap<Blob, Promise<PDFDocumentProxy>>();
/** pdf.js refuses two renders into one canvas at once: a newer page cancels the older render. */
const rendering = new WeakMap<HTMLCanvasElement, RenderTask>();

function open(file: Blob): Promise<PDFDocumentProxy> {
  let doc = documents.get(file);
  if (!doc) {
    doc = file.arrayBuffer().then((bytes) =>
      getDocument({
        data: new Uint8Array(bytes),
        // The preview needs no scripts, forms or network: the file was picked from this computer.
        enableXfa: false,
        isOffscreenCanvasSupported: true,
        stopAtErrors: false,
      }).promise
    );
    documents.set(file, doc);
  }
  return doc;
}

/** Draw page `pageNumber` (1-based) to fit `cssWidth` pixels; returns the page count. */
export async function renderPdfPage(
  file: Blob,
  pageNumber: number,
  canvas: HTMLCanvasElement,
  cssWidth: number,
): Promise<{ pages: number }> {
  const doc = await open(file);
  const page = await doc.getPage(Math.min(Math.max(1, pageNumber), doc.numPages));
  const base = page.getViewport({ scale: 1 });
  const ratio = globalThis.devicePixelRatio || 1;
  const viewport = page.getViewport({ scale: (cssWidth / base.width) * ratio });
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  canvas.style.width = "100%";
  canvas.style.height = "auto";
  rendering.get(canvas)?.cancel();
  const task = page.render({ canvas, viewport });
  rendering.set(canvas, task);
  try {
    await task.promise;
  } finally {
    if (rendering.get(canvas) === task) rendering.delete(canvas);
  }
  return { pages: doc.numPages };
}

/// <reference lib="deno.worker" />
/**
 * A Deno Web Worker that reads documents off the server's event loop, keeping its recogniser warm
 * between jobs. Messages in: {id, bytes, limits}; out: progress, partial (what is read so far),
 * done (result) or error (code).
 */
import { OcrFailure, readDocument } from "./document.ts";
import { languageData, Recogniser } from "./recognise.ts";

let recogniser: Recogniser | undefined;

self.onmessage = async (e: MessageEvent) => {
  const { id, bytes, limits } = e.data;
  try {
    recogniser ??= new Recogniser(languageData(limits.tessdataDir));
    const result = await readDocument(
      bytes,
      limits,
      recogniser,
      (stage, progress) => self.postMessage({ id, type: "progress", stage, progress }),
      (result) => self.postMessage({ id, type: "partial", result }),
    );
    self.postMessage({ id, type: "done", result });
  } catch (err) {
    const failure = err instanceof OcrFailure
      ? { code: err.code, message: err.message, params: err.params }
      : { code: "ocr.failed", message: "The document could not be read", params: {} };
    self.postMessage({ id, type: "error", ...failure });
  }
};

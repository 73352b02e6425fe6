/**
 * The OCR upload's quick client-side check (spec sections 5 and 9): one file, PDF, PNG, JPG, JPEG,
 * TIFF or BMP, up to 10 MB. The server checks the content (magic bytes) again and answers 413 / 415.
 */
export const OCR_EXTENSIONS = [".pdf", ".png", ".jpg", ".jpeg", ".tif", ".tiff", ".bmp"] as const;
export const OCR_ACCEPT = [
  ...OCR_EXTENSIONS,
  "application/pdf",
  "image/png",
  "image/jpeg",
  "image/tiff",
  "image/bmp",
].join(",");
export const OCR_MAX_BYTES = 10 * 1024 * 1024;

export type OcrFileProblem = "type" | "size" | "empty" | "count";

/** What is wrong with the picked files, or null when there is exactly one acceptable file. */
export function checkOcrFiles(files: readonly { name: string; size: number }[]): OcrFileProblem | null {
  if (files.length !== 1) return files.length === 0 ? "empty" : "count";
  const [file] = files;
  const name = file.name.toLowerCase();
  if (!OCR_EXTENSIONS.some((ext) => name.endsWith(ext))) return "type";
  if (file.size === 0) return "empty";
  if (file.size > OCR_MAX_BYTES) return "size";
  return null;
}

/** How the preview shows the file: pdf.js for PDFs, <img> for what browsers decode, else nothing. */
export function previewKind(file: { name: string; type?: string }): "pdf" | "image" | "none" {
  const name = file.name.toLowerCase();
  if (name.endsWith(".pdf") || file.type === "application/pdf") return "pdf";
  // Browsers other than Safari cannot show TIFF in <img>.
  if (/\.(png|jpe?g|bmp)$/.test(name)) return "image";
  return "none";
}

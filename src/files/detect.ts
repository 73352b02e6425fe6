/**
 * File type by content (magic bytes), never by name or the client's Content-Type: a renamed
 * executable is refused whatever it is called.
 */
export type FileKind = "pdf" | "png" | "jpeg" | "tiff" | "bmp" | "doc" | "xls" | "docx" | "xlsx";

export const CONTENT_TYPES: Record<FileKind, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpeg: "image/jpeg",
  tiff: "image/tiff",
  bmp: "image/bmp",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
};

const starts = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

function zipHas(bytes: Uint8Array, marker: string): boolean {
  // OOXML files are ZIPs whose entry names (stored uncompressed in the headers) reveal the kind.
  const text = new TextDecoder("latin1").decode(bytes.subarray(0, Math.min(bytes.length, 64 * 1024)));
  return text.includes(marker);
}

function oleKind(bytes: Uint8Array): FileKind {
  // OLE2 compound files: Word and Excel name their main stream differently (UTF-16 directory entries).
  const text = new TextDecoder("utf-16le").decode(bytes.subarray(0, Math.min(bytes.length, 256 * 1024)));
  return text.includes("Workbook") || text.includes("Book") ? "xls" : "doc";
}

export function detectKind(bytes: Uint8Array): FileKind | null {
  if (starts(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(bytes, [0x49, 0x49, 0x2a, 0x00]) || starts(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (starts(bytes, [0x42, 0x4d]) && bytes.length > 26) return "bmp";
  if (starts(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return oleKind(bytes);
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (zipHas(bytes, "word/")) return "docx";
    if (zipHas(bytes, "xl/")) return "xlsx";
  }
  return null;
}

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

/**
 * Entry names of a ZIP from its central directory (the authoritative list at the end of the file),
 * or null when there is none. OOXML kinds are decided by the parts the format requires, so a ZIP
 * that merely contains a file called "word/x" is not taken for a Word document.
 */
function zipEntries(bytes: Uint8Array): Set<string> | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const names = new Set<string>();
  const decoder = new TextDecoder();
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || view.getUint32(at, true) !== 0x02014b50) return null;
    const nameLength = view.getUint16(at + 28, true);
    names.add(decoder.decode(bytes.subarray(at + 46, at + 46 + nameLength)));
    at += 46 + nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
  }
  return names;
}

function ooxmlKind(bytes: Uint8Array): FileKind | null {
  const names = zipEntries(bytes);
  if (!names?.has("[Content_Types].xml")) return null;
  if (names.has("word/document.xml")) return "docx";
  if (names.has("xl/workbook.xml")) return "xlsx";
  return null;
}

/**
 * OLE2 compound files (.doc, .xls, but also .msi, .ppt, .msg): the kind is the name of a stream in
 * the file's directory, "WordDocument" for Word, "Workbook" (or "Book", Excel 5/95) for Excel. The
 * directory is read as the format defines it (header, FAT, directory sector chain), not searched
 * for text, so a Word file that merely mentions "Book" stays a Word file and an installer is
 * refused instead of being taken for a document.
 */
function oleKind(bytes: Uint8Array): FileKind | null {
  if (bytes.length < 512) return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const shift = view.getUint16(0x1e, true);
  if (shift !== 9 && shift !== 12) return null;
  const size = 1 << shift;
  const at = (sid: number) => (sid + 1) * size; // the header fills sector -1 (padded to a full sector)
  const perFat = size / 4;
  const fatSector = (i: number) => (i < 109 ? view.getUint32(0x4c + i * 4, true) : 0xffffffff);
  const next = (sid: number): number => {
    const fs = fatSector(Math.floor(sid / perFat));
    const offset = at(fs) + (sid % perFat) * 4;
    return fs >= 0xfffffffa || offset + 4 > bytes.length ? 0xfffffffe : view.getUint32(offset, true);
  };
  const names = new Set<string>();
  let sid = view.getUint32(0x30, true);
  for (let hops = 0; sid < 0xfffffffa && hops < 64; hops++, sid = next(sid)) {
    const start = at(sid);
    if (start + size > bytes.length) break;
    for (let e = start; e < start + size; e += 128) {
      const length = view.getUint16(e + 64, true);
      if (length < 2 || length > 64) continue;
      names.add(new TextDecoder("utf-16le").decode(bytes.subarray(e, e + length - 2)));
    }
  }
  if (names.has("WordDocument")) return "doc";
  if (names.has("Workbook") || names.has("Book")) return "xls";
  return null;
}

export function detectKind(bytes: Uint8Array): FileKind | null {
  if (starts(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return "pdf"; // %PDF-
  if (starts(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (starts(bytes, [0xff, 0xd8, 0xff])) return "jpeg";
  if (starts(bytes, [0x49, 0x49, 0x2a, 0x00]) || starts(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return "tiff";
  if (starts(bytes, [0x42, 0x4d]) && bytes.length > 26) return "bmp";
  if (starts(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return oleKind(bytes);
  if (starts(bytes, [0x50, 0x4b, 0x03, 0x04])) return ooxmlKind(bytes);
  return null;
}

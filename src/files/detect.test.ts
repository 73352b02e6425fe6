import assert from "node:assert/strict";
import { minimalDocx, zipStored } from "../../tests/helpers/zip.ts";
import { detectKind } from "./detect.ts";

/**
 * A minimal OLE2 compound file as the format defines it (512-byte sectors): header, one FAT sector
 * (sector 0), one directory sector (sector 1) with a root entry and the given streams, then an
 * optional data sector with `content` in UTF-16, the way Word stores its text.
 */
function compoundFile(streams: string[], content = ""): Uint8Array {
  const bytes = new Uint8Array(512 * 4);
  const view = new DataView(bytes.buffer);
  bytes.set([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
  view.setUint16(0x1a, 3, true); // major version 3
  view.setUint16(0x1c, 0xfffe, true); // little-endian
  view.setUint16(0x1e, 9, true); // 512-byte sectors
  view.setUint32(0x2c, 1, true); // one FAT sector
  view.setUint32(0x30, 1, true); // directory starts at sector 1
  for (let i = 0; i < 109; i++) view.setUint32(0x4c + i * 4, i === 0 ? 0 : 0xffffffff, true);
  const fat = 512;
  view.setUint32(fat, 0xfffffffd, true); // sector 0: FAT
  view.setUint32(fat + 4, 0xfffffffe, true); // sector 1: end of the directory chain
  view.setUint32(fat + 8, 0xfffffffe, true); // sector 2: one data sector
  ["Root Entry", ...streams].forEach((name, i) => {
    const e = 1024 + i * 128;
    for (let c = 0; c < name.length; c++) view.setUint16(e + c * 2, name.charCodeAt(c), true);
    view.setUint16(e + 64, (name.length + 1) * 2, true);
  });
  for (let c = 0; c < content.length; c++) view.setUint16(1536 + c * 2, content.charCodeAt(c), true);
  return bytes;
}

Deno.test("[files] an OLE2 file with a WordDocument stream is a Word document, even if its text says Book", () => {
  assert.equal(detectKind(compoundFile(["WordDocument", "1Table"])), "doc");
  assert.equal(detectKind(compoundFile(["WordDocument"], "Bookings for the Book fair")), "doc");
});

Deno.test("[files] an OLE2 file with a Workbook (or Excel 95 Book) stream is an Excel workbook", () => {
  assert.equal(detectKind(compoundFile(["Workbook"])), "xls");
  assert.equal(detectKind(compoundFile(["Book"])), "xls");
});

Deno.test("[files] other OLE2 files (installers, PowerPoint, Outlook messages) are not documents", () => {
  assert.equal(detectKind(compoundFile(["PowerPoint Document"])), null);
  assert.equal(detectKind(compoundFile(["\u4840\u463f\u4177"])), null); // an MSI table stream name
  assert.equal(detectKind(compoundFile([])), null);
});

Deno.test("[files] a truncated or malformed OLE2 header is refused, not thrown on", () => {
  const file = compoundFile(["WordDocument"]);
  assert.equal(detectKind(file.subarray(0, 100)), null);
  const badShift = file.slice();
  new DataView(badShift.buffer).setUint16(0x1e, 30, true);
  assert.equal(detectKind(badShift), null);
  const loop = file.slice();
  new DataView(loop.buffer).setUint32(512 + 4, 1, true); // the directory chain points at itself
  assert.equal(detectKind(loop), "doc");
});

Deno.test("[files] OOXML is recognised by the parts in the ZIP's central directory", async () => {
  assert.equal(detectKind(minimalDocx()), "docx");
  assert.equal(
    detectKind(zipStored({ "[Content_Types].xml": "<Types/>", "xl/workbook.xml": "<workbook/>" })),
    "xlsx",
  );
  // A real workbook written by exceljs.
  const { default: ExcelJS } = await import("exceljs");
  const book = new ExcelJS.Workbook();
  book.addWorksheet("Quote").addRow(["Item", 1]);
  assert.equal(detectKind(new Uint8Array(await book.xlsx.writeBuffer())), "xlsx");
});

Deno.test("[files] a ZIP that only names a file word/... or xl/... is not a document", () => {
  assert.equal(detectKind(zipStored({ "word/setup.exe": "MZ" })), null);
  assert.equal(detectKind(zipStored({ "[Content_Types].xml": "<Types/>", "xl/media/x.exe": "MZ" })), null);
  assert.equal(detectKind(zipStored({ "notes.txt": "word/document.xml xl/workbook.xml" })), null);
  const truncated = minimalDocx().subarray(0, 60); // no central directory left
  assert.equal(detectKind(truncated), null);
});

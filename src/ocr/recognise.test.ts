/**
 * OCR of scans through the real worker pool (tesseract.js in a Deno Web Worker), on committed
 * fixtures made by tests/fixtures/ocr/generate-images.ts: an image-only PDF, an upside-down PNG
 * and a TIFF G4 fax. Items must come out exactly (description, quantity, unit price, total).
 * The whole corpus is scored by bench/ocr.ts.
 */
import assert from "node:assert/strict";
import { OcrPool } from "./pool.ts";
import { languageData } from "./recognise.ts";
import { decodePng, rotate } from "./raster.ts";

const dir = new URL("../../tests/fixtures/ocr/images/", import.meta.url);
const truth: Record<string, { items: { name: string; quantity: number; unitPrice: number; total: number }[] }> = JSON
  .parse(await Deno.readTextFile(new URL("truth.json", dir)));
const cents = (s: string) => Math.round(Number(s) * 100);
// Without the system's Spanish/French/German data the bundled English model drops accents.
const fold = (s: string) =>
  languageData().langs.includes("spa") ? s : s.normalize("NFD").replace(/\p{M}/gu, "").replace(/[éè]/g, "e");

Deno.test("[ocr] scans are read exactly: image-only PDF, upside-down PNG, fax TIFF", async () => {
  const pool = new OcrPool(1, { maxPages: 20, maxMegapixels: 40, timeoutMs: 180_000 });
  try {
    for (const file of ["spanish-9-scan.pdf", "french-14-upside-down.png", "french-2-fax.tiff"]) {
      const stages = new Set<string>();
      const res = await pool.run(await Deno.readFile(new URL(file, dir)), (stage) => stages.add(stage));
      assert.deepEqual(
        res.items.map((i) => [fold(i.name), Number(i.quantity), cents(i.unitPrice), cents(i.totalPrice)]),
        truth[file].items.map((i) => [fold(i.name), i.quantity, i.unitPrice, i.total]),
        file,
      );
      assert.ok(stages.has("recognising"), `${file}: progress reported while recognising`);
      if (file.includes("upside-down")) assert.ok(res.warnings.includes("pageRotated:1"), file);
    }
  } finally {
    pool.close();
  }
});

Deno.test("[ocr] a hostile image is refused by its header before any pixel is decoded", async () => {
  const pool = new OcrPool(1, { maxPages: 20, maxMegapixels: 40, timeoutMs: 30_000 });
  try {
    // A PNG header claiming 100,000 × 100,000 pixels (a decompression bomb's calling card).
    const png = new Uint8Array(64);
    png.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
    new DataView(png.buffer).setUint32(16, 100_000);
    new DataView(png.buffer).setUint32(20, 100_000);
    await assert.rejects(
      () => pool.run(png, () => {}),
      (e: Error & { code?: string }) => e.code === "ocr.imageTooLarge",
    );
  } finally {
    pool.close();
  }
});

Deno.test("[ocr] rasters decode from PNG and turn by quarter turns", async () => {
  // 2×1 grey PNG: pixels 0 and 255 (filter 0), built by hand.
  const raw = new Uint8Array([0, 0, 255]);
  const z = await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer();
  const chunk = (type: string, body: Uint8Array) => {
    const out = new Uint8Array(12 + body.length);
    new DataView(out.buffer).setUint32(0, body.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(body, 8);
    return out; // CRC left zero: the decoder does not check it
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, 2);
  new DataView(ihdr.buffer).setUint32(4, 1);
  ihdr.set([8, 0, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", new Uint8Array(z)),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) (png.set(p, o), o += p.length);
  const g = await decodePng(png);
  assert.deepEqual([g.width, g.height, [...g.data]], [2, 1, [0, 255]]);
  const q = rotate(g, 1);
  assert.deepEqual([q.width, q.height, [...q.data]], [1, 2, [0, 255]]);
  const h = rotate(g, 2);
  assert.deepEqual([...h.data], [255, 0]);
});

/**
 * One document read in this process, with the items printed (for studying a miss); --lines also
 * prints the first reading's text lines of an image:
 *   node_modules/.bin/deno run -A bench/ocr-debug.ts [--lines] tests/fixtures/ocr/images/x.jpg
 */
import { readDocument } from "../src/ocr/document.ts";
import { imageSize } from "../src/ocr/images.ts";
import { groupLines, lineText } from "../src/ocr/layout.ts";
import { languageData, Recogniser } from "../src/ocr/recognise.ts";
import { detectKind } from "../src/files/detect.ts";

const recogniser = new Recogniser(languageData());
for (const file of Deno.args.filter((a) => !a.startsWith("--"))) {
  const bytes = await Deno.readFile(file);
  const kind = detectKind(bytes);
  if (Deno.args.includes("--lines") && kind !== "pdf" && kind) {
    const size = imageSize(bytes, kind as "png")!;
    const r = await recogniser.page(bytes, size, 1, () => {}, { block: Deno.args.includes("--block") });
    await Deno.writeTextFile("/tmp/ocr-debug-page.json", JSON.stringify(r.page));
    for (const l of groupLines(r.page.words)) console.log(`  ${Math.round(l.x0)}-${Math.round(l.x1)}: ${lineText(l)}`);
  }
  const t0 = performance.now();
  const result = await readDocument(bytes, { maxPages: 20, maxMegapixels: 40 }, recogniser, () => {});
  console.log(`# ${file} ${((performance.now() - t0) / 1000).toFixed(2)} s`);
  for (const i of result.items) {
    console.log(`  ${i.check.padEnd(10)} ${i.name} | ${i.quantity} | ${i.unitPrice} | ${i.totalPrice}`);
  }
}
await recogniser.close();

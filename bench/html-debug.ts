/**
 * One document of the HTML corpus (tests/fixtures/ocr/html-corpus.ts) as the importer sees it: its
 * text lines with their words' x positions, then what it returned against the truth. For working
 * on the development half only: `deno run -A bench/html-debug.ts <id> [--per-family 4] [--seed 1] [--boxes]`
 * (`--boxes`: each word's left-right edges and height).
 */
import { makeHtmlCorpus } from "../tests/fixtures/ocr/html-corpus.ts";
import { renderHtmlPdf } from "../tests/fixtures/ocr/html-render.ts";
import { launchBrowser } from "../tests/e2e/helpers.ts";
import { readPdfText } from "../src/ocr/pdf-text.ts";
import { interpret } from "../src/ocr/extract.ts";
import { groupLines } from "../src/ocr/layout.ts";
import { splitWord } from "../src/ocr/table.ts";

const [id] = Deno.args;
const arg = (name: string, fallback: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Deno.args[i + 1] : fallback;
};
const doc = makeHtmlCorpus({ perFamily: Number(arg("per-family", "4")), seed: Number(arg("seed", "1")) })
  .find((d) => d.id === id);
if (!doc) throw new Error(`no document ${id}`);
if (doc.half !== "dev") throw new Error(`${id} is in the test half: tune on the development half only`);
const browser = await launchBrowser();
try {
  const { pages } = await readPdfText(await renderHtmlPdf(browser, doc.html), 20);
  for (const p of pages) {
    console.log(`--- page ${p.page} (${p.width} x ${p.height})`);
    for (const l of groupLines(p.words.flatMap(splitWord))) {
      console.log(
        l.words.map((w) =>
          Deno.args.includes("--boxes")
            ? `${Math.round(w.x0)}-${Math.round(w.x1)}/${Math.round(w.y1 - w.y0)}:${w.text}`
            : `${Math.round(w.x0)}:${w.text}`
        ).join(" "),
      );
    }
  }
  const got = interpret(pages);
  console.log("--- read", got.warnings);
  for (const i of got.items) console.log(JSON.stringify([i.name, i.quantity, i.unit, i.unitPrice, i.totalPrice]));
  console.log("--- truth");
  for (const t of doc.items) {
    console.log(JSON.stringify([t.name, t.quantity, t.unit, t.unitPrice / 100, t.total / 100]));
  }
} finally {
  await browser.close();
}

/**
 * OCR accuracy and speed on the generated corpus: text-layer PDFs rendered on the fly
 * (tests/fixtures/ocr/corpus.ts) and the committed scans and photos (tests/fixtures/ocr/images,
 * made by generate-images.ts), read through the same worker pool the server uses.
 *
 *   node_modules/.bin/deno run -A bench/ocr.ts [--text 100] [--images] [--only photo] [--match 'receipt|fax']
 *     [--timeout 120] [--verbose] [--html 2 [--half dev|test] [--html-seed 1] [--html-out /tmp/html-pdfs] [--captures]
 *     [--kinds fax,phone]]
 *
 * Prints per format: items exact (description, quantity, unit price and line total all right),
 * documents fully right, non-item lines returned as items, median and p95 seconds per document.
 *
 * `--html N` also reads N documents of every layout family of tests/fixtures/ocr/html-corpus.ts:
 * HTML quotations printed to PDF by the system Chromium, layouts the importer was not written for.
 * They get a summary row per half ("html dev", "html test"; the test half alone has the held-out
 * families) and rows per half and family and per half and language. `--half` keeps one half;
 * `--html-out DIR` keeps the printed PDFs (and captures). `--captures` also reads each one-page document as every
 * capture of tests/fixtures/ocr/captures.ts (skewed scan, noisy JPEG, low contrast, fax, phone
 * photo, stamp), rows "capture dev|test" (needs pdftoppm and ImageMagick); `--kinds` keeps the captures
 * whose file name contains one of its comma-separated words (a change to one capture's path re-measured
 * alone).
 */
import { makeCorpus, renderPdf, type TruthItem } from "../tests/fixtures/ocr/corpus.ts";
import { OcrPool } from "../src/ocr/pool.ts";
import type { ExtractionResult } from "../src/ocr/extract.ts";

const args = Deno.args;
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] && !args[i + 1].startsWith("--") ? args[i + 1] : fallback;
};
const textDocs = Number(arg("text", "100"));
const images = !args.includes("--no-images");
const only = arg("only", "");
/** Only the image files whose name matches this regular expression (to re-measure a few). */
const match = new RegExp(arg("match", ""));
const verbose = args.includes("--verbose");
/** HTML quotations per layout family (0: none). */
const htmlPerFamily = Number(arg("html", "0"));
const htmlHalf = arg("half", "");
if (htmlHalf && htmlHalf !== "dev" && htmlHalf !== "test") throw new Error("--half is dev or test");
const htmlSeed = Number(arg("html-seed", "1"));
const htmlOut = arg("html-out", "");
/** With --html: each one-page document also as every capture of tests/fixtures/ocr/captures.ts. */
const htmlCaptures = args.includes("--captures");
const kinds = arg("kinds", "").split(",").filter(Boolean);

type Row = {
  format: string;
  items: number;
  exact: number;
  docs: number;
  docsRight: number;
  extra: number;
  secs: number[];
};
const rows = new Map<string, Row>();
const row = (format: string) =>
  rows.get(format) ??
    rows.set(format, { format, items: 0, exact: 0, docs: 0, docsRight: 0, extra: 0, secs: [] }).get(format)!;

const cents = (s: string) => Math.round(Number(s) * 100);
/** Scores one document into the row of `format`, or into each of several rows. */
function score(format: string | string[], truth: TruthItem[], got: ExtractionResult, secs: number, name: string) {
  let exact = 0;
  // Items are matched in order; an extra or missing line shifts nothing that was read right.
  const remaining = [...got.items];
  for (const t of truth) {
    const i = remaining.findIndex((g) =>
      g.name === t.name && Number(g.quantity) === t.quantity && cents(g.unitPrice) === t.unitPrice &&
      cents(g.totalPrice) === t.total
    );
    if (i >= 0) {
      exact++;
      remaining.splice(i, 1);
    } else if (verbose) console.log(`  ${name}: missed`, t);
  }
  const extra = Math.max(0, got.items.length - exact - (truth.length - exact));
  if (verbose && remaining.length) {
    console.log(`  ${name}: unmatched lines`, remaining.map((g) => [g.name, g.quantity, g.unitPrice, g.totalPrice]));
  }
  for (const f of typeof format === "string" ? [format] : format) {
    const r = row(f);
    r.docs++;
    r.items += truth.length;
    r.secs.push(secs);
    r.exact += exact;
    r.extra += extra;
    if (exact === truth.length && got.items.length === truth.length) r.docsRight++;
  }
}

/** Per document; a busy machine needs more than the server's default (a timed-out document scores 0). */
const timeoutMs = Number(arg("timeout", "120")) * 1000;
const pool = new OcrPool(1, { maxPages: 20, maxMegapixels: 40, timeoutMs });
let failed = 0;
async function read(bytes: Uint8Array) {
  const t0 = performance.now();
  const result = await pool.run(bytes, () => {}).catch((e): ExtractionResult => {
    failed++;
    console.log(`  failed: ${e.message}`);
    return { items: [], confidence: 0, pages: 0, warnings: [] };
  });
  return { result, secs: (performance.now() - t0) / 1000 };
}

// Warm the worker (module load, recogniser start with its language models) outside the measurements.
await read(await renderPdf(makeCorpus(1)[0]));
if (images) {
  await read(await Deno.readFile(new URL("../tests/fixtures/ocr/images/classic-0-scan.png", import.meta.url)));
}

if (textDocs > 0 && (!only || only === "text")) {
  for (const spec of makeCorpus(textDocs, 99)) {
    const { result, secs } = await read(await renderPdf(spec));
    score("text PDF", spec.items, result, secs, spec.id);
  }
}

if (htmlPerFamily > 0 && (!only || only === "html")) {
  // Loaded only here: without --html the bench needs neither Playwright nor a browser.
  const { makeHtmlCorpus, HTML_FAMILIES } = await import("../tests/fixtures/ocr/html-corpus.ts");
  const { renderHtmlPdf } = await import("../tests/fixtures/ocr/html-render.ts");
  const { launchBrowser } = await import("../tests/e2e/helpers.ts");
  const { capture, CAPTURES: ALL_CAPTURES, canCapture } = await import("../tests/fixtures/ocr/captures.ts");
  const CAPTURES = ALL_CAPTURES.filter((k) => !kinds.length || kinds.some((w) => k.includes(w)));
  if (htmlCaptures && !await canCapture()) throw new Error("--captures needs pdftoppm and ImageMagick's convert");
  const docs = makeHtmlCorpus({ perFamily: htmlPerFamily, seed: htmlSeed })
    .filter((d) => !htmlHalf || d.half === htmlHalf);
  const heldOut = new Set(HTML_FAMILIES.filter((f) => f.heldOut).map((f) => f.name));
  const familyRow = (half: string, family: string) =>
    `html ${half} · ${family}${heldOut.has(family) ? " (held out)" : ""}`;
  // The rows in a fixed order: each half's summary, then its families, then its languages.
  for (const half of ["dev", "test"]) {
    const mine = docs.filter((d) => d.half === half);
    if (!mine.length) continue;
    row(`html ${half}`);
    for (const f of HTML_FAMILIES) if (mine.some((d) => d.family === f.name)) row(familyRow(half, f.name));
    for (const lang of [...new Set(mine.map((d) => d.language))].sort()) row(`html ${half} · ${lang}`);
  }
  for (const half of htmlCaptures ? ["dev", "test"] : []) {
    if (!docs.some((d) => d.half === half)) continue;
    row(`capture ${half}`);
    for (const kind of CAPTURES) row(`capture ${half} · ${kind}`);
  }
  if (htmlOut) await Deno.mkdir(htmlOut, { recursive: true });
  const browser = await launchBrowser();
  try {
    for (const d of docs) {
      const pdf = await renderHtmlPdf(browser, d.html, d.page);
      if (htmlOut) {
        await Deno.writeFile(`${htmlOut}/${d.id}.pdf`, pdf);
        await Deno.writeTextFile(`${htmlOut}/${d.id}.json`, JSON.stringify(d.items, null, 1));
      }
      const { result, secs } = await read(pdf);
      score(
        [`html ${d.half}`, familyRow(d.half, d.family), `html ${d.half} · ${d.language}`],
        d.items,
        result,
        secs,
        d.id,
      );
      // Captures of page 1 only: the documents the table fits on.
      if (!htmlCaptures || result.pages !== 1) continue;
      for (const kind of CAPTURES) {
        const image = await capture(pdf, kind);
        if (htmlOut) await Deno.writeFile(`${htmlOut}/${d.id}-${kind}`, image);
        const r = await read(image);
        score([`capture ${d.half}`, `capture ${d.half} · ${kind}`], d.items, r.result, r.secs, `${d.id} ${kind}`);
      }
    }
  } finally {
    await browser.close();
  }
}

if (images) {
  const dir = new URL("../tests/fixtures/ocr/images/", import.meta.url);
  const truth: Record<string, { items: TruthItem[] }> = JSON.parse(await Deno.readTextFile(new URL("truth.json", dir)));
  for (const [file, t] of Object.entries(truth)) {
    const format = file.replace(/^[a-z]+-\d+-/, "");
    if ((only && !format.includes(only)) || !match.test(file)) continue;
    const { result, secs } = await read(await Deno.readFile(new URL(file, dir)));
    score(format, t.items, result, secs, file);
  }
}
pool.close();

const pct = (a: number, b: number) => (b ? `${((100 * a) / b).toFixed(1)}%` : "-");
const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : 0;
};
console.log("| format | documents | items exact | documents fully right | non-items returned | median s | p95 s |");
console.log("| --- | --- | --- | --- | --- | --- | --- |");
const all: Row = { format: "all images", items: 0, exact: 0, docs: 0, docsRight: 0, extra: 0, secs: [] };
for (const r of rows.values()) {
  console.log(
    `| ${r.format} | ${r.docs} | ${r.exact}/${r.items} (${
      pct(r.exact, r.items)
    }) | ${r.docsRight}/${r.docs} | ${r.extra} | ${quantile(r.secs, 0.5).toFixed(2)} | ${
      quantile(r.secs, 0.95).toFixed(2)
    } |`,
  );
  if (r.format !== "text PDF" && !r.format.startsWith("html ") && !r.format.startsWith("capture ")) {
    all.items += r.items;
    all.exact += r.exact;
    all.docs += r.docs;
    all.docsRight += r.docsRight;
    all.extra += r.extra;
    all.secs.push(...r.secs);
  }
}
if (all.docs) {
  console.log(
    `| **scans and photos** | ${all.docs} | ${all.exact}/${all.items} (${
      pct(all.exact, all.items)
    }) | ${all.docsRight}/${all.docs} | ${all.extra} | ${quantile(all.secs, 0.5).toFixed(2)} | ${
      quantile(all.secs, 0.95).toFixed(2)
    } |`,
  );
}
if (failed) console.log(`${failed} document(s) failed (timed out or unreadable) and scored 0.`);

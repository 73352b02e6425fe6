/**
 * Page clean-up before recognition, on a committed 150 dpi scan: the orientation is found from the
 * ink in every quarter turn (so a page upside down or on its side is read once), and table ruling
 * lines drawn over the page are painted out while its letters stay.
 */
import assert from "node:assert/strict";
import { binarise, orientation, removeRulings } from "./preprocess.ts";
import { decodeOwn, type Grey, rotate } from "./raster.ts";
import { prepare } from "./recognise.ts";

const dir = new URL("../../tests/fixtures/ocr/images/", import.meta.url);
const scan = async (file: string) => (await decodeOwn(await Deno.readFile(new URL(file, dir))))!;

Deno.test("[ocr] the page's orientation is found from its ink in each quarter turn", async () => {
  for (const file of ["classic-0-scan.png", "spanish-3-scan.png"]) {
    const upright = await scan(file);
    for (const q of [0, 1, 2, 3]) {
      const g = rotate(upright, q);
      const found = orientation(binarise(g), g.width, g.height);
      assert.equal(found.quarters, (4 - q) % 4, `${file} turned ${q} quarter(s)`);
    }
  }
});

/** The scan with a ruled grid drawn over it: rules across between text lines, rules down between columns. */
function ruled(g: Grey): Grey {
  const out = { ...g, data: g.data.slice() };
  const line = (x0: number, y0: number, x1: number, y1: number) => {
    for (let y = y0; y <= y1; y++) for (let x = x0; x <= x1; x++) out.data[y * g.width + x] = 20;
  };
  for (let y = 380; y < 760; y += 33) line(60, y, g.width - 60, y + 1);
  for (const x of [60, 600, 700, 850, 1000, g.width - 60]) line(x, 380, x + 1, 743);
  return out;
}

Deno.test("[ocr] table ruling lines are painted out and the letters kept", async () => {
  const clean = await scan("classic-0-scan.png");
  const grid = ruled(clean);
  const dark = (g: Grey) => g.data.reduce((n, v) => n + (v < 128 ? 1 : 0), 0);
  const mask = binarise(grid);
  const copy = { ...grid, data: grid.data.slice() };
  assert.ok(removeRulings(copy, mask) >= 15, "rules found");
  // The grid added tens of thousands of dark pixels; what is left is within a few percent of the page.
  assert.ok(dark(grid) - dark(clean) > 15_000);
  assert.ok(Math.abs(dark(copy) - dark(clean)) < dark(clean) * 0.05, `${dark(copy)} vs ${dark(clean)}`);
  // and prepare() does it on the way to the recogniser
  const p = prepare(grid);
  assert.ok(p.rulings >= 15);
  assert.equal(p.quarters, 0);
});

Deno.test("[ocr] small print (a 14-pixel line, 7 pt at 150 dpi) is enlarged to read at ~36-pixel lines; ordinary 150 dpi print is not", async () => {
  // receipt-5-upside-down.png is the narrow receipt in 7 pt, classic-0-scan.png a 10 pt page.
  const small = prepare(await scan("receipt-5-upside-down.png"));
  assert.ok(small.factor > 2.2 && small.factor <= 3, `factor ${small.factor}`);
  assert.equal(prepare(await scan("classic-0-scan.png")).factor, 1);
});

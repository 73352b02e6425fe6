/**
 * The fixes for what a capture does to a page, on a committed 150 dpi scan: a coloured stamp over
 * the text is lightened while the black text under it and white text on a colour band stay; a
 * phone photo's page (a quadrilateral on a dark desk) is warped back onto a rectangle; a faint page
 * is stretched to black ink on white paper, and a clear one left alone; a fax's specks are removed
 * and its letters, full stops included, kept.
 */
import assert from "node:assert/strict";
import { greyWithoutMarks } from "./colour.ts";
import { flattenPage, homography, pageCorners } from "./perspective.ts";
import { binarise, despeckle, invertBands, lineHeight, stretchContrast } from "./preprocess.ts";
import { decodeOwn, type Grey } from "./raster.ts";
import { prepare } from "./recognise.ts";

const dir = new URL("../../tests/fixtures/ocr/images/", import.meta.url);
const scan = async (file: string) => (await decodeOwn(await Deno.readFile(new URL(file, dir))))!;

Deno.test("[ocr] a red stamp over the table is lightened; text under it and white text on a blue band stay", async () => {
  const page = await scan("classic-0-scan.png");
  const { width: w, height: h } = page;
  const rgb = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) rgb.fill(page.data[i], i * 3, i * 3 + 3);
  const put = (x: number, y: number, c: number[]) => rgb.set(c, (y * w + x) * 3);
  // A stamp: a 300 × 140 frame 6 px wide and two bars of "letters", in red ink multiplied over the page.
  const sx = 500, sy = 420, sw = 300, sh = 140;
  const inStamp = (x: number, y: number) =>
    (x - sx < 6 || sx + sw - x < 6 || y - sy < 6 || sy + sh - y < 6) ||
    ((y - sy) % 40 < 12 && (x - sx) % 30 < 14 && y - sy > 30 && y - sy < 110);
  for (let y = sy; y < sy + sh; y++) {
    for (let x = sx; x < sx + sw; x++) {
      if (!inStamp(x, y)) continue;
      const v = page.data[y * w + x] / 255;
      put(x, y, [Math.round(214 * v), Math.round(86 * v), Math.round(94 * v)]);
    }
  }
  // A blue band 40 px high across the top with white "letters" in it.
  for (let y = 40; y < 80; y++) {
    for (let x = 60; x < w - 60; x++) put(x, y, (x % 24 < 8 && y > 50 && y < 70) ? [255, 255, 255] : [37, 99, 235]);
  }
  const { grey, marks } = greyWithoutMarks(w, h, rgb);
  assert.equal(marks.length, 1, JSON.stringify(marks));
  let frame = 0, frameLight = 0, text = 0, textDark = 0;
  for (let y = sy; y < sy + sh; y++) {
    for (let x = sx; x < sx + sw; x++) {
      if (!inStamp(x, y)) continue;
      const under = page.data[y * w + x];
      if (under > 200) {
        frame++;
        if (grey.data[y * w + x] > 180) frameLight++;
      } else if (under < 60) {
        text++;
        if (grey.data[y * w + x] < 80) textDark++;
      }
    }
  }
  assert.ok(frame > 5000 && frameLight > frame * 0.99, `stamp on paper lightened: ${frameLight}/${frame}`);
  assert.ok(text > 50 && textDark === text, `text under the stamp kept: ${textDark}/${text}`);
  assert.ok(grey.data[45 * w + 70] < 110, "the band stays dark");
  assert.ok(grey.data[60 * w + 72] > 240, "its white letters stay white");
  // Outside the stamp the page is its plain luminance.
  assert.equal(grey.data[900 * w + 300], page.data[900 * w + 300]);
});

/** The page photographed: a dark desk, the page a quadrilateral with these corners (TL, TR, BR, BL). */
function photo(page: Grey, corners: [number, number][], W: number, H: number): Grey {
  const data = new Uint8Array(W * H).fill(70);
  const m = homography(page.width, page.height, corners);
  // Each page pixel splatted twice per axis: no holes where the photo is larger than the page.
  for (let v = 0; v < page.height * 2; v++) {
    for (let u = 0; u < page.width * 2; u++) {
      const pu = u / 2, pv = v / 2;
      const z = m[6] * pu + m[7] * pv + 1;
      const x = Math.round((m[0] * pu + m[1] * pv + m[2]) / z);
      const y = Math.round((m[3] * pu + m[4] * pv + m[5]) / z);
      if (x >= 0 && y >= 0 && x < W && y < H) data[y * W + x] = page.data[(v >> 1) * page.width + (u >> 1)];
    }
  }
  return { width: W, height: H, data };
}

Deno.test("[ocr] a phone photo's page is found by its corners and warped back to a rectangle", async () => {
  const page = await scan("classic-0-scan.png");
  const { width: w, height: h } = page;
  const W = Math.round(w * 1.2), H = Math.round(h * 1.15);
  const corners: [number, number][] = [[0.14 * w, 0.08 * h], [1.08 * w, 0.05 * h], [1.12 * w, 1.1 * h], [
    0.06 * w,
    1.06 * h,
  ]];
  const shot = photo(page, corners, W, H);
  const found = pageCorners(shot)!;
  assert.ok(found, "a page on a desk");
  for (let i = 0; i < 4; i++) {
    const d = Math.hypot(found[i][0] - corners[i][0], found[i][1] - corners[i][1]);
    assert.ok(d < 0.02 * W, `corner ${i}: ${found[i]} vs ${corners[i]}`);
  }
  const flat = flattenPage(shot).grey;
  // Back to the page's proportions, and its ink where the page has it: rows of text line up again.
  assert.ok(Math.abs(flat.width / flat.height - w / h) < 0.04, `${flat.width}×${flat.height}`);
  const rows = (g: Grey) => {
    const r = new Float64Array(100);
    for (let y = 0; y < g.height; y++) {
      for (let x = 0; x < g.width; x++) if (g.data[y * g.width + x] < 128) r[Math.floor(y * 100 / g.height)]++;
    }
    const total = r.reduce((a, b) => a + b, 0);
    return r.map((v) => v / total);
  };
  const a = rows(page), b = rows(flat), c = rows(shot);
  const diff = (p: Float64Array, q: Float64Array) => p.reduce((s, v, i) => s + Math.abs(v - q[i]), 0);
  assert.ok(diff(a, b) < 0.35, `flattened rows differ from the page's by ${diff(a, b)}`);
  assert.ok(diff(a, c) > diff(a, b) * 2, `the photo's rows differ more: ${diff(a, c)}`);
});

Deno.test("[ocr] a scan whose paper reaches the edges, or a page with dark bands top and bottom, is not warped", async () => {
  const page = await scan("classic-0-scan.png");
  assert.equal(pageCorners(page), undefined);
  const banded = { ...page, data: page.data.slice() };
  const band = Math.round(page.height * 0.08);
  banded.data.fill(40, 0, band * page.width);
  banded.data.fill(40, (page.height - band) * page.width);
  assert.equal(pageCorners(banded), undefined);
  assert.equal(flattenPage(banded).grey, banded);
});

Deno.test("[ocr] a faint page is stretched to black on white; a clear page is left alone", async () => {
  const page = await scan("classic-0-scan.png");
  const faint = { ...page, data: page.data.map((v) => Math.round(102 + v * 0.4)) };
  const out = stretchContrast(faint);
  const dark = (g: Grey) => g.data.reduce((n, v) => n + (v < 80 ? 1 : 0), 0);
  assert.equal(dark(faint), 0);
  assert.ok(dark(out) > dark(page) * 0.7, `${dark(out)} dark pixels vs ${dark(page)}`);
  assert.ok(out.data[5 * page.width + 5] > 240, "paper white");
  assert.equal(stretchContrast(page), page);
});

Deno.test("[ocr] a fax's specks are removed and its letters and full stops kept", async () => {
  const page = await scan("classic-0-scan.png");
  const fax = { ...page, data: page.data.map((v) => (v < 140 ? 0 : 255)) };
  const clean = fax.data.slice();
  // One speck in 150 pixels, as a noisy fax line leaves them: single dots and pairs.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  let specks = 0;
  for (let i = 0; i < fax.data.length; i++) {
    if (next() < 1 / 150 && fax.data[i] === 255) {
      fax.data[i] = 0;
      if (next() < 0.3 && i + 1 < fax.data.length) fax.data[i + 1] = 0;
      specks++;
    }
  }
  const dark = (d: Uint8Array) => d.reduce((n, v) => n + (v < 128 ? 1 : 0), 0);
  const removed = despeckle(fax, 22); // a 10 pt line at 150 dpi
  assert.ok(removed > specks * 0.85, `${removed} of ${specks} specks removed`);
  // What is left is the page's ink: within 1.5 % (a speck touching a letter stays with it).
  assert.ok(Math.abs(dark(fax.data) - dark(clean)) < dark(clean) * 0.015, `${dark(fax.data)} vs ${dark(clean)}`);
  // Nothing of the page itself went: every dark pixel of the clean page is still dark.
  let lost = 0;
  for (let i = 0; i < clean.length; i++) if (clean[i] === 0 && fax.data[i] !== 0) lost++;
  assert.ok(lost < dark(clean) * 0.002, `${lost} ink pixels lost`);
});

Deno.test("[ocr] a noisy fax keeps the dots of its umlauts and of i while its noise goes", async () => {
  const page = await scan("classic-0-scan.png");
  const { width: w, height: h } = page;
  const fax = { ...page, data: page.data.map((v) => (v < 140 ? 0 : 255)) };
  // An umlaut's dots as a 200 dpi fax leaves them (2 × 2 and 3 × 2 pixels, 3 apart) and an i's dot
  // (3 × 3), over a letter's stem, each group in paper well away from the text.
  const marks: [number, number][] = [];
  const blank = (x: number, y: number) => {
    for (let j = y - 12; j < y + 22; j++) {
      for (let i = x - 12; i < x + 20; i++) if (fax.data[j * w + i] === 0) return false;
    }
    return true;
  };
  for (let y = 40; y < h - 40 && marks.length < 24; y += 37) {
    for (let x = 40; x < w - 40 && marks.length < 24; x += 53) {
      if (!blank(x, y)) continue;
      const dot = (x0: number, y0: number, dw: number, dh: number) => {
        for (let j = 0; j < dh; j++) for (let i = 0; i < dw; i++) fax.data[(y0 + j) * w + x0 + i] = 0;
        marks.push([x0, y0]);
      };
      dot(x, y, 2, 2);
      dot(x + 5, y, 3, 2);
      dot(x + 12, y, 3, 3);
      // The letters under them: a stem 10 pixels high.
      for (let j = y + 5; j < y + 15; j++) {
        for (const i of [x, x + 1, x + 6, x + 7, x + 12, x + 13]) fax.data[j * w + i] = 0;
      }
    }
  }
  assert.ok(marks.length >= 24, `${marks.length} dots placed`);
  const clean = fax.data.slice();
  // Impulse noise as ImageMagick's fax capture leaves it: one pixel in a hundred, independently
  // (mulberry32: a linear congruential generator's draws in a row are not independent).
  let seed = 11;
  const next = () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  let noise = 0;
  for (let i = 0; i < fax.data.length; i++) {
    if (fax.data[i] === 255 && next() < 0.01) {
      fax.data[i] = 0;
      noise++;
    }
  }
  const out = prepare(fax).grey;
  const pad = (out.width - w) / 2;
  const dark = (x: number, y: number) => out.data[(y + pad) * out.width + x + pad] < 128;
  const kept = marks.filter(([x, y]) => dark(x, y)).length;
  assert.equal(kept, marks.length, `${kept} of ${marks.length} dots kept`);
  // Noise on paper, not touching the page's ink (a speck on a letter's edge is part of the letter).
  const paper = (x: number, y: number) => {
    for (let j = y - 1; j <= y + 1; j++) for (let i = x - 1; i <= x + 1; i++) if (clean[j * w + i] === 0) return false;
    return true;
  };
  let left = 0;
  for (let y = 1; y < h - 1; y++) for (let x = 1; x < w - 1; x++) if (paper(x, y) && dark(x, y)) left++;
  assert.ok(left < noise * 0.01, `${left} of ${noise} noise pixels left on paper`);
});

Deno.test("[ocr] a red stamp touching a blue header band lightens the stamp only", () => {
  const w = 800, h = 600;
  const rgb = new Uint8Array(w * h * 3).fill(255);
  const put = (x: number, y: number, c: number[]) => rgb.set(c, (y * w + x) * 3);
  for (let y = 100; y < 140; y++) for (let x = 40; x < 760; x++) put(x, y, [37, 99, 235]);
  // A hollow frame 300 × 160, 6 px wide, from above the band down across it.
  for (let y = 60; y < 220; y++) {
    for (let x = 300; x < 600; x++) {
      if (x - 300 < 6 || 600 - x <= 6 || y - 60 < 6 || 220 - y <= 6) put(x, y, [214, 86, 94]);
    }
  }
  const { grey, marks } = greyWithoutMarks(w, h, rgb);
  assert.equal(marks.length, 1, JSON.stringify(marks));
  assert.ok(grey.data[200 * w + 302] > 200, "the frame on paper is lightened");
  assert.ok(grey.data[120 * w + 450] < 110, "the band inside the stamp's box stays dark");
  assert.ok(grey.data[120 * w + 100] < 110, "and outside it");
});

/** An 8-bit RGB PNG of `rgb` (filter 0 on every row), as a scanner or a phone writes one. */
async function rgbPng(w: number, h: number, rgb: Uint8Array): Promise<Uint8Array> {
  const rows = new Uint8Array(h * (w * 3 + 1));
  for (let y = 0; y < h; y++) rows.set(rgb.subarray(y * w * 3, (y + 1) * w * 3), y * (w * 3 + 1) + 1);
  const z = new Uint8Array(
    await new Response(new Blob([rows]).stream().pipeThrough(new CompressionStream("deflate"))).arrayBuffer(),
  );
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const chunk = (type: string, body: Uint8Array) => {
    const out = new Uint8Array(12 + body.length);
    const v = new DataView(out.buffer);
    v.setUint32(0, body.length);
    out.set(new TextEncoder().encode(type), 4);
    out.set(body, 8);
    let c = 0xffffffff;
    for (const b of out.subarray(4, 8 + body.length)) c = crcTable[(c ^ b) & 255] ^ (c >>> 8);
    v.setUint32(8 + body.length, (c ^ 0xffffffff) >>> 0);
    return out;
  };
  const ihdr = new Uint8Array(13);
  new DataView(ihdr.buffer).setUint32(0, w);
  new DataView(ihdr.buffer).setUint32(4, h);
  ihdr.set([8, 2, 0, 0, 0], 8);
  const parts = [
    new Uint8Array([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk("IHDR", ihdr),
    chunk("IDAT", z),
    chunk("IEND", new Uint8Array()),
  ];
  const png = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  parts.reduce((o, p) => (png.set(p, o), o + p.length), 0);
  return png;
}

Deno.test("[ocr] a colour PNG is read without its stamp: the decoder hands colour to the stamp remover", async () => {
  const w = 600, h = 400;
  const rgb = new Uint8Array(w * h * 3).fill(255);
  // A red frame 240 × 160, 6 px wide.
  for (let y = 100; y < 260; y++) {
    for (let x = 150; x < 390; x++) {
      if (x - 150 < 6 || 390 - x <= 6 || y - 100 < 6 || 260 - y <= 6) rgb.set([200, 30, 40], (y * w + x) * 3);
    }
  }
  const grey = (await decodeOwn(await rgbPng(w, h, rgb)))!;
  assert.equal(grey.width, w);
  // Its plain luminance would be 78; lightened it is its red channel.
  assert.ok(grey.data[102 * w + 250] > 190, `the frame reads ${grey.data[102 * w + 250]}`);
});

Deno.test("[ocr] a scan turned 2.5° is read the right way up, whichever way its ink points", async () => {
  const { Recogniser, prepare } = await import("./recognise.ts");
  const { rotateSmall } = await import("./preprocess.ts");
  const { greyToPgm, rotate } = await import("./raster.ts");
  const skewed = rotateSmall(await scan("classic-0-scan.png"), 2.5 * Math.PI / 180);
  // Not warped: its paper reaches the edges.
  assert.equal(prepare(skewed).flattened, undefined);
  const recogniser = new Recogniser();
  try {
    for (const image of [skewed, rotate(skewed, 2)]) {
      const read = await recogniser.page(greyToPgm(image), image, 1, () => {});
      const text = read.page.words.map((w) => w.text).join(" ");
      assert.match(text, /copy paper 80gsm/, text.slice(0, 300));
    }
  } finally {
    await recogniser.close();
  }
});

Deno.test("[ocr] white text on a dark header band is turned dark on light; a dark logo and the text stay", async () => {
  const page = await scan("classic-0-scan.png");
  const { width: w, height: h } = page;
  const g: Grey = { width: w, height: h, data: page.data.slice() };
  const line = lineHeight(binarise(g), w, h);
  assert.ok(line > 10, `line height ${line}`);
  // A band 1.5 lines high across most of the page near its foot, grey 70, with light "letters".
  const by = h - 8 * line, bh = Math.round(line * 1.5);
  const letter = (x: number, y: number) => x % 24 < 8 && y - by > bh * 0.25 && y - by < bh * 0.75;
  for (let y = by; y < by + bh; y++) {
    for (let x = 60; x < w - 60; x++) g.data[y * w + x] = letter(x, y) ? 235 : 70;
  }
  // A square dark logo (too squat for a band) further down.
  const ly = h - 5 * line;
  for (let y = ly; y < ly + 2 * line; y++) for (let x = 60; x < 60 + 2 * line; x++) g.data[y * w + x] = 30;
  const before = g.data.slice();
  assert.equal(invertBands(g, line), 1);
  let paper = 0, band = 0, ink = 0, letters = 0;
  for (let y = by + 4; y < by + bh - 4; y++) {
    for (let x = 70; x < w - 70; x++) {
      if (letter(x, y)) {
        letters++;
        if (g.data[y * w + x] < 60) ink++;
      } else {
        band++;
        if (g.data[y * w + x] > 200) paper++;
      }
    }
  }
  assert.ok(paper === band, `the band is paper: ${paper}/${band}`);
  assert.ok(ink === letters, `its letters are ink: ${ink}/${letters}`);
  assert.equal(g.data[(ly + line) * w + 60 + line], 30, "the logo is left alone");
  // Outside the band's box nothing changed.
  for (let y = 0; y < by - 3; y++) assert.equal(g.data[y * w + 300], before[y * w + 300]);
  // And the page made ready for the recogniser has it turned too: its middle is paper.
  const ready = prepare({ width: w, height: h, data: before });
  const [px, py] = [ready.pad + Math.round(w / 2), ready.pad + by + Math.round(bh / 2)];
  let light = 0;
  for (let x = px - 100; x < px + 100; x++) {
    if (!letter(x - ready.pad, by + Math.round(bh / 2)) && ready.grey.data[py * ready.grey.width + x] > 200) light++;
  }
  assert.ok(light > 100, `prepare() turns the band: ${light} light pixels of 200 across its middle`);
});

Deno.test("[ocr] a stamp's ink is taken off a grey header band and shaded rows, not left as an outline", () => {
  const w = 800, h = 600;
  const page = new Uint8Array(w * h).fill(255);
  // A grey band (a table's header) and a shaded row under it.
  for (let y = 100; y < 140; y++) page.fill(200, y * w, (y + 1) * w);
  for (let y = 180; y < 210; y++) page.fill(235, y * w, (y + 1) * w);
  const rgb = new Uint8Array(w * h * 3);
  for (let i = 0; i < w * h; i++) rgb.fill(page[i], i * 3, i * 3 + 3);
  // A stamp's frame, 6 px wide, in red ink multiplied over the page, crossing the band and the row.
  const sx = 200, sy = 60, sw = 360, sh = 200;
  const inFrame = (x: number, y: number) =>
    x >= sx && x < sx + sw && y >= sy && y < sy + sh &&
    (x - sx < 6 || sx + sw - 1 - x < 6 || y - sy < 6 || sy + sh - 1 - y < 6);
  for (let y = sy; y < sy + sh; y++) {
    for (let x = sx; x < sx + sw; x++) {
      if (!inFrame(x, y)) continue;
      const v = page[y * w + x] / 255;
      rgb.set([Math.round(214 * v), Math.round(86 * v), Math.round(94 * v)], (y * w + x) * 3);
    }
  }
  const { grey, marks } = greyWithoutMarks(w, h, rgb);
  assert.equal(marks.length, 1);
  for (const [y, under] of [[120, 200], [195, 235], [240, 255]]) {
    const got = grey.data[y * w + sx + 2];
    assert.ok(Math.abs(got - under) <= 3, `frame at row ${y}: ${got}, the page under it ${under}`);
  }
});

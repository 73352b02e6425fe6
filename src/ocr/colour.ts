/**
 * A colour page made grey for reading, with the marks that are not part of the document's text
 * taken out: a rubber stamp, a seal or a signature in coloured ink laid over the table. Such marks
 * are coloured, much larger than a line of text in both directions and mostly empty inside (a frame
 * and big letters), where a colour band behind a table's header is filled and coloured text is one
 * line high. Inside a mark's box its pixels of the mark's hue become as light as their lightest
 * channel (red ink is light in the red channel); black text through the mark stays black, and
 * everything outside the marks keeps its plain luminance, so white text on a coloured band stays
 * readable. Marks are found one hue at a time: a red stamp touching a blue band is not one shape.
 */
import { boxOf, components, type Grey } from "./raster.ts";

/** How far apart (0–255) a pixel's channels are before it counts as coloured ink. */
const COLOURED = 60;
/** A mark is at least this share of the page's larger side tall and wide. */
const MARK_MIN_SIDE = 0.04;
/** At most this share of a mark's box is ink (a frame and letters; a band is nearly full). */
const MARK_MAX_FILL = 0.45;
/** Components are found on cells of this many pixels a side: fast, and it joins a stamp's broken strokes. */
const CELL = 4;

/** A mark's box in pixels, and its hue sector (1-6): only its own hue is lightened inside it. */
type Mark = { hue: number; x0: number; y0: number; x1: number; y1: number };

export interface ColourGrey {
  grey: Grey;
  /** Marks found and lightened. */
  marks: Mark[];
}

/** `rgb` is three bytes a pixel (red, green, blue), rows top to bottom. */
export function greyWithoutMarks(width: number, height: number, rgb: Uint8Array): ColourGrey {
  const n = width * height;
  const grey = new Uint8Array(n);
  const coloured = new Uint8Array(n);
  let any = 0;
  for (let i = 0, p = 0; i < n; i++, p += 3) {
    const r = rgb[p];
    const g = rgb[p + 1];
    const b = rgb[p + 2];
    grey[i] = (r * 77 + g * 150 + b * 29) >> 8;
    const mx = r > g ? (r > b ? r : b) : g > b ? g : b;
    const mn = r < g ? (r < b ? r : b) : g < b ? g : b;
    if (mx - mn >= COLOURED) {
      coloured[i] = 1 + hueBin(r, g, b, mx, mn);
      any++;
    }
  }
  const marks = any ? findMarks(coloured, width, height) : [];
  const lightest = (i: number) => {
    const p = i * 3;
    const r = rgb[p];
    const g = rgb[p + 1];
    const b = rgb[p + 2];
    return r > g ? (r > b ? r : b) : g > b ? g : b;
  };
  for (const m of marks) {
    // Ink is laid over the page (it multiplies): where the stamp's own lightest channel is 214 on
    // white paper, a pixel of it over a grey band or a shaded row reads 214/255 of what is under
    // it. Dividing by the ink's lightest channel (its most common value inside the box) gives the
    // page back, band and rows included, where the lightest channel alone leaves the stamp's
    // outline drawn across them.
    const hist = new Uint32Array(256);
    for (let y = m.y0; y < m.y1; y++) {
      for (let x = m.x0; x < m.x1; x++) if (coloured[y * width + x] === m.hue) hist[lightest(y * width + x)]++;
    }
    let ink = 255;
    for (let v = 0, best = 0; v < 256; v++) {
      if (hist[v] > best) [best, ink] = [hist[v], v];
    }
    const scale = 255 / Math.max(ink, 128);
    for (let y = m.y0; y < m.y1; y++) {
      for (let x = m.x0; x < m.x1; x++) {
        const i = y * width + x;
        if (coloured[i] === m.hue) grey[i] = Math.min(255, Math.round(lightest(i) * scale));
      }
    }
  }
  return { grey: { width, height, data: grey }, marks };
}

/** Boxes of the large, hollow coloured components (8-connected, on CELL-pixel cells). */
function findMarks(coloured: Uint8Array, width: number, height: number) {
  const cw = Math.ceil(width / CELL);
  const ch = Math.ceil(height / CELL);
  const cells = new Uint8Array(cw * ch);
  for (let y = 0; y < height; y++) {
    const row = (y / CELL | 0) * cw;
    for (let x = 0; x < width; x++) {
      const c = coloured[y * width + x];
      if (c) cells[row + (x / CELL | 0)] = c;
    }
  }
  const minSide = Math.max(width, height) * MARK_MIN_SIDE / CELL;
  const marks: Mark[] = [];
  // One hue at a time: a red stamp touching a blue band is two shapes, not one.
  for (let hue = 1; hue <= HUES; hue++) {
    components(cw, ch, (i) => cells[i] === hue, (found) => {
      const { x0, y0, x1, y1, w: bw, h: bh } = boxOf(found, cw);
      if (bw >= minSide && bh >= minSide && found.length <= bw * bh * MARK_MAX_FILL) {
        marks.push({
          hue,
          x0: x0 * CELL,
          y0: y0 * CELL,
          x1: Math.min(width, (x1 + 1) * CELL),
          y1: Math.min(height, (y1 + 1) * CELL),
        });
      }
    });
  }
  return marks;
}

/** Hues in six sectors of 60°, red centred in the first (0-5; a stamp's red on both sides of 0°). */
const HUES = 6;
function hueBin(r: number, g: number, b: number, mx: number, mn: number): number {
  const d = mx - mn;
  let h = mx === r ? ((g - b) / d) * 60 : mx === g ? ((b - r) / d) * 60 + 120 : ((r - g) / d) * 60 + 240;
  if (h < 0) h += 360;
  return Math.floor(((h + 30) % 360) / 60);
}

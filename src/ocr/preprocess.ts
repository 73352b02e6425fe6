/**
 * Page clean-up before recognition, on grey pixels: ink found by a local threshold (uneven light in
 * photos), the page's orientation (quarter turns from the direction of its text lines, upside down
 * from the ascender/descender balance of Latin script), deskew by projection profiles, and table
 * ruling lines (long thin runs of ink, across or down) painted out so they are not read as letters
 * or glue cells together. Each step is a few passes over the pixels: milliseconds, not a reading.
 */
import { boxOf, components, type Grey, sample } from "./raster.ts";

/** Ink mask: 1 where a pixel is clearly darker than its neighbourhood (a window ~1/16 of the page). */
export function binarise(g: Grey): Uint8Array {
  const { width: w, height: h, data } = g;
  const W = w + 1;
  const sum = new Float64Array(W * (h + 1));
  for (let y = 0; y < h; y++) {
    let row = 0;
    for (let x = 0; x < w; x++) {
      row += data[y * w + x];
      sum[(y + 1) * W + x + 1] = sum[y * W + x + 1] + row;
    }
  }
  const r = Math.max(8, Math.round(Math.max(w, h) / 32));
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    const ya = Math.max(0, y - r);
    const yb = Math.min(h, y + r + 1);
    for (let x = 0; x < w; x++) {
      const xa = Math.max(0, x - r);
      const xb = Math.min(w, x + r + 1);
      const mean = (sum[yb * W + xb] - sum[ya * W + xb] - sum[yb * W + xa] + sum[ya * W + xa]) /
        ((yb - ya) * (xb - xa));
      const v = data[y * w + x];
      // Darker than the surroundings by a margin, and not light grey paper texture.
      if (v < mean * 0.8 && v < mean - 30) out[y * w + x] = 1;
    }
  }
  return out;
}

/** Ink mask turned clockwise by quarter turns (same rule as raster.rotate). */
export function rotateMask(m: Uint8Array, w: number, h: number, quarters: number): Uint8Array {
  const q = ((quarters % 4) + 4) % 4;
  if (q === 0) return m;
  const W = q === 2 ? w : h;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = m[y * w + x];
      if (!v) continue;
      if (q === 1) out[x * W + (h - 1 - y)] = 1;
      else if (q === 2) out[(h - 1 - y) * W + (w - 1 - x)] = 1;
      else out[(w - 1 - x) * W + y] = 1;
    }
  }
  return out;
}

/**
 * How sharply ink comes in bands along one axis. Across text lines the profile swings between full
 * lines and empty gaps (high variance, many empty positions); along them it is much flatter.
 */
function banding(profile: Float64Array): number {
  let a = 0;
  let b = profile.length - 1;
  while (a < b && !profile[a]) a++;
  while (b > a && !profile[b]) b--;
  const n = b - a + 1;
  if (n < 8) return 0;
  const sorted = Array.from(profile.subarray(a, b + 1)).sort((x, y) => x - y);
  const high = sorted[Math.floor(n * 0.95)];
  let sum = 0;
  let blank = 0;
  for (let i = a; i <= b; i++) {
    sum += profile[i];
    if (profile[i] <= high * 0.05) blank++;
  }
  const mean = sum / n;
  if (!mean) return 0;
  let v = 0;
  for (let i = a; i <= b; i++) v += (profile[i] - mean) ** 2;
  return v / n / mean / mean + 2 * blank / n;
}

/** The inner part of a mask (the page without its outer twentieth on each side: desk, shadow, edge). */
export function inner(mask: Uint8Array, w: number, h: number): { mask: Uint8Array; w: number; h: number } {
  const x0 = Math.floor(w * 0.05);
  const y0 = Math.floor(h * 0.05);
  const W = w - 2 * x0;
  const H = h - 2 * y0;
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) out.set(mask.subarray((y + y0) * w + x0, (y + y0) * w + x0 + W), y * W);
  return { mask: out, w: W, h: H };
}

/** Text lines as bands of rows with ink: [top, bottom) pairs. */
function textBands(mask: Uint8Array, w: number, h: number): { rows: Float64Array; bands: [number, number][] } {
  const rows = new Float64Array(h);
  for (let y = 0; y < h; y++) {
    let n = 0;
    for (let x = 0; x < w; x++) n += mask[y * w + x];
    rows[y] = n;
  }
  const bands: [number, number][] = [];
  const floor = Math.max(1, w / 400);
  let start = -1;
  for (let y = 0; y <= h; y++) {
    const on = y < h && rows[y] > floor;
    if (on && start < 0) start = y;
    else if (!on && start >= 0) {
      if (y - start >= 3) bands.push([start, y]);
      start = -1;
    }
  }
  return { rows, bands };
}

/** The median height (pixels) of the page's text lines, 0 when it has none. */
export function lineHeight(mask: Uint8Array, w: number, h: number): number {
  const { bands } = textBands(mask, w, h);
  // Slivers (an accent, a rule's remains) are not lines.
  const hs = bands.map(([a, b]) => b - a).filter((n) => n >= 5).sort((a, b) => a - b);
  return hs.length ? hs[hs.length >> 1] : 0;
}

/**
 * Ink above the x-height band against ink below it, over the page's text lines. Latin script has
 * far more ascenders, capitals, digits and accents than descenders: above 1 reads upright, below 1
 * upside down.
 */
function ascenderBalance(mask: Uint8Array, w: number, h: number): { ratio: number; lines: number } {
  const { rows, bands } = textBands(mask, w, h);
  const hs = bands.map(([a, b]) => b - a).sort((a, b) => a - b);
  if (!hs.length) return { ratio: 1, lines: 0 };
  const typical = hs[hs.length >> 1];
  let above = 0;
  let below = 0;
  let lines = 0;
  for (const [a, b] of bands) {
    if (b - a < typical * 0.6 || b - a > typical * 1.8) continue;
    let peak = 0;
    for (let y = a; y < b; y++) peak = Math.max(peak, rows[y]);
    // The x-height band: the rows around the densest one holding at least 40% of its ink.
    let top = a;
    let bottom = b - 1;
    while (top < b && rows[top] < peak * 0.4) top++;
    while (bottom > top && rows[bottom] < peak * 0.4) bottom--;
    for (let y = a; y < top; y++) above += rows[y];
    for (let y = bottom + 1; y < b; y++) below += rows[y];
    lines++;
  }
  return { ratio: (above + 1) / (below + 1), lines };
}

export interface Orientation {
  /** Clockwise quarter turns that make the page upright. */
  quarters: number;
  /** False when the evidence was thin: a caller may still check by reading. */
  sure: boolean;
}

/**
 * Whether the page's text lines run down it (a quarter turn makes them level), from the banding
 * of its ink across and down; `sure` when one direction clearly wins.
 */
export function sidewaysTurn(full: Uint8Array, fw: number, fh: number): { quarters: number; sure: boolean } {
  const { mask, w, h } = inner(full, fw, fh);
  const rows = new Float64Array(h);
  const cols = new Float64Array(w);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      if (mask[y * w + x]) {
        rows[y]++;
        cols[x]++;
      }
    }
  }
  const across = banding(rows);
  const down = banding(cols);
  const sideways = down > across;
  return { quarters: sideways ? 1 : 0, sure: sideways ? down > across * 1.3 : across > down * 1.3 };
}

/**
 * Whether a page with level text lines is upside down, by the script (ascenders against
 * descenders). Judged after deskewing: on a page turned a few degrees the lines' profiles smear
 * and the balance can point the wrong way.
 */
export function upsideDown(full: Uint8Array, fw: number, fh: number): { flip: boolean; sure: boolean } {
  const { mask, w, h } = inner(full, fw, fh);
  const { ratio, lines } = ascenderBalance(mask, w, h);
  return { flip: ratio < 1, sure: lines >= 4 && (ratio > 1.3 || ratio < 1 / 1.3) };
}

/** Which way up the page is, from its ink alone (for a level page; prepare() deskews in between). */
export function orientation(full: Uint8Array, fw: number, fh: number): Orientation {
  const side = sidewaysTurn(full, fw, fh);
  const turned = side.quarters ? rotateMask(full, fw, fh, 1) : full;
  const [tw, th] = side.quarters ? [fh, fw] : [fw, fh];
  const half = upsideDown(turned, tw, th);
  return { quarters: side.quarters + (half.flip ? 2 : 0), sure: side.sure && half.sure };
}

/** The small angle (radians, clockwise positive) that makes the text lines level, within ±5°. */
export function skewAngle(full: Uint8Array, fw: number, fh: number): number {
  const { mask, w, h } = inner(full, fw, fh);
  // Sample the ink (every other column is plenty; every row, or angle 0 would be favoured by the
  // sampling itself) and score angles by how sharp the row profile becomes.
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x += 2) {
      if (mask[y * w + x]) {
        xs.push(x);
        ys.push(y);
      }
    }
  }
  if (xs.length < 200) return 0;
  const bins = new Float64Array(h + w);
  const score = (a: number) => {
    bins.fill(0);
    const t = Math.tan(a);
    const off = Math.ceil(w * Math.abs(t));
    for (let i = 0; i < xs.length; i++) {
      const b = Math.round(ys[i] - xs[i] * t) + off;
      if (b >= 0 && b < bins.length) bins[b]++;
    }
    let s = 0;
    for (let i = 0; i < bins.length; i++) s += bins[i] * bins[i];
    return s;
  };
  const deg = Math.PI / 180;
  let best = 0;
  let bestScore = score(0);
  for (let a = -5; a <= 5; a += 0.5) {
    const s = score(a * deg);
    if (s > bestScore) [best, bestScore] = [a * deg, s];
  }
  const coarse = best;
  for (let a = -0.45; a <= 0.45; a += 0.05) {
    const s = score(coarse + a * deg);
    if (s > bestScore) [best, bestScore] = [coarse + a * deg, s];
  }
  return best;
}

/** Grey pixels turned by a small angle (radians) about the centre, bilinear, white outside. */
export function rotateSmall(g: Grey, angle: number): Grey {
  const { width: w, height: h } = g;
  const out = new Uint8Array(w * h);
  const c = Math.cos(angle);
  const s = Math.sin(angle);
  const cx = w / 2;
  const cy = h / 2;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      // Where this output pixel comes from: the inverse rotation.
      const dx = x - cx;
      const dy = y - cy;
      out[y * w + x] = sample(g, c * dx - s * dy + cx, s * dx + c * dy + cy);
    }
  }
  return { width: w, height: h, data: out };
}

/**
 * Paints out table ruling lines in `g` (in place), found in its ink mask: runs of ink across (or
 * down) the page longer than a word could be, where the ink is only as thick as a rule. Where a
 * letter crosses a rule the letter's pixels stay. Returns how many lines were removed.
 */
/** Pixels either side of a rule that go with it (the grey fringe of a blurred or JPEG'd line). */
const HALO = 2;

export function removeRulings(g: Grey, mask: Uint8Array): number {
  const { width: w, height: h, data } = g;
  const minRun = Math.max(60, Math.round(Math.min(w, h) / 20));
  const maxThick = Math.max(3, Math.round(Math.min(w, h) / 250));
  let removed = 0;
  // Thickness of the ink through (x, y) along the other axis.
  const thickV = (x: number, y: number) => {
    let a = y;
    let b = y;
    while (a > 0 && mask[(a - 1) * w + x]) a--;
    while (b < h - 1 && mask[(b + 1) * w + x]) b++;
    return [a, b] as const;
  };
  const thickH = (x: number, y: number) => {
    let a = x;
    let b = x;
    while (a > 0 && mask[y * w + a - 1]) a--;
    while (b < w - 1 && mask[y * w + b + 1]) b++;
    return [a, b] as const;
  };
  let erase: number[] = [];
  // The crossings of two rules are thick both ways: rules across go first, then the rules down
  // see the crossings as thin and take them.
  const apply = () => {
    for (const i of erase) {
      data[i] = 255;
      mask[i] = 0;
    }
    erase = [];
  };
  // Across: runs along each row, bridging gaps of up to 2 pixels (broken print, JPEG).
  for (let y = 0; y < h; y++) {
    let start = -1;
    let gap = 0;
    for (let x = 0; x <= w; x++) {
      const on = x < w && mask[y * w + x] === 1;
      if (on) {
        if (start < 0) start = x;
        gap = 0;
      } else if (start >= 0 && (++gap > 2 || x === w)) {
        const end = x - gap + 1;
        if (end - start >= minRun) {
          let thin = 0;
          for (let i = start; i < end; i++) {
            const [a, b] = thickV(i, y);
            if (b - a + 1 <= maxThick) thin++;
          }
          // Mostly thin along its length: a rule, not a row of touching bold letters.
          if (thin >= (end - start) * 0.7) {
            removed++;
            for (let i = start; i < end; i++) {
              const [a, b] = thickV(i, y);
              if (b - a + 1 > maxThick) continue;
              for (let k = Math.max(0, a - HALO); k <= Math.min(h - 1, b + HALO); k++) {
                if ((k >= a && k <= b) || !mask[k * w + i]) erase.push(k * w + i);
              }
            }
          }
        }
        start = -1;
        gap = 0;
      }
    }
  }
  apply();
  for (let x = 0; x < w; x++) {
    let start = -1;
    let gap = 0;
    for (let y = 0; y <= h; y++) {
      const on = y < h && mask[y * w + x] === 1;
      if (on) {
        if (start < 0) start = y;
        gap = 0;
      } else if (start >= 0 && (++gap > 2 || y === h)) {
        const end = y - gap + 1;
        if (end - start >= minRun) {
          let thin = 0;
          for (let i = start; i < end; i++) {
            const [a, b] = thickH(x, i);
            if (b - a + 1 <= maxThick) thin++;
          }
          if (thin >= (end - start) * 0.7) {
            removed++;
            for (let i = start; i < end; i++) {
              const [a, b] = thickH(x, i);
              if (b - a + 1 > maxThick) continue;
              for (let k = Math.max(0, a - HALO); k <= Math.min(w - 1, b + HALO); k++) {
                if ((k >= a && k <= b) || !mask[i * w + k]) erase.push(i * w + k);
              }
            }
          }
        }
        start = -1;
        gap = 0;
      }
    }
  }
  apply();
  return removed;
}

/** A page whose ink and paper are less than this far apart (0–255) has its grey levels stretched. */
const FAINT_RANGE = 150;
/** Below this the darkest pixels are paper texture or anti-aliasing, not ink. */
const MIN_INK_CONTRAST = 50;

/**
 * A faint page (a low-contrast scan, grey ink on grey paper) stretched so that its darkest ink is
 * black and its paper white; pages with clear contrast are returned as they are, and so are pages
 * with hardly any ink (stretching them would only make noise). Ink is the grey level of the darkest
 * half percent of pixels, paper the 90th percentile (a page is mostly paper).
 */
export function stretchContrast(g: Grey): Grey {
  const hist = new Uint32Array(256);
  for (let i = 0; i < g.data.length; i++) hist[g.data[i]]++;
  const at = (share: number) => {
    let n = 0;
    for (let v = 0; v < 256; v++) if ((n += hist[v]) > g.data.length * share) return v;
    return 255;
  };
  const ink = at(0.005);
  const paper = at(0.9);
  if (paper - ink >= FAINT_RANGE || paper - ink < MIN_INK_CONTRAST) return g;
  const lut = new Uint8Array(256);
  for (let v = 0; v < 256; v++) lut[v] = Math.max(0, Math.min(255, Math.round((v - ink) * 255 / (paper - ink))));
  const out = new Uint8Array(g.data.length);
  for (let i = 0; i < out.length; i++) out[i] = lut[g.data[i]];
  return { width: g.width, height: g.height, data: out };
}

/** The largest group of touching pixels a speck can be, whatever the noise. */
const SPECK_MAX_PX = 8;

/**
 * A two-tone page (fax, 1-bit scan) without its specks: groups of touching dark pixels (8-connected)
 * that the page's noise explains, turned white. A fax line's noise reads as letters ("ee", ":",
 * "‚") between the columns and slows the recogniser down several times.
 *
 * Which sizes are noise is read from the page itself: noise pixels fall independently, so the
 * count of its groups drops by about the same ratio from one size to the next (single pixels to
 * pairs, pairs to threes). A size is removed while that expected count of noise makes up at least
 * half of the groups of that size; it stops at the first size made mostly of marks of the page:
 * the dots of i and j, an umlaut's two dots, decimal marks. (A fixed size from the line height
 * took umlaut dots of 4-6 pixels at 200 dpi with the noise: "Geräusch" was read "Gerausch"; and a
 * noisy page's ink covers every row, so its line height was the page's.) When `line` (the page's
 * median text line height, pixels) is known, nothing larger than a third of a full stop (an
 * eighth of the line high) goes either. Returns the specks removed.
 */
export function despeckle(g: Grey, line = 0): number {
  const { width: w, height: h, data } = g;
  const bySize: number[][][] = Array.from({ length: SPECK_MAX_PX + 1 }, () => []);
  components(w, h, (i) => data[i] < 128, (pixels) => {
    if (pixels.length <= SPECK_MAX_PX) bySize[pixels.length].push(pixels);
  });
  const ones = bySize[1].length;
  const ratio = ones ? bySize[2].length / ones : 0;
  let most = 0;
  for (let s = 1; s <= SPECK_MAX_PX; s++) {
    const seen = bySize[s].length;
    if (seen && ones * ratio ** (s - 1) < seen * 0.5) break;
    most = s;
  }
  if (line > 0) most = Math.min(most, Math.max(2, Math.round((line * 0.13) ** 2 / 3)));
  let removed = 0;
  for (let s = 1; s <= most; s++) {
    for (const pixels of bySize[s]) for (const i of pixels) data[i] = 255;
    removed += bySize[s].length;
  }
  return removed;
}

/** A dark band at least this many times as wide as it is high (a header row, not a logo). */
const BAND_MIN_ASPECT = 6;
/** At least this share of a band's box is dark: the text on it is light, the band itself solid. */
const BAND_MIN_FILL = 0.55;

/**
 * Light text on dark bands (a table header printed white on a black or coloured band) turned dark
 * on light: the recogniser reads dark ink on paper, and misses or garbles a header it cannot see,
 * and the columns are then found without their names. A band is a group of touching dark pixels
 * (below mid-grey) whose box is between 0.8 and 5 text lines high, at least six times as wide as
 * high and mostly dark; its box's grey levels are inverted. Returns how many bands were turned.
 */
export function invertBands(g: Grey, line: number): number {
  if (line <= 0) return 0;
  const { width: w, height: h, data } = g;
  const boxes: [number, number, number, number][] = [];
  components(w, h, (i) => data[i] < 128, (pixels) => {
    // Too few pixels to fill a box one line high and six lines wide: letters, rules, specks.
    if (pixels.length < line * line * BAND_MIN_ASPECT * 0.8 * BAND_MIN_FILL) return;
    const { x0, y0, x1, y1, w: bw, h: bh } = boxOf(pixels, w);
    if (bh < line * 0.8 || bh > line * 5 || bw < bh * BAND_MIN_ASPECT) return;
    if (pixels.length < bw * bh * BAND_MIN_FILL) return;
    // With the blurred rim just outside the dark pixels.
    boxes.push([Math.max(0, x0 - 2), Math.max(0, y0 - 2), Math.min(w - 1, x1 + 2), Math.min(h - 1, y1 + 2)]);
  });
  for (const [x0, y0, x1, y1] of boxes) {
    // The band's grey becomes paper and its text's grey ink: a mid-grey band inverted would stay
    // mid-grey, which the recogniser's own threshold can take for ink.
    const dark: number[] = [];
    const light: number[] = [];
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) (data[y * w + x] < 128 ? dark : light).push(data[y * w + x]);
    }
    const at = (a: number[], share: number, fallback: number) =>
      a.length ? a.sort((p, q) => p - q)[Math.floor((a.length - 1) * share)] : fallback;
    const band = at(dark, 0.5, 0);
    const text = Math.max(band + 1, at(light, 0.9, 255));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        // The band's blurred rim would be a frame of ink once inverted.
        const rim = y - y0 < 4 || y1 - y < 4 || x - x0 < 4 || x1 - x < 4;
        const v = (data[y * w + x] - band) / (text - band);
        data[y * w + x] = rim ? 255 : Math.round(255 * (1 - Math.max(0, Math.min(1, v))));
      }
    }
  }
  return boxes.length;
}

/**
 * A phone photo of a page made flat: the page is the largest bright region of the photo, darker
 * desk around it; its four corners (the region's extreme points along the two diagonals) are
 * mapped onto an upright rectangle by a homography, so text lines run straight and columns line up
 * again however the phone was held. A scan or a rendered page, whose paper reaches the image's
 * edges all round, is left as it is.
 */
import { components, type Grey, sample } from "./raster.ts";

type Point = [number, number];

/** The photo is looked at this many pixels along its longer side to find the page. */
const SMALL = 400;
/** Paper must leave at least this share of the image's rim to the desk before it is a photo. */
const MIN_DESK_RIM = 0.3;
/** The page must cover at least this share of the photo. */
const MIN_PAGE_AREA = 0.25;
/** Corners this close (share of the side) to the image's own are not worth a warp. */
const MIN_CORNER_SHIFT = 0.02;

export interface Flattened {
  grey: Grey;
  /** The page's corners in the input (top left, top right, bottom right, bottom left), when warped. */
  corners?: Point[];
}

/** Otsu's threshold of a histogram of `n` values. */
function otsu(hist: Float64Array, n: number): number {
  let sum = 0;
  for (let i = 0; i < 256; i++) sum += i * hist[i];
  let sumB = 0;
  let wB = 0;
  let best = 0;
  let at = 128;
  for (let t = 0; t < 256; t++) {
    wB += hist[t];
    if (!wB) continue;
    const wF = n - wB;
    if (!wF) break;
    sumB += t * hist[t];
    const mB = sumB / wB;
    const mF = (sum - sumB) / wF;
    const between = wB * wF * (mB - mF) ** 2;
    if (between > best) {
      best = between;
      at = t;
    }
  }
  return at;
}

/** The page's four corners in `g`'s pixels, or undefined when the image is not a photo of a page. */
export function pageCorners(g: Grey): Point[] | undefined {
  const k = Math.max(1, Math.max(g.width, g.height) / SMALL);
  const w = Math.floor(g.width / k);
  const h = Math.floor(g.height / k);
  if (w < 20 || h < 20) return undefined;
  // Box-averaged small image: text disappears into the paper's grey.
  const small = new Uint8Array(w * h);
  const hist = new Float64Array(256);
  for (let y = 0; y < h; y++) {
    const ya = Math.floor(y * k);
    const yb = Math.max(ya + 1, Math.floor((y + 1) * k));
    for (let x = 0; x < w; x++) {
      const xa = Math.floor(x * k);
      const xb = Math.max(xa + 1, Math.floor((x + 1) * k));
      let s = 0;
      for (let yy = ya; yy < yb; yy++) for (let xx = xa; xx < xb; xx++) s += g.data[yy * g.width + xx];
      const v = Math.round(s / ((yb - ya) * (xb - xa)));
      small[y * w + x] = v;
      hist[v]++;
    }
  }
  const t = otsu(hist, w * h);
  const bright = (i: number) => small[i] > t;
  // The rim: how much of the image's edge is desk.
  let rim = 0;
  let desk = 0;
  for (let x = 0; x < w; x++) {
    for (const y of [0, h - 1]) {
      rim++;
      if (!bright(y * w + x)) desk++;
    }
  }
  for (let y = 1; y < h - 1; y++) {
    for (const x of [0, w - 1]) {
      rim++;
      if (!bright(y * w + x)) desk++;
    }
  }
  if (desk < rim * MIN_DESK_RIM) return undefined;
  // The largest bright region.
  let page: number[] = [];
  components(w, h, bright, (pixels) => {
    if (pixels.length > page.length) page = pixels;
  });
  if (page.length < w * h * MIN_PAGE_AREA) return undefined;
  // Extreme points along the diagonals: the corners of a page turned by a few degrees.
  let tl: Point = [0, 0], tr: Point = [0, 0], br: Point = [0, 0], bl: Point = [0, 0];
  let sMin = Infinity, sMax = -Infinity, dMin = Infinity, dMax = -Infinity;
  for (const i of page) {
    const x = i % w;
    const y = (i - x) / w;
    const s = x + y;
    const d = x - y;
    if (s < sMin) [sMin, tl] = [s, [x, y]];
    if (s > sMax) [sMax, br] = [s, [x + 1, y + 1]];
    if (d > dMax) [dMax, tr] = [d, [x + 1, y]];
    if (d < dMin) [dMin, bl] = [d, [x, y + 1]];
  }
  const corners = [tl, tr, br, bl].map(([x, y]) => [x * k, y * k] as Point);
  const own: Point[] = [[0, 0], [g.width, 0], [g.width, g.height], [0, g.height]];
  const shift = Math.max(...corners.map((c, i) => Math.hypot(c[0] - own[i][0], c[1] - own[i][1])));
  if (shift < MIN_CORNER_SHIFT * Math.min(g.width, g.height)) return undefined;
  // Upright and square: a dark band or margin cut off, not a page seen at an angle.
  const near = (a: number, b: number) => Math.abs(a - b) < 0.01 * Math.max(g.width, g.height);
  const [a, b, c, d] = corners;
  if (near(a[0], d[0]) && near(b[0], c[0]) && near(a[1], b[1]) && near(c[1], d[1])) return undefined;
  // A convex quadrilateral, its corners in order round the page.
  for (let i = 0; i < 4; i++) {
    const [a, b, c] = [corners[i], corners[(i + 1) % 4], corners[(i + 2) % 4]];
    if ((b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]) <= 0) return undefined;
  }
  return corners;
}

/** The homography taking (u, v) of the w × h rectangle to the quadrilateral `to` (TL, TR, BR, BL). */
export function homography(w: number, h: number, to: Point[]): number[] {
  const from: Point[] = [[0, 0], [w, 0], [w, h], [0, h]];
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const [u, v] = from[i];
    const [x, y] = to[i];
    a.push([u, v, 1, 0, 0, 0, -u * x, -v * x, x]);
    a.push([0, 0, 0, u, v, 1, -u * y, -v * y, y]);
  }
  // Gaussian elimination with partial pivoting on the 8 × 9 augmented matrix.
  for (let c = 0; c < 8; c++) {
    let p = c;
    for (let r = c + 1; r < 8; r++) if (Math.abs(a[r][c]) > Math.abs(a[p][c])) p = r;
    [a[c], a[p]] = [a[p], a[c]];
    for (let r = 0; r < 8; r++) {
      if (r === c) continue;
      const f = a[r][c] / a[c][c];
      for (let j = c; j < 9; j++) a[r][j] -= f * a[c][j];
    }
  }
  return a.map((row, i) => row[8] / row[i]);
}

/** The page of a phone photo warped flat onto its own rectangle; other images unchanged. */
export function flattenPage(g: Grey): Flattened {
  const corners = pageCorners(g);
  if (!corners) return { grey: g };
  const [tl, tr, br, bl] = corners;
  const dist = (p: Point, q: Point) => Math.hypot(p[0] - q[0], p[1] - q[1]);
  const W = Math.round(Math.max(dist(tl, tr), dist(bl, br)));
  const H = Math.round(Math.max(dist(tl, bl), dist(tr, br)));
  const m = homography(W, H, corners);
  const out = new Uint8Array(W * H);
  for (let v = 0; v < H; v++) {
    for (let u = 0; u < W; u++) {
      const z = m[6] * u + m[7] * v + 1;
      out[v * W + u] = sample(g, (m[0] * u + m[1] * v + m[2]) / z, (m[3] * u + m[4] * v + m[5]) / z);
    }
  }
  return { grey: { width: W, height: H, data: out }, corners };
}

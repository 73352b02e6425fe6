/**
 * Grey pixel rasters for the fixes the recogniser cannot make itself: turning a page a quarter or
 * half turn, and upscaling a low-resolution scan. Pixels come from the recogniser's own decoded
 * image (a PNG it writes, decoded here with the platform's inflate) and go back to it as PGM.
 */

import { greyWithoutMarks } from "./colour.ts";

export interface Grey {
  width: number;
  height: number;
  /** One byte per pixel, rows top to bottom. */
  data: Uint8Array;
}

async function inflate(data: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([data.slice()]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

const paeth = (a: number, b: number, c: number) => {
  const p = a + b - c;
  const pa = Math.abs(p - a);
  const pb = Math.abs(p - b);
  const pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
};

/**
 * A non-interlaced PNG (grey, grey+alpha, RGB or RGBA; 8 bits, or 1-bit grey) as grey pixels;
 * colour pages without their stamps (src/ocr/colour.ts).
 */
export async function decodePng(png: Uint8Array): Promise<Grey> {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let pos = 8;
  let width = 0;
  let height = 0;
  let depth = 8;
  let colour = 0;
  const idat: Uint8Array[] = [];
  while (pos + 8 <= png.length) {
    const len = view.getUint32(pos);
    const type = String.fromCharCode(...png.subarray(pos + 4, pos + 8));
    const body = png.subarray(pos + 8, pos + 8 + len);
    if (type === "IHDR") {
      width = view.getUint32(pos + 8);
      height = view.getUint32(pos + 12);
      depth = body[8];
      colour = body[9];
      if (body[12] !== 0) throw new Error("interlaced PNG");
    } else if (type === "IDAT") idat.push(body);
    else if (type === "IEND") break;
    pos += 12 + len;
  }
  const channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colour];
  if (!channels || (depth !== 8 && !(depth === 1 && colour === 0))) throw new Error("unsupported PNG");
  const all = new Uint8Array(idat.reduce((n, c) => n + c.length, 0));
  let o = 0;
  for (const c of idat) {
    all.set(c, o);
    o += c.length;
  }
  const raw = await inflate(all);
  const bpp = depth === 8 ? channels : 1;
  const stride = depth === 8 ? width * channels : Math.ceil(width / 8);
  // Colour pixels are kept until the page is whole: stamps are told from text by their shape.
  const rgb = channels >= 3 ? new Uint8Array(width * height * 3) : undefined;
  const out = rgb ? undefined : new Uint8Array(width * height);
  let prev = new Uint8Array(stride);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = raw.slice(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= bpp ? line[i - bpp] : 0;
      const b = prev[i];
      const c = i >= bpp ? prev[i - bpp] : 0;
      line[i] = (line[i] +
        (filter === 1 ? a : filter === 2 ? b : filter === 3 ? (a + b) >> 1 : filter === 4 ? paeth(a, b, c) : 0)) &
        255;
    }
    for (let x = 0; x < width; x++) {
      if (depth === 1) out![y * width + x] = (line[x >> 3] >> (7 - (x & 7))) & 1 ? 255 : 0;
      else if (channels <= 2) out![y * width + x] = line[x * channels];
      else {
        const i = x * channels;
        const o = (y * width + x) * 3;
        rgb![o] = line[i];
        rgb![o + 1] = line[i + 1];
        rgb![o + 2] = line[i + 2];
      }
    }
    prev = line;
  }
  return rgb ? greyWithoutMarks(width, height, rgb).grey : { width, height, data: out! };
}

/** The raster turned clockwise by `quarters` quarter turns (1, 2 or 3). */
export function rotate(g: Grey, quarters: number): Grey {
  const q = ((quarters % 4) + 4) % 4;
  if (q === 0) return g;
  const { width: w, height: h, data } = g;
  const W = q === 2 ? w : h;
  const H = q === 2 ? h : w;
  const out = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const v = data[y * w + x];
      if (q === 1) out[x * W + (h - 1 - y)] = v;
      else if (q === 2) out[(h - 1 - y) * W + (w - 1 - x)] = v;
      else out[(w - 1 - x) * W + y] = v;
    }
  }
  return { width: W, height: H, data: out };
}

/** Bilinear upscaling by `factor` (a 100 dpi scan reads much better at 200–300 dpi). */
export function upscale(g: Grey, factor: number): Grey {
  const W = Math.round(g.width * factor);
  const H = Math.round(g.height * factor);
  const out = new Uint8Array(W * H);
  for (let y = 0; y < H; y++) {
    const sy = Math.min(g.height - 1, (y + 0.5) / factor - 0.5);
    const y0 = Math.max(0, Math.floor(sy));
    const y1 = Math.min(g.height - 1, y0 + 1);
    const fy = Math.max(0, sy - y0);
    for (let x = 0; x < W; x++) {
      const sx = Math.min(g.width - 1, (x + 0.5) / factor - 0.5);
      const x0 = Math.max(0, Math.floor(sx));
      const x1 = Math.min(g.width - 1, x0 + 1);
      const fx = Math.max(0, sx - x0);
      const top = g.data[y0 * g.width + x0] * (1 - fx) + g.data[y0 * g.width + x1] * fx;
      const bottom = g.data[y1 * g.width + x0] * (1 - fx) + g.data[y1 * g.width + x1] * fx;
      out[y * W + x] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { width: W, height: H, data: out };
}

export function greyToPgm(g: Grey): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${g.width} ${g.height}\n255\n`);
  const out = new Uint8Array(header.length + g.data.length);
  out.set(header);
  out.set(g.data, header.length);
  return out;
}

/** A grey PGM (P5, 8 bits), as written by images.toPgm for pages taken out of PDFs. */
function decodePgm(b: Uint8Array): Grey | undefined {
  const head = new TextDecoder().decode(b.subarray(0, 64)).match(/^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/);
  if (!head || head[3] !== "255") return undefined;
  const width = Number(head[1]);
  const height = Number(head[2]);
  const start = head[0].length;
  if (b.length < start + width * height) return undefined;
  return { width, height, data: b.slice(start, start + width * height) };
}

/**
 * Grey pixels of the formats decoded here (PGM, and PNG in the colour types decodePng knows);
 * undefined for the others (JPEG, TIFF, BMP, palette PNG), which the recogniser decodes.
 */
export async function decodeOwn(b: Uint8Array): Promise<Grey | undefined> {
  if (b[0] === 0x50 && b[1] === 0x35) return decodePgm(b);
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) {
    try {
      const g = await decodePng(b);
      return g.width && g.height && g.data.length === g.width * g.height ? g : undefined;
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * Each group of touching pixels (8-connected) for which `on` holds, as the list of its indices
 * (y * width + x): the ink components of a page, the marks of a colour mask.
 */
export function components(
  width: number,
  height: number,
  on: (i: number) => boolean,
  visit: (pixels: number[]) => void,
) {
  const seen = new Uint8Array(width * height);
  const stack: number[] = [];
  for (let start = 0; start < width * height; start++) {
    if (seen[start] || !on(start)) continue;
    const pixels: number[] = [];
    seen[start] = 1;
    stack.push(start);
    while (stack.length) {
      const c = stack.pop()!;
      pixels.push(c);
      const x = c % width;
      const y = (c - x) / width;
      for (let ny = Math.max(0, y - 1); ny <= Math.min(height - 1, y + 1); ny++) {
        for (let nx = Math.max(0, x - 1); nx <= Math.min(width - 1, x + 1); nx++) {
          const k = ny * width + nx;
          if (!seen[k] && on(k)) {
            seen[k] = 1;
            stack.push(k);
          }
        }
      }
    }
    visit(pixels);
  }
}

/** The box of a component's pixels (indices y * width + x): inclusive corners, width and height. */
export function boxOf(pixels: number[], width: number) {
  let x0 = Infinity, y0 = Infinity, x1 = -1, y1 = -1;
  for (const i of pixels) {
    const x = i % width;
    const y = (i - x) / width;
    if (x < x0) x0 = x;
    if (x > x1) x1 = x;
    if (y < y0) y0 = y;
    if (y > y1) y1 = y;
  }
  return { x0, y0, x1, y1, w: x1 - x0 + 1, h: y1 - y0 + 1 };
}

/** The grey at (x, y), bilinear between the four pixels around it; white (paper) outside the raster. */
export function sample(g: Grey, x: number, y: number): number {
  const x0 = Math.floor(x);
  const y0 = Math.floor(y);
  if (x0 < 0 || y0 < 0 || x0 >= g.width - 1 || y0 >= g.height - 1) return 255;
  const fx = x - x0;
  const fy = y - y0;
  const i = y0 * g.width + x0;
  const d = g.data;
  const top = d[i] + (d[i + 1] - d[i]) * fx;
  const bottom = d[i + g.width] + (d[i + g.width + 1] - d[i + g.width]) * fx;
  return Math.round(top + (bottom - top) * fy);
}

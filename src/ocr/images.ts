/**
 * Image facts without decoding: width and height from PNG, JPEG, TIFF and BMP headers (so a
 * decompression bomb is refused before anyone allocates its pixels), and a minimal grey PGM
 * writer for raw pixels taken out of image-only PDFs (the recogniser reads BMP natively).
 */
import type { FileKind } from "../files/detect.ts";

export interface Size {
  width: number;
  height: number;
}

const u16be = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const u32be = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
const u16le = (b: Uint8Array, i: number) => b[i] | (b[i + 1] << 8);
const u32le = (b: Uint8Array, i: number) => (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + ((b[i + 3] << 24) >>> 0);

function jpegSize(b: Uint8Array): Size | undefined {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) {
      i++;
      continue;
    }
    const marker = b[i + 1];
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      i += 2;
      continue;
    }
    const len = u16be(b, i + 2);
    // SOF0..SOF15 except DHT (c4), JPG (c8), DAC (cc)
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    }
    i += 2 + len;
  }
  return undefined;
}

function tiffSize(b: Uint8Array): Size | undefined {
  const le = b[0] === 0x49;
  const u16 = (i: number) => (le ? u16le(b, i) : u16be(b, i));
  const u32 = (i: number) => (le ? u32le(b, i) : u32be(b, i));
  const ifd = u32(4);
  if (ifd + 2 > b.length) return undefined;
  const n = u16(ifd);
  let width: number | undefined;
  let height: number | undefined;
  for (let k = 0; k < n; k++) {
    const e = ifd + 2 + k * 12;
    if (e + 12 > b.length) break;
    const tag = u16(e);
    const type = u16(e + 2);
    const value = type === 3 ? u16(e + 8) : u32(e + 8);
    if (tag === 256) width = value;
    if (tag === 257) height = value;
  }
  return width && height ? { width, height } : undefined;
}

/** Width and height of an image file, from its header; undefined when the header is unreadable. */
export function imageSize(bytes: Uint8Array, kind: FileKind): Size | undefined {
  try {
    if (kind === "png" && bytes.length >= 24) return { width: u32be(bytes, 16), height: u32be(bytes, 20) };
    if (kind === "jpeg") return jpegSize(bytes);
    if (kind === "tiff") return tiffSize(bytes);
    if (kind === "bmp" && bytes.length >= 26) {
      return { width: Math.abs(u32le(bytes, 18) | 0), height: Math.abs(u32le(bytes, 22) | 0) };
    }
  } catch {
    return undefined;
  }
  return undefined;
}

/** Raw pixels (1 = grey 1 bit/pixel packed, 3 = RGB, 4 = RGBA per pixel) as an 8-bit grey PGM file. */
export function toPgm(
  width: number,
  height: number,
  data: Uint8Array | Uint8ClampedArray,
  channels: 1 | 3 | 4,
): Uint8Array {
  const header = new TextEncoder().encode(`P5\n${width} ${height}\n255\n`);
  const out = new Uint8Array(header.length + width * height);
  out.set(header);
  let o = header.length;
  const bitRow = Math.ceil(width / 8);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (channels === 1) out[o++] = (data[y * bitRow + (x >> 3)] >> (7 - (x & 7))) & 1 ? 255 : 0;
      else {
        const i = (y * width + x) * channels;
        out[o++] = (data[i] * 77 + data[i + 1] * 150 + data[i + 2] * 29) >> 8;
      }
    }
  }
  return out;
}

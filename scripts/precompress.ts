/**
 * Brotli and gzip copies of the built SPA's text assets (web/dist/assets/*.js|css|svg|json|...),
 * written next to each file at build time (a Vite plugin in vite.config.ts calls this), so the
 * server sends compressed bytes without compressing on every request (src/lib/static.ts serves
 * them with `precompressed`). Node API only: Vite runs under Node.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map|wasm)$/;
/** Below this, compression saves less than a packet. */
const MIN_BYTES = 1024;

export function precompressDir(dir: string): { files: number; bytes: number; brotliBytes: number } {
  let files = 0, bytes = 0, brotliBytes = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) {
      const sub = precompressDir(path);
      files += sub.files, bytes += sub.bytes, brotliBytes += sub.brotliBytes;
      continue;
    }
    if (!COMPRESSIBLE.test(name)) continue;
    const data = readFileSync(path);
    if (data.length < MIN_BYTES) continue;
    const br = brotliCompressSync(data, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
    });
    writeFileSync(`${path}.br`, br);
    writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
    files += 1, bytes += data.length, brotliBytes += br.length;
  }
  return { files, bytes, brotliBytes };
}

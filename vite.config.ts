import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
import tailwindcss from "@tailwindcss/vite";
import { precompressDir } from "./scripts/precompress.ts";
import { firstScreen } from "./scripts/first-screen-plugin.ts";
import { chunkGroups } from "./scripts/chunk-groups.ts";

const api = "http://localhost:8000";
const outDir = fileURLToPath(new URL("./web/dist", import.meta.url));

/** Brotli and gzip copies of the assets, served by src/lib/static.ts without compressing per request. */
const precompress = () => {
  let assets = "";
  return {
    name: "precompress",
    apply: "build" as const,
    configResolved(config: { build: { outDir: string; assetsDir: string } }) {
      assets = `${config.build.outDir}/${config.build.assetsDir}`;
    },
    closeBundle() {
      const r = precompressDir(assets);
      console.log(`precompressed ${r.files} assets: ${r.bytes} bytes -> ${r.brotliBytes} bytes (brotli)`);
    },
  };
};
const proxy = { "/api": api, "/healthz": api, "/readyz": api };

export default defineConfig({
  root: fileURLToPath(new URL("./web", import.meta.url)),
  plugins: [react(), tailwindcss(), firstScreen(), precompress()],
  build: {
    outDir,
    emptyOutDir: true,
    // Hashed file names under assets/ so the server can cache them forever.
    assetsDir: "assets",
    rolldownOptions: {
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
        codeSplitting: { groups: chunkGroups(fileURLToPath(new URL(".", import.meta.url)).replace(/\/$/, "")) },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});

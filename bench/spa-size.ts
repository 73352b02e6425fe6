/**
 * Budget (design.md section 6): the sign-in route loads at most 150 KB of gzipped JavaScript.
 * Reads the built web/dist/index.html, follows the entry script and its modulepreload links (what
 * /login loads before any lazy chunk), gzips each file and adds them up.
 *
 * Run: node node_modules/vite/bin/vite.js build && node_modules/deno/deno run -A bench/spa-size.ts [--dist dir]
 * Also prints the largest lazy chunks (the charting library's among them), which no route loads up front.
 */
import { gzipSync } from "node:zlib";

// `--dist <dir>`: another build (e.g. one made before a change with `vite build --outDir <dir>`).
const distArg = Deno.args.indexOf("--dist");
const DIST = distArg >= 0
  ? new URL(`file://${Deno.realPathSync(Deno.args[distArg + 1])}/`)
  : new URL("../web/dist/", import.meta.url);
const BUDGET = 150 * 1024;

const html = await Deno.readTextFile(new URL("index.html", DIST));
const scripts = new Set<string>();
for (const m of html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g)) scripts.add(m[1]);
for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="\/([^"]+\.js)"/g)) scripts.add(m[1]);

// Static imports of the entry chunks are loaded too (Vite lists them as modulepreload, but be sure).
const queue = [...scripts];
while (queue.length) {
  const file = queue.pop()!;
  const code = await Deno.readTextFile(new URL(file, DIST));
  for (const m of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w{},*\s]+from\s*)?["']\.\/([^"']+\.js)["']/g)) {
    const dep = `assets/${m[1]}`;
    if (!scripts.has(dep)) {
      scripts.add(dep);
      queue.push(dep);
    }
  }
}

let total = 0;
console.log("| file | bytes | gzipped |");
console.log("| --- | --- | --- |");
for (const file of [...scripts].sort()) {
  const bytes = await Deno.readFile(new URL(file, DIST));
  const gz = gzipSync(bytes, { level: 9 }).byteLength;
  total += gz;
  console.log(`| ${file} | ${bytes.byteLength} | ${gz} |`);
}
const lazy: [string, number][] = [];
for await (const entry of Deno.readDir(new URL("assets/", DIST))) {
  const file = `assets/${entry.name}`;
  if (!entry.name.endsWith(".js") || scripts.has(file)) continue;
  lazy.push([file, gzipSync(await Deno.readFile(new URL(file, DIST)), { level: 9 }).byteLength]);
}
console.log("\n| largest lazy chunks | gzipped |\n| --- | --- |");
for (const [file, gz] of lazy.sort((a, b) => b[1] - a[1]).slice(0, 5)) console.log(`| ${file} | ${gz} |`);
console.log(
  `\nSign-in route JavaScript, gzipped: ${(total / 1024).toFixed(1)} KB (budget ${BUDGET / 1024} KB): ${
    total <= BUDGET ? "within budget" : "OVER BUDGET"
  }`,
);
if (total > BUDGET) Deno.exit(1);

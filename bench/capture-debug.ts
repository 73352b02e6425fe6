/**
 * The captures of development-half documents kept by `bench/ocr.ts --html N --half dev --captures
 * --html-out DIR`, read one by one in this process, each item missed printed beside what was read:
 *   node_modules/.bin/deno run -A bench/capture-debug.ts DIR [phone.jpg|fax.tiff|...] [--match family]
 */
import { readDocument } from "../src/ocr/document.ts";
import { Recogniser } from "../src/ocr/recognise.ts";

const [dir, kind = ""] = Deno.args.filter((a) => !a.startsWith("--"));
const i = Deno.args.indexOf("--match");
const match = new RegExp(i >= 0 ? Deno.args[i + 1] : "");
const recogniser = new Recogniser();
let exact = 0;
let total = 0;
for (const e of [...Deno.readDirSync(dir)].map((e) => e.name).sort()) {
  const m = e.match(/^(.+-\d+)-(.+)$/);
  if (!m || !m[2].endsWith(kind) || m[2].endsWith(".json") || !match.test(m[1])) continue;
  const truth: { name: string; quantity: number; unitPrice: number; total: number }[] = JSON.parse(
    Deno.readTextFileSync(`${dir}/${m[1]}.json`),
  );
  const t0 = performance.now();
  const r = await readDocument(
    Deno.readFileSync(`${dir}/${e}`),
    { maxPages: 2, maxMegapixels: 40 },
    recogniser,
    () => {},
  );
  const secs = (performance.now() - t0) / 1000;
  const got = r.items.map((x) =>
    `${x.name} | ${Number(x.quantity)} | ${Number(x.unitPrice)} | ${Number(x.totalPrice)}`
  );
  const want = truth.map((x) => `${x.name} | ${x.quantity} | ${x.unitPrice / 100} | ${x.total / 100}`);
  const hit = want.filter((w) => got.includes(w)).length;
  exact += hit;
  total += want.length;
  console.log(`# ${e}: ${hit}/${want.length} in ${secs.toFixed(1)} s`);
  for (const w of want.filter((w) => !got.includes(w))) console.log(`  - ${w}`);
  for (const g of got.filter((g) => !want.includes(g))) console.log(`  + ${g}`);
}
console.log(`${exact}/${total}`);
await recogniser.close();

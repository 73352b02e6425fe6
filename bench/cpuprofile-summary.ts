/**
 * Sums a V8 .cpuprofile (deno run --cpu-prof) per file and per function: self time, and inclusive
 * time (a function counted once per sample however deep it recurses). Idle and GC are shown as such.
 *
 *   node_modules/.bin/deno run -A bench/cpuprofile-summary.ts /tmp/prof/CPU.*.cpuprofile [--top 40]
 */
interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = Deno.args.find((a) => !a.startsWith("--"));
if (!file) throw new Error("usage: cpuprofile-summary.ts <file.cpuprofile> [--top N]");
const t = Deno.args.indexOf("--top");
const TOP = t >= 0 ? Number(Deno.args[t + 1]) : 40;
const ROOT = new URL("../", import.meta.url).href;

const profile: Profile = JSON.parse(Deno.readTextFileSync(file));
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);

const self = new Map<number, number>();
profile.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
let total = 0;
for (const v of self.values()) total += v;

const where = (f: CallFrame) => (f.url || "(native)").replace(ROOT, "").replace(/node_modules\/(\.deno\/)?/, "nm/");
const label = (f: CallFrame) => `${f.functionName || "(anonymous)"}  ${where(f)}:${f.lineNumber + 1}`;
const fileOf = (f: CallFrame) => where(f).replace(/^(nm\/(@[^/]+\/)?[^/]+).*$/, "$1");

const byFile = new Map<string, number>();
const byFunction = new Map<string, number>();
const inclusive = new Map<string, number>();
const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);
for (const [id, us] of self) {
  const frame = nodes.get(id)!.callFrame;
  add(byFile, fileOf(frame), us);
  add(byFunction, label(frame), us);
  const seen = new Set<string>();
  for (let x: number | undefined = id; x !== undefined; x = parent.get(x)) {
    const k = label(nodes.get(x)!.callFrame);
    if (!seen.has(k)) {
      seen.add(k);
      add(inclusive, k, us);
    }
  }
}

const print = (title: string, m: Map<string, number>, n: number) => {
  console.log(`\n## ${title} (of ${(total / 1000).toFixed(0)} ms sampled)`);
  for (const [k, us] of [...m].sort((a, b) => b[1] - a[1]).slice(0, n)) {
    console.log(`${((100 * us) / total).toFixed(1).padStart(5)}%  ${k}`);
  }
};
print("self time by file", byFile, 25);
print("self time by function", byFunction, TOP);
print("inclusive time by function", inclusive, TOP);

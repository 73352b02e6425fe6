/**
 * Memory figures measured in a process of their own. `deno test` runs every test module of a pass in
 * one process, so a process-wide figure such as peak RSS also moves with whatever the modules before
 * have left running (worker pools, caches, a heap the allocator has not given back): a CI run once
 * saw 132 MB of "growth" for a backup that grows by 9 to 12 MB on its own. The measuring module
 * (bench/backup-memory.ts, bench/report-export-memory.ts: the benchmarks and the memory tests share
 * it) is therefore run as a plain `deno run` child with `MEASURE_CHILD=1`; it does the measuring and
 * prints its result as JSON on its last line, and the parent test or benchmark reads that.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { findPostgresBin, startCluster } from "./pg-cluster.ts";

export const isMeasureChild = Deno.env.get("MEASURE_CHILD") === "1";

export async function measureInChild<T>(module: string | URL, env: Record<string, string> = {}): Promise<T> {
  const path = module instanceof URL ? module.pathname : new URL(module).pathname;
  const out = await new Deno.Command(Deno.execPath(), {
    // The parent test has type-checked the module already.
    args: ["run", "-A", "--no-check", path],
    env: { ...env, MEASURE_CHILD: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const stdout = new TextDecoder().decode(out.stdout).trim();
  const stderr = new TextDecoder().decode(out.stderr).trim();
  if (!out.success) throw new Error(`the measuring process failed (exit ${out.code}):\n${stderr}\n${stdout}`);
  const lines = stdout.split("\n");
  const last = lines.pop() ?? "";
  // What the child logged on the way (figures for the test log).
  if (lines.length) console.log(lines.join("\n"));
  try {
    return JSON.parse(last) as T;
  } catch {
    throw new Error(`the measuring process printed no result:\n${stdout}\n${stderr}`);
  }
}

export interface MemoryGrowth {
  /** Chunks of the body read. */
  chunks: number;
  /** Peak RSS during the read, less RSS at its start, in MB (sampled at every chunk). */
  rssMb: number;
  /** Peak of what is still reachable (V8 heap used + external memory, sampled after each forced collection), less its start, in MB. */
  liveMb: number;
}

/** Bytes read after which memoryProbe collects whatever the chunk count says. */
const GC_BYTES = 4 * 2 ** 20;

/**
 * Samples the process's memory while a body is made and read: create it before the request, call
 * chunk(bytes) after each chunk (while the chunk is still held), growth() at the end. V8 collects garbage lazily (in a test process it let
 * 300 MB of dead strings pile up before a full collection), so a full collection runs every
 * `gcEvery` chunks, and after any chunks adding up to GC_BYTES (a body sent in a few huge chunks is
 * a body that was buffered): the samples then show what the code holds (a leak, or the body
 * buffered, would still grow them), not how far V8 let garbage go. RSS also sees memory outside V8
 * (PGlite's WASM heap, the allocator's), but only against a start that already holds whatever the
 * allocator kept from earlier work (storing files before a backup, say); the live figure is exact
 * for what JavaScript holds, at the collections.
 */
export function memoryProbe(gcEvery = 10) {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  const live = () => {
    const m = Deno.memoryUsage();
    return m.heapUsed + m.external;
  };
  gc();
  const rss0 = Deno.memoryUsage().rss, live0 = live();
  let rss = rss0, peakLive = live0, chunks = 0, sinceGc = 0;
  return {
    chunk(bytes: number) {
      sinceGc += bytes;
      if (++chunks % gcEvery === 0 || sinceGc >= GC_BYTES) {
        gc();
        sinceGc = 0;
        peakLive = Math.max(peakLive, live());
      }
      rss = Math.max(rss, Deno.memoryUsage().rss);
    },
    growth(): MemoryGrowth {
      return { chunks, rssMb: (rss - rss0) / 2 ** 20, liveMb: (peakLive - live0) / 2 ** 20 };
    },
  };
}

/**
 * The memory tests' verdict on two runs, the second with four times the data: what JavaScript holds
 * after a collection may not grow by `liveSlopeMb` (exact: the assertion that matters), peak RSS not
 * by `rssSlopeMb` (loose: allocator noise), and neither run may grow RSS by `limitMb`. `what` names
 * a run's size for the messages ("3 files", "15000 rows"); `holds` says what a failure means.
 */
export function assertFlatGrowth(
  small: { growth: MemoryGrowth },
  large: { growth: MemoryGrowth },
  o: { liveSlopeMb: number; rssSlopeMb: number; limitMb: number; what: [string, string]; holds: string },
) {
  const mb = (n: number) => n.toFixed(1);
  const live = large.growth.liveMb - small.growth.liveMb;
  const rss = large.growth.rssMb - small.growth.rssMb;
  const more = `more with ${o.what[1]} than with ${o.what[0]}`;
  if (live >= o.liveSlopeMb) {
    throw new Error(`live memory grew ${mb(live)} MB ${more} (limit ${o.liveSlopeMb} MB): ${o.holds}`);
  }
  if (rss >= o.rssSlopeMb) throw new Error(`peak RSS grew ${mb(rss)} MB ${more} (limit ${o.rssSlopeMb} MB)`);
  for (const [i, r] of [small, large].entries()) {
    if (r.growth.rssMb >= o.limitMb) throw new Error(`${o.what[i]}: peak RSS grew by ${mb(r.growth.rssMb)} MB`);
  }
}

/**
 * What a memory benchmark (bench/backup-memory.ts, bench/report-export-memory.ts) prints before its
 * table, and the PostgreSQL server it measures on: `given` (--database-url), else a throwaway
 * cluster when `needed`; exits with a message when neither can be had.
 */
export async function startMemoryBenchmark(
  title: string,
  opts: { given?: string; needed: boolean },
): Promise<{ url: string; stop(): Promise<void>; load(): string }> {
  const bin = opts.given || !opts.needed ? undefined : await findPostgresBin();
  if (opts.needed && !opts.given && !bin) {
    console.error("PostgreSQL server binaries not found (apt-get install postgresql)");
    Deno.exit(1);
  }
  const cluster = bin ? await startCluster(bin) : { url: opts.given ?? "", stop: async () => {} };
  const commit = new TextDecoder().decode(
    (await new Deno.Command("git", { args: ["rev-parse", "--short", "HEAD"], stdout: "piped" }).output()).stdout,
  ).trim();
  console.log(`${title}, commit ${commit}, ${new Date().toISOString()}, Deno ${Deno.version.deno}\n`);
  return { ...cluster, load: () => Deno.loadavg().map((l) => l.toFixed(1)).join(" ") };
}

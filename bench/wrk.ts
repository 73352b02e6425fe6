/**
 * The benchmarks' one way to run wrk (the native load generator): installing it when
 * missing, placing it and the servers on cores of their own, rotating over paths with a Lua
 * script, and reading its report. CPU per request comes from bench/proc-cpu.ts.
 *
 * Pinning: on two cores or more, servers are started on core 0 (`onCore(0, ...)`) and wrk runs on
 * core 1. Unpinned, the server's runtime threads (V8's GC and compiler threads, Deno's I/O) and wrk
 * take each other's core by turns: on this 2-core VM single windows of the same build read 46% or
 * 99% of bare Hono (docs/benchmarks.md, session 8). `BENCH_PIN=off` turns it off; without taskset
 * nothing is pinned.
 */
import { cpuTicks } from "./proc-cpu.ts";

export const PIN = Deno.env.get("BENCH_PIN") !== "off" && navigator.hardwareConcurrency >= 2 &&
  (await new Deno.Command("sh", { args: ["-c", "command -v taskset"] }).output()).success;

/** The command and arguments that run `cmd` on one core when pinning (taskset execs: same pid). */
export function onCore(core: number, cmd: string, args: string[]): [string, string[]] {
  return PIN ? ["taskset", ["-c", String(core), cmd, ...args]] : [cmd, args];
}

/** Installs wrk with apt when it is missing (as root, or through sudo). */
export async function ensureWrk() {
  const ok = await new Deno.Command("sh", { args: ["-c", "command -v wrk"] }).output();
  if (ok.success) return;
  console.error("installing wrk (apt-get)...");
  const sudo = Deno.uid() === 0 ? [] : ["sudo"];
  for (const args of [["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "wrk"]]) {
    const [cmd, ...rest] = [...sudo, ...args];
    const r = await new Deno.Command(cmd, { args: rest, env: { DEBIAN_FRONTEND: "noninteractive" } }).output();
    if (!r.success) throw new Error(`${args.join(" ")} failed`);
  }
}

/** A Lua script (temporary file) that sends the given paths in turn; remove it when done. */
export async function rotatingScript(paths: string[]): Promise<string> {
  const script = await Deno.makeTempFile({ suffix: ".lua" });
  await Deno.writeTextFile(
    script,
    `local paths = {${paths.map((p) => JSON.stringify(p)).join(",")}}\nlocal i = 0\n` +
      "request = function()\n  i = i % #paths + 1\n  return wrk.format(nil, paths[i])\nend\n",
  );
  return script;
}

export interface WrkOptions {
  url: string;
  seconds: number;
  connections: number;
  headers?: Record<string, string>;
  /** A Lua script (e.g. rotatingScript). */
  script?: string;
  /** The serving process whose CPU time is counted. */
  pid?: number;
}

export interface WrkResult {
  requests: number;
  rps: number;
  /** CPU time (user + system) the serving process spent per answered request, in µs (0 without pid). */
  cpuUs: number;
  p50: string;
  p99: string;
  non2xx: number;
  socketErrors: string;
}

/** One wrk run (one thread, on core 1 when pinning), with its latency distribution. */
export async function wrk({ url, seconds, connections, headers = {}, script, pid }: WrkOptions): Promise<WrkResult> {
  const args = ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency"];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}: ${v}`);
  if (script) args.push("-s", script);
  const [cmd, cmdArgs] = onCore(1, "wrk", [...args, url]);
  const ticks = pid ? cpuTicks(pid) : 0;
  const out = new TextDecoder().decode((await new Deno.Command(cmd, { args: cmdArgs }).output()).stdout);
  const used = pid ? cpuTicks(pid) - ticks : 0;
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  return {
    requests,
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0),
    cpuUs: requests ? (used * 10_000) / requests : 0,
    // The latency distribution's lines ("     50%    1.10ms"), not the "+/- Stdev" column.
    p50: /^\s+50%\s+(\S+)/m.exec(out)?.[1] ?? "-",
    p99: /^\s+99%\s+(\S+)/m.exec(out)?.[1] ?? "-",
    non2xx: Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(out)?.[1] ?? 0),
    socketErrors: /Socket errors:.*/.exec(out)?.[0] ?? "",
  };
}

/** The q-quantile by linear interpolation between the closest ranks. */
export function quantile(xs: number[], q: number): number {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return lo + 1 < s.length ? s[lo] + (s[lo + 1] - s[lo]) * (at - lo) : s[lo];
}

export const median = (xs: number[]) => quantile(xs, 0.5);

export interface BackendWrkResult extends WrkResult {
  /** CPU µs per request of the app's PostgreSQL backends (0 when they cannot be read). */
  backendUs: number;
}

/**
 * wrk after a 2-second warm-up at the same concurrency (the app's pool opens its connections then,
 * so each PostgreSQL backend is listed before the measured run: one opened during it would not be
 * counted), with the CPU of the serving process and of its backends per request. `warmUp: false`
 * for a caller that warmed every server up once before its rounds.
 */
export async function wrkWithBackends(
  opts: WrkOptions,
  listBackends: () => Promise<Map<number, number>>,
  { warmUp = true }: { warmUp?: boolean } = {},
): Promise<BackendWrkResult> {
  if (warmUp) await wrk({ ...opts, seconds: 2, pid: undefined });
  const backends = await listBackends();
  const result = await wrk(opts);
  let used = 0;
  for (const [pid, before] of backends) {
    try {
      used += cpuTicks(pid) - before;
    } catch {
      // the backend ended during the run
    }
  }
  return { ...result, backendUs: result.requests ? (used * 10_000) / result.requests : 0 };
}

/** Waits until a server answers 2xx at `url` (two minutes at most). */
export async function waitFor(url: string) {
  for (let i = 0; i < 1200; i++) {
    try {
      const r = await fetch(url);
      await r.body?.cancel();
      if (r.ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`${url} did not come up`);
}

/** The 1, 5 and 15 minute load averages, for the heading of a table measured on a shared machine. */
export const loadAverage = () => Deno.readTextFileSync("/proc/loadavg").split(" ").slice(0, 3).join(" ");

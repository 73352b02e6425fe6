/**
 * The child processes of a test run (tests/run.ts): `deno test` passes and gate commands, killed on
 * Ctrl-C / SIGTERM, with clean-up steps (a PostgreSQL cluster, the end-to-end server) run in
 * reverse order on the way out whatever happened.
 */
export const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");
const SETUP = "tests/helpers/setup.ts";
// Generous: a pass that hangs (a deadlock, a browser that never answers) is stopped well inside CI's limit.
const PASS_TIMEOUT_MS = Number(Deno.env.get("TEST_PASS_TIMEOUT_MS") ?? 30 * 60_000);

const cleanups: (() => Promise<void>)[] = [];
const children = new Set<Deno.ChildProcess>();
export const state = { interrupted: false };

/** Run `fn` on the way out (after the passes, on an error, or on the first Ctrl-C); newest first. */
export function onCleanup(fn: () => Promise<void>): () => Promise<void> {
  cleanups.push(fn);
  return async () => {
    const i = cleanups.indexOf(fn);
    if (i >= 0) cleanups.splice(i, 1);
    await fn();
  };
}

function killChildren() {
  for (const child of children) {
    try {
      child.kill("SIGTERM");
    } catch {
      // already gone
    }
  }
}

let cleaning: Promise<void> | undefined;
export function cleanup(): Promise<void> {
  return cleaning ??= (async () => {
    killChildren();
    while (cleanups.length) await cleanups.pop()!().catch((e) => console.log(String(e)));
  })();
}

// First signal: stop the running child; the main flow then skips the remaining passes, cleans up and
// exits. A second signal: clean up and exit now.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    if (state.interrupted) {
      cleanup().finally(() => Deno.exit(130));
      return;
    }
    state.interrupted = true;
    console.log(`\nInterrupted (${signal}): stopping...`);
    killChildren();
  });
}

// deno-lint-ignore no-control-regex
export const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

async function pump(
  stream: ReadableStream<Uint8Array>,
  sink: { writeSync(p: Uint8Array): number } | null,
  into: string[],
) {
  const decoder = new TextDecoder();
  for await (const chunk of stream) {
    if (sink) {
      let written = 0;
      while (written < chunk.length) written += sink.writeSync(chunk.subarray(written));
    }
    into.push(decoder.decode(chunk, { stream: true }));
  }
}

/** Run a command with the output streamed (or captured when quiet); returns its exit status and text. */
export async function run(
  cmd: string,
  args: string[],
  opts: { env?: Record<string, string>; quiet?: boolean; timeoutMs?: number } = {},
): Promise<{ success: boolean; code: number; text: string }> {
  const child = new Deno.Command(cmd, {
    args,
    cwd: ROOT,
    env: opts.env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  children.add(child);
  const out: string[] = [];
  const timeoutMs = opts.timeoutMs ?? PASS_TIMEOUT_MS;
  const timer = setTimeout(() => {
    console.log(`\n${cmd} ${args[0] ?? ""} ran longer than ${timeoutMs / 1000} s: stopping it.`);
    child.kill("SIGKILL");
  }, timeoutMs);
  const sink = opts.quiet ? null : Deno.stdout;
  const [status] = await Promise.all([child.status, pump(child.stdout, sink, out), pump(child.stderr, sink, out)]);
  clearTimeout(timer);
  children.delete(child);
  return { success: status.success, code: status.code, text: strip(out.join("")) };
}

export interface Counts {
  passed: number;
  failed: number;
  ignored: number;
  filtered: number;
  note?: string;
}

/**
 * `deno test` over files, never type-checked here (the gate's one type check is `deno task ok`),
 * every module preloaded with tests/helpers/setup.ts. `junit` names a report file for the timings.
 */
export async function denoTest(
  files: string[],
  env: Record<string, string>,
  extra: string[] = [],
  opts: { quiet?: boolean; junit?: string } = {},
): Promise<Counts> {
  if (!files.length) return { passed: 0, failed: 0, ignored: 0, filtered: 0 };
  const junit = opts.junit ? [`--junit-path=${opts.junit}`] : [];
  const { success, code, text } = await run(
    Deno.execPath(),
    ["test", "-A", "--no-check", "--preload", SETUP, ...junit, ...extra, ...files],
    { env, quiet: opts.quiet },
  );
  const summary = text.split("\n").reverse().find((l) => /^(ok|FAILED) \| \d+ passed/.test(l.trim()));
  const num = (re: RegExp) => Number(summary?.match(re)?.[1] ?? 0);
  const counts = {
    passed: num(/(\d+) passed/),
    failed: num(/(\d+) failed/),
    ignored: num(/(\d+) ignored/),
    filtered: num(/(\d+) filtered out/),
  };
  if (!summary || (!success && counts.failed === 0)) {
    // A crash, a module that does not load or a timeout: nothing was counted, but the pass failed.
    if (opts.quiet) console.log(text.trim().split("\n").slice(-30).join("\n"));
    return { ...counts, failed: Math.max(counts.failed, 1), note: `deno test exited with code ${code}` };
  }
  return counts;
}

/**
 * The whole test suite: `deno task test` (what `npm test` runs). Three passes of `deno test`:
 *
 * 1. PGlite: every `src/**\/*.test.ts`, `web/src/**\/*.test.ts` and `tests/api/**\/*.test.ts`, with
 *    TEST_DB=pglite (an in-memory database per test file, see tests/helpers/db.ts).
 * 2. PostgreSQL: the same files again, but only those that use the test database, i.e. whose local
 *    imports (followed transitively) reach tests/helpers/db.ts. Pure unit tests run once. Uses
 *    TEST_DATABASE_URL when set; otherwise starts a throwaway cluster (tests/helpers/pg-cluster.ts)
 *    when the server binaries exist, and always stops it and removes its directory.
 * 3. Chromium: `tests/e2e/**\/*.test.ts` against the real server, when a Chromium is found
 *    (CHROMIUM_PATH or /usr/bin/chromium). The SPA is built first when web/dist is stale.
 *
 * A missing PostgreSQL or Chromium is one "SKIPPED: ..." line; with CI=true it is a failure.
 * Every test module gets tests/helpers/setup.ts preloaded: a console.error in a test fails it.
 * The last line of output is `N passed, N failed` (plus `, N skipped`); CI reads it.
 * A whole-suite run (no file arguments, no --filter) also prints the line coverage of src/ from the
 * PGlite and PostgreSQL passes and fails below the floor in tests/coverage-floor.json (tests/coverage.ts).
 *
 * Options: `--only=pglite,postgres,chromium` picks passes; `*.test.ts` paths restrict the files;
 * any other argument goes to `deno test` (e.g. `--filter "[app/"`). Test files run one after the
 * other; TEST_JOBS=N runs N at a time (`deno test --parallel`), which is safe for files that only
 * use their own test database, but timing-sensitive tests may then flake.
 */
import { coverageArgs, reportCoverage, resetCoverage } from "./coverage.ts";
import { chromiumPath, ensureSpaBuilt } from "./e2e/helpers.ts";
import { type Cluster, findPostgresBin, startCluster } from "./helpers/pg-cluster.ts";

const ROOT = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
const SETUP = "tests/helpers/setup.ts";
const DB_HELPER = `${ROOT}/tests/helpers/db.ts`;
const IS_CI = ["true", "1"].includes(Deno.env.get("CI") ?? "");
// Generous: the Chromium pass walks every screen of every role in two themes (axe) on two cores, and
// the API passes hold the 1,000,000-row export and 500 MB backup memory tests.
const PASS_TIMEOUT_MS = Number(Deno.env.get("TEST_PASS_TIMEOUT_MS") ?? 90 * 60_000);

type PassName = "pglite" | "postgres" | "chromium";
const LABEL: Record<PassName, string> = { pglite: "PGlite", postgres: "PostgreSQL", chromium: "Chromium" };

interface Result {
  name: PassName;
  passed: number;
  failed: number;
  ignored: number;
  /** Set when the pass did not run: the reason. */
  skipped?: string;
  /** Tests that a skipped pass would have run. */
  skippedTests?: number;
  note?: string;
}

const isTest = (p: string) => /\.test\.tsx?$/.test(p);
const args = [...Deno.args];
const onlyArg = args.findIndex((a) => a.startsWith("--only="));
const only = onlyArg >= 0 ? new Set(args.splice(onlyArg, 1)[0].slice(7).split(",")) : undefined;
const fileArgs = args.filter((a) => isTest(a)).map((a) => a.replace(/^\.\//, ""));
const denoTestArgs = args.filter((a) => !isTest(a));
const jobs = Number(Deno.env.get("TEST_JOBS") ?? 1);
if (jobs > 1) denoTestArgs.push("--parallel");
const wanted = (name: PassName) => !only || only.has(name);
const filtered = denoTestArgs.some((a) => a.startsWith("--filter"));
const measureCoverage = !fileArgs.length && !filtered && wanted("pglite") && Deno.env.get("COVERAGE") !== "0";
const passArgs = () => [...denoTestArgs, ...(measureCoverage ? coverageArgs() : [])];

// ---------------------------------------------------------------------------------------------
// Cleanup on exit and on Ctrl-C / SIGTERM

const cleanups: (() => Promise<void>)[] = [];
const children = new Set<Deno.ChildProcess>();
let interrupted = false;

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
function cleanup(): Promise<void> {
  return cleaning ??= (async () => {
    killChildren();
    while (cleanups.length) await cleanups.pop()!().catch((e) => console.error(String(e)));
  })();
}

// First signal: stop the running tests; the main flow then skips the remaining passes, cleans up
// and exits. A second signal: clean up and exit now.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  Deno.addSignalListener(signal, () => {
    if (interrupted) {
      cleanup().finally(() => Deno.exit(130));
      return;
    }
    interrupted = true;
    console.log(`\nInterrupted (${signal}): stopping...`);
    killChildren();
  });
}

// ---------------------------------------------------------------------------------------------
// Files

async function walk(dir: string, match: (path: string) => boolean, out: string[] = []): Promise<string[]> {
  let entries: Deno.DirEntry[] = [];
  try {
    entries = await Array.fromAsync(Deno.readDir(`${ROOT}/${dir}`));
  } catch (e) {
    if (e instanceof Deno.errors.NotFound) return out;
    throw e;
  }
  for (const e of entries) {
    if (e.name === "node_modules" || e.name === "dist" || e.name.startsWith(".")) continue;
    const path = `${dir}/${e.name}`;
    if (e.isDirectory) await walk(path, match, out);
    else if (e.isFile && match(path) && (!fileArgs.length || fileArgs.includes(path))) out.push(path);
  }
  return out.sort();
}

/** Whether `file` reaches tests/helpers/db.ts through relative imports (static or dynamic). */
async function usesTestDb(file: string, seen = new Set<string>()): Promise<boolean> {
  const path = file.startsWith("/") ? file : `${ROOT}/${file}`;
  if (path === DB_HELPER) return true;
  if (seen.has(path)) return false;
  seen.add(path);
  let text: string;
  try {
    text = await Deno.readTextFile(path);
  } catch {
    return false;
  }
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)].map((m) => m[1]);
  for (const spec of specifiers) {
    const next = new URL(spec, `file://${path}`).pathname;
    if (/\.[cm]?[jt]sx?$/.test(next) && await usesTestDb(next, seen)) return true;
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Running deno test

// deno-lint-ignore no-control-regex
const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

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

/** Run `deno test` over files and return its counts; quiet captures output instead of streaming it. */
async function denoTest(
  files: string[],
  env: Record<string, string>,
  extra: string[] = [],
  quiet = false,
): Promise<{ passed: number; failed: number; ignored: number; filtered: number; note?: string }> {
  if (!files.length) return { passed: 0, failed: 0, ignored: 0, filtered: 0 };
  const child = new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", "--preload", SETUP, ...extra, ...files],
    cwd: ROOT,
    env,
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  children.add(child);
  const out: string[] = [];
  const timer = setTimeout(() => {
    console.log(`\nA test pass ran longer than ${PASS_TIMEOUT_MS / 1000} s: stopping it.`);
    child.kill("SIGKILL");
  }, PASS_TIMEOUT_MS);
  const [status] = await Promise.all([
    child.status,
    pump(child.stdout, quiet ? null : Deno.stdout, out),
    pump(child.stderr, quiet ? null : Deno.stderr, out),
  ]);
  clearTimeout(timer);
  children.delete(child);
  const text = strip(out.join(""));
  for (const m of text.matchAll(/^running (\d+) tests? from \.\/(\S+)/gm)) testsPerFile.set(m[2], Number(m[1]));
  const summary = text.split("\n").reverse().find((l) => /^(ok|FAILED) \| \d+ passed/.test(l.trim()));
  const num = (re: RegExp) => Number(summary?.match(re)?.[1] ?? 0);
  const counts = {
    passed: num(/(\d+) passed/),
    failed: num(/(\d+) failed/),
    ignored: num(/(\d+) ignored/),
    filtered: num(/(\d+) filtered out/),
  };
  if (!summary || (!status.success && counts.failed === 0)) {
    // Type errors, a crash or a timeout: nothing was counted, but the pass failed.
    if (quiet) console.log(text.trim().split("\n").slice(-30).join("\n"));
    return { ...counts, failed: Math.max(counts.failed, 1), note: `deno test exited with code ${status.code}` };
  }
  return counts;
}

/** Tests per file as the last deno test run of that file announced them ("running N tests from ./x"). */
const testsPerFile = new Map<string, number>();

/** How many tests a pass would have run (for the skipped count), without running them. */
async function countTests(files: string[], env: Record<string, string>): Promise<number> {
  if (!files.length) return 0;
  const r = await denoTest(files, env, ["--no-check", "--filter", "/^\\b$/"], true).catch(() => undefined);
  return r && !r.note ? r.filtered : 0;
}

function baseEnv(): Record<string, string> {
  const env = Deno.env.toObject();
  delete env.TEST_DATABASE_URL;
  return { ...env, TEST_DB: "pglite", ...(jobs > 1 ? { DENO_JOBS: String(jobs) } : {}) };
}

function banner(text: string) {
  console.log(`\n${"=".repeat(20)} ${text} ${"=".repeat(Math.max(0, 60 - text.length))}`);
}

// ---------------------------------------------------------------------------------------------
// The passes

async function pglitePass(files: string[]): Promise<Result> {
  banner(`PGlite: ${files.length} test files`);
  return { name: "pglite", ...await denoTest(files, baseEnv(), passArgs()) };
}

async function postgresPass(dbFiles: string[]): Promise<Result> {
  let url = Deno.env.get("TEST_DATABASE_URL");
  let cluster: Cluster | undefined;
  if (!url) {
    const bin = await findPostgresBin();
    if (!bin) {
      return {
        name: "postgres",
        passed: 0,
        failed: 0,
        ignored: 0,
        skipped: "no server binaries found",
        // As many as these files ran on PGlite (their modules open a database as they load, so a dry
        // count would need one).
        skippedTests: dbFiles.reduce((n, f) => n + (testsPerFile.get(f) ?? 0), 0),
      };
    }
    banner(`PostgreSQL: starting a throwaway cluster (${bin})`);
    try {
      cluster = await startCluster(bin);
    } catch (e) {
      console.log((e as Error).message);
      return { name: "postgres", passed: 0, failed: 1, ignored: 0, note: "the throwaway cluster did not start" };
    }
    cleanups.push(cluster.stop);
    url = cluster.url;
    console.log(`${cluster.version} at ${url}`);
  }
  try {
    if (interrupted) return { name: "postgres", passed: 0, failed: 0, ignored: 0 };
    banner(`PostgreSQL: ${dbFiles.length} test files`);
    return { name: "postgres", ...await denoTest(dbFiles, { ...baseEnv(), TEST_DATABASE_URL: url }, passArgs()) };
  } finally {
    if (cluster) {
      await cluster.stop();
      cleanups.splice(cleanups.indexOf(cluster.stop), 1);
    }
  }
}

async function chromiumPass(files: string[]): Promise<Result> {
  const chromium = chromiumPath();
  if (!chromium) {
    return {
      name: "chromium",
      passed: 0,
      failed: 0,
      ignored: 0,
      skipped: "no Chromium found; set CHROMIUM_PATH or install chromium",
      skippedTests: await countTests(files, baseEnv()),
    };
  }
  banner(`Chromium: ${files.length} test files (${chromium})`);
  try {
    await ensureSpaBuilt();
  } catch (e) {
    console.log((e as Error).message);
    return { name: "chromium", passed: 0, failed: 1, ignored: 0, note: "the SPA did not build" };
  }
  return { name: "chromium", ...await denoTest(files, { ...baseEnv(), CHROMIUM_PATH: chromium }, denoTestArgs) };
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const started = Date.now();
  const unitFiles = [
    ...await walk("src", isTest),
    ...await walk("web/src", isTest),
    ...await walk("tests/api", isTest),
  ];
  const e2eFiles = await walk("tests/e2e", isTest);
  const dbFiles: string[] = [];
  for (const f of unitFiles) if (await usesTestDb(f)) dbFiles.push(f);
  const results: Result[] = [];
  if (measureCoverage) await resetCoverage();
  // A pass with no files is left out (deno test without files would run everything it finds).
  if (wanted("pglite") && unitFiles.length) results.push(await pglitePass(unitFiles));
  if (wanted("postgres") && dbFiles.length && !interrupted) results.push(await postgresPass(dbFiles));
  if (wanted("chromium") && e2eFiles.length && !interrupted) results.push(await chromiumPass(e2eFiles));
  if (!results.length) console.log("No test files matched.");

  // Interrupted: the signal handler cleans up and exits; counts of killed runs would mislead.
  if (interrupted) return 130;
  let passed = 0, failed = 0, skipped = 0;
  const parts: string[] = [];
  console.log("");
  for (const r of results) {
    if (r.skipped) {
      const missing = IS_CI ? "FAILED" : "SKIPPED";
      console.log(`${missing}: ${LABEL[r.name]} tests (${r.skipped})${IS_CI ? " - required when CI=true" : ""}`);
      parts.push(`${LABEL[r.name]}: skipped`);
      if (IS_CI) failed += 1;
      skipped += r.skippedTests ?? 0;
      continue;
    }
    passed += r.passed;
    failed += r.failed;
    skipped += r.ignored;
    const extra = r.ignored ? `, ${r.ignored} ignored` : "";
    parts.push(`${LABEL[r.name]}: ${r.passed} passed, ${r.failed} failed${extra}${r.note ? ` (${r.note})` : ""}`);
  }
  if (measureCoverage && results.some((r) => r.name === "pglite")) {
    const coverage = await reportCoverage();
    if (coverage.problem) {
      console.log(`FAILED: ${coverage.problem}`);
      parts.push("coverage: below the floor");
      failed += 1;
    }
  }
  console.log(`${parts.join(" | ")}   [${Math.round((Date.now() - started) / 1000)} s]`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} finally {
  await cleanup();
}
Deno.exit(interrupted ? 130 : code);

/**
 * The whole test suite and gate: `deno task test` (what `npm test` runs). Each behaviour is tested
 * once, on the database production runs (docs/decisions/018-one-gate.md):
 *
 * 1. ok: `deno fmt --check`, `deno lint`, `deno check` (the one type check; the passes run with
 *    --no-check).
 * 2. PostgreSQL: every `*.test.ts` under `src/`, `web/src/`, `tests/api/`, `tests/runner/`, `tests/fixtures/`
 *    and `bench/` (the benchmark data's own test)
 *    against a throwaway cluster (tests/helpers/pg-cluster.ts; TEST_DATABASE_URL to use another
 *    server), a template database cloned per test file, TEST_JOBS files at a time (default 2).
 * 3. production: the production install (tests/production-install.ts): `npm ci --omit=dev` into a
 *    temp folder, every server module imported, the server started with NODE_ENV=production; it runs
 *    beside the PGlite and Chromium passes.
 * 4. PGlite: the embedded default's smoke set (PGLITE_SET below), each file loading the pre-migrated
 *    image (tests/helpers/pglite-image.ts).
 * 5. Chromium: `tests/e2e/**\/*.test.ts` against ONE server (PGlite, demo seed: what `npm start`
 *    runs) and ONE Chromium, started here (tests/e2e/shared.ts); each file its own browser contexts,
 *    TEST_JOBS files at a time, then the few that change what every file sees (E2E_EXCLUSIVE) alone.
 *
 * A missing PostgreSQL or Chromium is one "SKIPPED: ..." line (without PostgreSQL the unit and API
 * tests run on PGlite instead); with CI=true it is a failure. The output ends with the time of each
 * phase, the slowest ten test files and `N passed, N failed[, N skipped]`, which CI reads.
 * A whole-suite run also checks the line coverage of src/ against tests/coverage-floor.json.
 *
 * Options: `--quick` runs the unit and API tests on PostgreSQL only (the inner loop);
 * `--screenshots` has the end-to-end files photograph their screens into test-results/;
 * `--only=ok,postgres,production,pglite,chromium` picks phases; `*.test.ts` paths restrict the
 * files (a selected file runs on PGlite only if it is in the smoke set, or with --only=pglite);
 * any other argument goes to `deno test` (e.g. `--filter "[app/"`).
 */
import { coverageArgs, reportCoverage, resetCoverage } from "./coverage.ts";
import { chromiumPath, ensureSpaBuilt } from "./e2e/helpers.ts";
import { type Cluster, findPostgresBin, startCluster } from "./helpers/pg-cluster.ts";
import { pgliteImage } from "./helpers/pglite-image.ts";
import { cleanup, type Counts, denoTest, onCleanup, ROOT, run, state } from "./runner/processes.ts";
import { failureReport, phase, recordJunit, timingReport } from "./runner/timing.ts";

/**
 * What the embedded database must show on its own (the rest of its behaviour is the same SQL as on
 * PostgreSQL, and the end-to-end pass drives every screen against a PGlite server). Files that
 * open a PGlite themselves (src/db/pglite.test.ts: its upkeep; src/db/seed.test.ts: migrations from
 * empty and the demo seed; src/lib/db-error-mapping.test.ts) run in the PostgreSQL pass as they are.
 */
export const PGLITE_SET = [
  "tests/api/migrate.test.ts", // migrations from empty, checksums, a failing one rolled back
  "tests/api/db.test.ts", // the driver: value shapes, transactions, locks
  "tests/api/schema.test.ts", // constraints and triggers of the schema
  "tests/api/app.test.ts", // start-up: health, readiness, a lost database
  "tests/api/system-settings.test.ts", // its metrics of the embedded database
  "tests/api/backup-restore.test.ts", // a backup of the embedded database restored into another
  "tests/api/openapi-fuzz.test.ts", // malformed requests from the OpenAPI document: no 5xx (a quarter of them)
  "tests/api/list-cache.test.ts", // change notifications through PGlite's listen
  "tests/api/purchase-orders.test.ts", // one journey: request, award, order, receipt
  "tests/api/sealed-bids.test.ts", // sealed from the database: keyed bidder tags, unseal writes vendors back
  "tests/api/notifications.test.ts", // every notification event: who is told, who must not be
  "tests/api/notifications-live.test.ts", // the live stream through PGlite's listen: replay, then new rows
];

/**
 * End-to-end files that change settings every other file depends on, for a moment: they run after
 * the others, one at a time, instead of beside them.
 */
export const E2E_EXCLUSIVE = [
  "tests/e2e/dates.test.ts", // the organisation's time zone (UTC+14 for a while: "today" moves)
  "tests/e2e/email-templates.test.ts", // the email provider and where the server's emails go
];

const IS_CI = ["true", "1"].includes(Deno.env.get("CI") ?? "");
type PassName = "ok" | "postgres" | "production" | "pglite" | "chromium";
const PASSES: PassName[] = ["ok", "postgres", "production", "pglite", "chromium"];

interface Result extends Partial<Counts> {
  label: string;
  /** Set when the pass did not run: the reason. */
  skipped?: string;
}

const isTest = (p: string) => /\.test\.tsx?$/.test(p);
const args = [...Deno.args];
const take = (flag: string) => {
  const i = args.indexOf(flag);
  return i >= 0 ? (args.splice(i, 1), true) : false;
};
const quick = take("--quick");
/** Screenshots of the end-to-end screens into test-results/ (tests/e2e/helpers.ts: SCREENSHOTS). */
const screenshots = take("--screenshots");
const onlyArg = args.findIndex((a) => a.startsWith("--only="));
const only = onlyArg >= 0 ? new Set(args.splice(onlyArg, 1)[0].slice(7).split(",")) : undefined;
for (const name of only ?? []) {
  if (!PASSES.includes(name as PassName)) throw new Error(`--only: unknown phase ${name} (${PASSES.join(", ")})`);
}
const fileArgs = args.filter(isTest).map((a) => a.replace(/^\.\//, ""));
const denoTestArgs = args.filter((a) => !isTest(a));
const filtered = denoTestArgs.some((a) => a.startsWith("--filter"));
const selection = !!fileArgs.length || filtered;
const wanted = (name: PassName) => {
  if (only) return only.has(name);
  if (quick) return name === "postgres";
  // Running some files: their tests only, not the gate's checks and install.
  if (selection) return name === "postgres" || name === "pglite" || name === "chromium";
  return true;
};
const jobs = Number(Deno.env.get("TEST_JOBS") ?? 2);
const measureCoverage = !selection && !quick && !only && Deno.env.get("COVERAGE") !== "0";
const RESULTS = `${ROOT}/test-results`;

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

function baseEnv(): Record<string, string> {
  const env = Deno.env.toObject();
  delete env.TEST_DATABASE_URL;
  return { ...env, TEST_DB: "pglite", ...parallelEnv() };
}

function banner(text: string) {
  console.log(`\n${"=".repeat(20)} ${text} ${"=".repeat(Math.max(0, 60 - text.length))}`);
}

/** The passes' arguments: `jobs` files at a time (DENO_JOBS in parallelEnv), coverage where measured. */
function testArgs(coverage = measureCoverage): string[] {
  return [
    ...denoTestArgs,
    ...(jobs > 1 ? ["--parallel"] : []),
    ...(coverage ? coverageArgs() : []),
  ];
}

/** `deno test --parallel` runs as many files at once as DENO_JOBS says (the core count without it). */
const parallelEnv = () => ({ DENO_JOBS: String(jobs) });

async function junitPath(pass: string): Promise<string> {
  await Deno.mkdir(RESULTS, { recursive: true });
  return `${RESULTS}/junit-${pass}.xml`;
}

async function testPass(
  pass: string,
  label: string,
  files: string[],
  env: Record<string, string>,
  extra: string[],
): Promise<Result> {
  const junit = await junitPath(pass);
  await Deno.remove(junit).catch(() => {});
  const counts = await denoTest(files, env, extra, { junit });
  await recordJunit(junit, pass);
  return { label, ...counts };
}

// ---------------------------------------------------------------------------------------------
// The phases

async function okPass(): Promise<Result> {
  banner("ok: deno task ok (fmt, lint, type check)");
  const r = await run(Deno.execPath(), ["task", "ok"], { quiet: true });
  if (!r.success) {
    console.log(r.text.trim().split("\n").slice(-60).join("\n"));
    return { label: "ok", passed: 0, failed: 1, note: "deno task ok failed" };
  }
  console.log("fmt, lint and type check passed");
  return { label: "ok", passed: 0, failed: 0 };
}

/** The PostgreSQL server for the tests: TEST_DATABASE_URL, a throwaway cluster, or none. */
async function postgresServer(): Promise<{ url?: string; why?: string; stop?: () => Promise<void> }> {
  const given = Deno.env.get("TEST_DATABASE_URL");
  if (given) return { url: given };
  const bin = await findPostgresBin();
  if (!bin) return { why: "no PostgreSQL server binaries found" };
  let cluster: Cluster;
  try {
    cluster = await startCluster(bin);
  } catch (e) {
    console.log((e as Error).message);
    return { why: "the throwaway cluster did not start" };
  }
  console.log(`PostgreSQL: ${cluster.version} at ${cluster.url}`);
  return { url: cluster.url, stop: onCleanup(cluster.stop) };
}

async function mainPass(files: string[], url: string | undefined, why: string | undefined): Promise<Result> {
  if (url) {
    banner(`PostgreSQL: ${files.length} test files, ${jobs} at a time`);
    return await testPass("postgres", "PostgreSQL", files, { ...baseEnv(), TEST_DATABASE_URL: url }, testArgs());
  }
  // A developer without the server binaries still runs every test, on the embedded database.
  banner(`PGlite instead of PostgreSQL (${why}): ${files.length} test files`);
  await pgliteImage();
  const r = await testPass("postgres", "PGlite (no PostgreSQL)", files, baseEnv(), testArgs());
  return IS_CI ? { ...r, skipped: `${why}; PostgreSQL is required when CI=true` } : r;
}

async function productionPass(url: string | undefined, why: string | undefined): Promise<Result> {
  if (!url) return { label: "production install", skipped: why };
  const { checkProductionInstall } = await import("./production-install.ts");
  const lines: string[] = [];
  let result: Result;
  try {
    await checkProductionInstall({ databaseUrl: url, log: (s: string) => lines.push(s) });
    result = { label: "production install", passed: 1, failed: 0 };
  } catch (e) {
    lines.push(`FAILED: ${(e as Error).message}`);
    result = { label: "production install", passed: 0, failed: 1 };
  }
  banner("production install: npm ci --omit=dev, NODE_ENV=production");
  console.log(lines.join("\n"));
  return result;
}

async function pglitePass(files: string[]): Promise<Result> {
  banner(`PGlite: ${files.length} test files (the embedded database's smoke set)`);
  const image = await pgliteImage();
  console.log(`pre-migrated image ${image.built ? "built" : "reused"}: ${image.path.replace(`${ROOT}/`, "")}`);
  return await testPass("pglite", "PGlite", files, baseEnv(), testArgs());
}

/** Build web/dist when stale; false (with Vite's output printed) when the build fails. */
async function buildSpa(): Promise<boolean> {
  try {
    await ensureSpaBuilt();
    return true;
  } catch (e) {
    console.log((e as Error).message);
    return false;
  }
}

async function chromiumPass(files: string[], spaBuilt: boolean): Promise<Result> {
  const chromium = chromiumPath();
  if (!chromium) return { label: "Chromium", skipped: "no Chromium found; set CHROMIUM_PATH or install chromium" };
  banner(`Chromium: ${files.length} test files (${chromium})`);
  if (!spaBuilt) return { label: "Chromium", passed: 0, failed: 1, note: "the SPA did not build" };
  const { startE2eEnvironment } = await import("./e2e/shared.ts");
  const shared = await startE2eEnvironment();
  const stop = onCleanup(shared.stop);
  try {
    const env = {
      ...baseEnv(),
      CHROMIUM_PATH: chromium,
      E2E_SCREENSHOTS: screenshots ? "1" : "0",
      ...shared.env,
    };
    const alone = files.filter((f) => E2E_EXCLUSIVE.includes(f));
    const beside = await testPass(
      "chromium",
      "Chromium",
      files.filter((f) => !alone.includes(f)),
      env,
      testArgs(false),
    );
    if (!alone.length || state.interrupted) return beside;
    const after = await testPass("chromium-alone", "Chromium", alone, env, denoTestArgs);
    return {
      label: "Chromium",
      passed: (beside.passed ?? 0) + (after.passed ?? 0),
      failed: (beside.failed ?? 0) + (after.failed ?? 0),
      ignored: (beside.ignored ?? 0) + (after.ignored ?? 0),
      note: [beside.note, after.note].filter(Boolean).join("; ") || undefined,
    };
  } finally {
    await stop();
  }
}

// ---------------------------------------------------------------------------------------------

async function main(): Promise<number> {
  const unitFiles = [
    ...await walk("src", isTest),
    ...await walk("web/src", isTest),
    ...await walk("tests/api", isTest),
    ...await walk("tests/runner", isTest),
    ...await walk("tests/fixtures", isTest),
    ...await walk("bench", isTest),
  ];
  const pgliteFiles = only?.has("pglite") && fileArgs.length
    ? unitFiles.filter((f) => f.startsWith("tests/api/"))
    : PGLITE_SET.filter((f) => unitFiles.includes(f));
  const e2eFiles = await walk("tests/e2e", isTest);
  const results: Result[] = [];
  if (measureCoverage) await resetCoverage();

  const go = (name: PassName) => wanted(name) && !state.interrupted;
  if (go("ok")) results.push(await phase("ok (fmt, lint, check)", okPass));
  let server: Awaited<ReturnType<typeof postgresServer>> = {};
  if ((go("postgres") && unitFiles.length) || go("production")) {
    server = await phase("PostgreSQL start", postgresServer);
  }
  if (go("postgres") && unitFiles.length) {
    results.push(await phase("unit + API on PostgreSQL", () => mainPass(unitFiles, server.url, server.why)));
  }
  // The production install is mostly npm unpacking files: it runs beside the PGlite and Chromium
  // passes (which leave a core idle a third of the time) instead of after them; its lines come
  // together at the end.
  // The SPA is built before the production install starts: it copies web/dist, which a build
  // running beside it (the Chromium pass's, or its own when web/dist is missing) would be rewriting.
  const spaBuilt = go("production") || (go("chromium") && e2eFiles.length) ? await phase("SPA build", buildSpa) : true;
  const production = go("production")
    ? phase("production install (beside the passes below)", () => productionPass(server.url, server.why))
    : undefined;
  if (go("pglite") && pgliteFiles.length) results.push(await phase("PGlite smoke set", () => pglitePass(pgliteFiles)));
  if (go("chromium") && e2eFiles.length) {
    results.push(await phase("Chromium end-to-end", () => chromiumPass(e2eFiles, spaBuilt)));
  }
  if (production) results.push(await production);
  await server.stop?.();
  if (!results.length) console.log("No test files matched.");

  // Interrupted: the signal handler cleans up and exits; counts of killed runs would mislead.
  if (state.interrupted) return 130;
  let passed = 0, failed = 0, skipped = 0;
  const parts: string[] = [];
  console.log("");
  for (const r of results) {
    if (r.skipped) {
      console.log(
        `${IS_CI ? "FAILED" : "SKIPPED"}: ${r.label} (${r.skipped})${IS_CI ? " - required when CI=true" : ""}`,
      );
      if (IS_CI) failed += 1;
    }
    if (r.passed === undefined) {
      parts.push(`${r.label}: skipped`);
      continue;
    }
    passed += r.passed;
    failed += r.failed ?? 0;
    skipped += r.ignored ?? 0;
    const extra = r.ignored ? `, ${r.ignored} ignored` : "";
    parts.push(`${r.label}: ${r.passed} passed, ${r.failed} failed${extra}${r.note ? ` (${r.note})` : ""}`);
  }
  if (measureCoverage) {
    const coverage = await reportCoverage();
    if (coverage.problem) {
      console.log(`FAILED: ${coverage.problem}`);
      parts.push("coverage: below the floor");
      failed += 1;
    }
  }
  console.log(parts.join(" | "));
  console.log(timingReport());
  const failedTests = failureReport();
  if (failedTests) console.log(failedTests);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  return failed ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} finally {
  await cleanup();
}
Deno.exit(state.interrupted ? 130 : code);

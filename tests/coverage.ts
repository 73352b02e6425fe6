/**
 * Line coverage of `src/` for the whole-suite run (tests/run.ts). The PGlite and PostgreSQL passes
 * write raw V8 profiles into one directory; `deno coverage` then merges them and we read the
 * "All files" line figure. The floor lives in tests/coverage-floor.json: CI fails when the figure
 * drops below it, so a change that removes tests (or adds untested code in bulk) is seen. Raise the
 * floor when coverage grows; never lower it without saying why in the commit.
 *
 * The end-to-end pass is not counted: its server runs in a child process without a profile.
 */
export const COVERAGE_DIR = new URL("../coverage/raw", import.meta.url).pathname;
const ROOT = new URL("../", import.meta.url).pathname.replace(/\/$/, "");
const FLOOR_FILE = `${ROOT}/tests/coverage-floor.json`;

// deno-lint-ignore no-control-regex
const strip = (s: string) => s.replace(/\x1b\[[0-9;]*m/g, "");

/** Empty the profile directory before the passes write into it. */
export async function resetCoverage(): Promise<void> {
  await Deno.remove(COVERAGE_DIR, { recursive: true }).catch(() => {});
}

/** Arguments for `deno test` that collect raw profiles (the report is made once, at the end). */
export const coverageArgs = () => [`--coverage=${COVERAGE_DIR}`, "--coverage-raw-data-only"];

/** The "All files" line percentage of a `deno coverage` summary table, or undefined. */
export function parseLinePercent(summary: string): number | undefined {
  const row = strip(summary).split("\n").find((l) => /^\|\s*All files\s*\|/.test(l));
  const cells = row?.split("|").map((c) => c.trim()).filter(Boolean);
  const line = cells ? Number(cells[cells.length - 1]) : NaN;
  return Number.isFinite(line) ? line : undefined;
}

export interface CoverageResult {
  line?: number;
  floor: number;
  /** Set when the figure could not be made or is below the floor. */
  problem?: string;
}

/** Merge the profiles, print the figure against the floor. */
export async function reportCoverage(): Promise<CoverageResult> {
  const floor = Number(JSON.parse(await Deno.readTextFile(FLOOR_FILE)).line);
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["coverage", COVERAGE_DIR, `--include=^file://${ROOT}/src/`, "--exclude=\\.test\\.tsx?$"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const line = parseLinePercent(new TextDecoder().decode(out.stdout));
  if (line === undefined) {
    return { floor, problem: `deno coverage gave no figure: ${new TextDecoder().decode(out.stderr).slice(0, 400)}` };
  }
  console.log(`Line coverage of src/ (unit and API tests): ${line.toFixed(1)}% (floor ${floor.toFixed(1)}%)`);
  return line + 1e-9 < floor
    ? { line, floor, problem: `line coverage ${line}% is below the floor ${floor}%` }
    : { line, floor };
}

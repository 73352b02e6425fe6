/**
 * The gate reports its own time, so growth is seen before it hurts: the seconds of each phase
 * (including the ones .ci/run did before calling us, passed in GATE_PHASES as "name=seconds;...")
 * and the slowest test files, read from the passes' JUnit reports.
 */
export interface Phase {
  name: string;
  seconds: number;
}

const phases: Phase[] = [];
const runStarted = performance.now();

/** Time fn as a phase of the run. */
export async function phase<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await fn();
  } finally {
    phases.push({ name, seconds: (performance.now() - started) / 1000 });
  }
}

/** Phases .ci/run timed before the test command: GATE_PHASES="apt=12;npm ci=41". */
export function earlierPhases(value = Deno.env.get("GATE_PHASES") ?? ""): Phase[] {
  return value.split(";").map((p) => p.split("=")).filter((p) => p.length === 2 && Number.isFinite(Number(p[1])))
    .map(([name, s]) => ({ name: name.trim(), seconds: Number(s) }));
}

export interface FileTime {
  pass: string;
  file: string;
  seconds: number;
  tests: number;
}

/** Seconds per test file in a `deno test --junit-path` report: the sum of its test cases' times. */
export function junitFileTimes(xml: string, pass: string): FileTime[] {
  const out: FileTime[] = [];
  for (const suite of xml.matchAll(/<testsuite name="([^"]+)"[^>]*>([\s\S]*?)<\/testsuite>/g)) {
    const times = [...suite[2].matchAll(/<testcase [^>]*\btime="([\d.]+)"/g)].map((m) => Number(m[1]));
    out.push({
      pass,
      file: suite[1].replace(/^\.\//, ""),
      seconds: times.reduce((a, b) => a + b, 0),
      tests: times.length,
    });
  }
  return out;
}

export interface Failure {
  pass: string;
  file: string;
  test: string;
  /** The first lines of the failure's message. */
  message: string;
}

const unescape = (s: string) =>
  s.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, "&");

/**
 * The failed tests of a JUnit report, so the run's last lines name them: CI keeps only the end of
 * a long output, and a count without names sends one hunting through a log it no longer has.
 */
export function junitFailures(xml: string, pass: string, lines = 6): Failure[] {
  const out: Failure[] = [];
  for (const tc of xml.matchAll(/<testcase name="([^"]*)" classname="([^"]*)"[^>]*>([\s\S]*?)<\/testcase>/g)) {
    const failure = tc[3].match(/<failure(?: message="([^"]*)")?[^>]*>([\s\S]*?)<\/failure>/);
    if (!failure) continue;
    const text = unescape(failure[1] ?? failure[2]).trim();
    out.push({
      pass,
      file: unescape(tc[2]).replace(/^\.\//, ""),
      test: unescape(tc[1]),
      message: text.split("\n").slice(0, lines).join("\n"),
    });
  }
  return out;
}

const fileTimes: FileTime[] = [];
const failures: Failure[] = [];

/** Read a pass's JUnit report (missing when the pass crashed before writing it). */
export async function recordJunit(path: string, pass: string): Promise<void> {
  try {
    const xml = await Deno.readTextFile(path);
    fileTimes.push(...junitFileTimes(xml, pass));
    failures.push(...junitFailures(xml, pass));
  } catch (e) {
    if (!(e instanceof Deno.errors.NotFound)) throw e;
  }
}

const pad = (s: string, n: number) => s + " ".repeat(Math.max(0, n - s.length));
const lpad = (s: string, n: number) => " ".repeat(Math.max(0, n - s.length)) + s;

/** The phase table and the slowest files, as printed before the closing line. */
export function timingReport(slowest = 10): string {
  const earlier = earlierPhases();
  const all = [...earlier, ...phases];
  // Wall time, not the sum: a phase may run beside others.
  const total = earlier.reduce((a, p) => a + p.seconds, 0) + (performance.now() - runStarted) / 1000;
  const width = Math.max(12, ...all.map((p) => p.name.length));
  const lines = ["Time per phase:"];
  for (const p of all) lines.push(`  ${pad(p.name, width)} ${lpad(p.seconds.toFixed(0), 6)} s`);
  lines.push(`  ${pad("total", width)} ${lpad(total.toFixed(0), 6)} s`);
  const top = [...fileTimes].sort((a, b) => b.seconds - a.seconds).slice(0, slowest);
  if (top.length) {
    lines.push(`Slowest ${top.length} test files (sum of their tests' times):`);
    for (const f of top) {
      lines.push(`  ${lpad(f.seconds.toFixed(1), 7)} s  ${pad(f.pass, 10)} ${f.file} (${f.tests} tests)`);
    }
  }
  return lines.join("\n");
}

/** The failed tests, each with the start of its message: printed last, where CI's tail keeps it. */
export function failureReport(): string {
  if (!failures.length) return "";
  const lines = [`Failed tests (${failures.length}):`];
  for (const f of failures) {
    lines.push(`  ${f.pass}  ${f.file} => ${f.test}`);
    for (const l of f.message.split("\n")) lines.push(`      ${l}`);
  }
  return lines.join("\n");
}

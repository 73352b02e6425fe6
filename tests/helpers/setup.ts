/**
 * Test convention (design.md section 5): a `console.error` during a test fails that test. An error
 * logged by the code under test is a bug or an unexpected path, even when the response looks fine.
 *
 * tests/run.ts preloads this file for every test module (`deno test --preload`); the test helpers
 * import it too, so a plain `deno test some.test.ts` behaves the same. A module is evaluated once
 * per process, so the hook is registered once.
 *
 * A test that means to provoke an error log wraps that part in `captureConsoleError`.
 */
const recorded: unknown[][] = [];
const originalError = console.error;
let capturing: unknown[][] | undefined;

console.error = (...args: unknown[]) => {
  if (capturing) capturing.push(args);
  else recorded.push(args);
};

Deno.test.beforeEach(() => {
  // Anything logged between tests (module load, a previous test's stray timer) is not this test's fault.
  if (recorded.length) originalError("console.error outside a test:", ...recorded.splice(0).flat());
});

Deno.test.afterEach(() => {
  if (!recorded.length) return;
  const lines = recorded.splice(0).map((args) => args.map(format).join(" "));
  throw new Error(`console.error was called during the test:\n  ${lines.join("\n  ")}`);
});

function format(value: unknown): string {
  if (typeof value === "string") return value;
  if (value instanceof Error) return value.stack ?? String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Run fn and return what it wrote with console.error instead of failing the test. */
export async function captureConsoleError<T>(fn: () => T | Promise<T>): Promise<{ result: T; errors: string[] }> {
  const outer = capturing;
  const mine: unknown[][] = [];
  capturing = mine;
  try {
    const result = await fn();
    return { result, errors: mine.map((args) => args.map(format).join(" ")) };
  } finally {
    capturing = outer;
  }
}

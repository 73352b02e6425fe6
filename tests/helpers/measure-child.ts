/**
 * Memory figures measured in a process of their own. `deno test` runs every test module of a pass in
 * one process, so a process-wide figure such as peak RSS also moves with whatever the modules before
 * have left running (worker pools, caches, a heap the allocator has not given back): a CI run once
 * saw 132 MB of "growth" for a backup that grows by 9 to 12 MB on its own. The test module is
 * therefore run again as a plain `deno run` child with `MEASURE_CHILD=1`; it does the measuring and
 * prints its result as JSON on its last line, and the parent test asserts on that.
 */
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

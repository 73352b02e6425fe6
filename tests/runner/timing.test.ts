import assert from "node:assert/strict";
import { pgliteImageName } from "../helpers/pglite-image.ts";
import { earlierPhases, junitFailures, junitFileTimes } from "./timing.ts";

Deno.test("[gate] the slowest files come from deno test's JUnit report: each file's test times added up", () => {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<testsuites name="deno test" tests="3" failures="0" errors="0" time="9.1">
    <testsuite name="./tests/api/a.test.ts" tests="2" disabled="0" errors="0" failures="0">
        <testcase name="one" classname="./tests/api/a.test.ts" time="1.250" line="3" col="6">
        </testcase>
        <testcase name="two &quot;quoted&quot;" classname="./tests/api/a.test.ts" time="2.500" line="9" col="6">
        </testcase>
    </testsuite>
    <testsuite name="./src/b.test.ts" tests="1" disabled="0" errors="0" failures="0">
        <testcase name="three" classname="./src/b.test.ts" time="0.125" line="1" col="1">
        </testcase>
    </testsuite>
</testsuites>`;
  assert.deepEqual(junitFileTimes(xml, "postgres"), [
    { pass: "postgres", file: "tests/api/a.test.ts", seconds: 3.75, tests: 2 },
    { pass: "postgres", file: "src/b.test.ts", seconds: 0.125, tests: 1 },
  ]);
});

Deno.test("[gate] .ci/run's phases arrive as GATE_PHASES; malformed parts are left out", () => {
  assert.deepEqual(earlierPhases("apt install=0;npm ci=53"), [
    { name: "apt install", seconds: 0 },
    { name: "npm ci", seconds: 53 },
  ]);
  assert.deepEqual(earlierPhases(""), []);
  assert.deepEqual(earlierPhases("npm ci=abc;x;ok=7"), [{ name: "ok", seconds: 7 }]);
});

Deno.test("[gate] the pre-migrated PGlite image is named for PGlite's version and every migration's checksum", async () => {
  const files = [{ version: "0001", checksum: "aa" }, { version: "0002", checksum: "bb" }];
  const name = await pgliteImageName("0.5.16", files);
  assert.match(name, /^pglite-migrated-[0-9a-f]{16}\.tar\.gz$/);
  assert.equal(await pgliteImageName("0.5.16", [...files]), name);
  // An edited migration, an added one, or another PGlite: another image, never the stale one.
  assert.notEqual(await pgliteImageName("0.5.16", [files[0], { version: "0002", checksum: "bc" }]), name);
  assert.notEqual(await pgliteImageName("0.5.16", [...files, { version: "0003", checksum: "cc" }]), name);
  assert.notEqual(await pgliteImageName("0.5.17", files), name);
});

Deno.test("[gate] failed tests are named from the JUnit report, with the start of their message", async () => {
  // A real report: a file with one failing and one passing test, run by deno test itself.
  const dir = await Deno.makeTempDir();
  try {
    await Deno.writeTextFile(
      `${dir}/a.test.ts`,
      `Deno.test("fails <here>", () => { throw new Error("boom & \\"q\\"\\nsecond"); });\nDeno.test("passes", () => {});\n`,
    );
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["test", "--no-check", `--junit-path=${dir}/j.xml`, "a.test.ts"],
      cwd: dir,
      stdout: "null",
      stderr: "null",
    }).output();
    assert.equal(out.success, false);
    const failed = junitFailures(await Deno.readTextFile(`${dir}/j.xml`), "postgres", 2);
    assert.equal(failed.length, 1);
    assert.equal(failed[0].file, "a.test.ts");
    assert.equal(failed[0].test, "fails <here>");
    assert.match(failed[0].message, /^Uncaught Error: boom & "q"\nsecond$/);
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

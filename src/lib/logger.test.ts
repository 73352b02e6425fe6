import assert from "node:assert/strict";
import { createLogger } from "./logger.ts";
import { logAnswer } from "./request-log.ts";
import { testApp } from "../../tests/helpers/app.ts";
import { waitUntil } from "../../tests/helpers/wait.ts";

/** A sink that keeps what is written, in chunks of at most `chunk` bytes (a short write each time). */
function memorySink(chunk = Infinity) {
  const parts: Uint8Array[] = [];
  const take = (p: Uint8Array) => {
    const n = Math.min(p.length, chunk);
    parts.push(p.slice(0, n));
    return n;
  };
  return {
    parts,
    write: (p: Uint8Array) => Promise.resolve(take(p)),
    writeSync: take,
    lines: () =>
      new TextDecoder().decode(new Uint8Array(parts.flatMap((p) => [...p]))).split("\n").filter(Boolean).map((l) =>
        JSON.parse(l)
      ),
  };
}

Deno.test("[logger] buffered: nothing is written per line; flush() writes every line, in order, across short writes", async () => {
  const sink = memorySink(1000);
  const logger = createLogger("info", { buffered: true, flushMs: 60_000, sink });
  for (let i = 0; i < 5000; i++) logger.info("request", { i, token: "secret-value" });
  logger.debug("below the level");
  await logger.flush!();
  const lines = sink.lines();
  assert.equal(lines.length, 5000);
  assert.deepEqual(lines.map((l) => l.i), Array.from({ length: 5000 }, (_, i) => i));
  assert.ok(lines.every((l) => l.token === "[redacted]" && l.level === "info" && l.msg === "request"));
});

Deno.test('[logger] the hand-built request line is the text info("request", fields) writes', async () => {
  const sink = memorySink();
  const logger = createLogger("info", { buffered: true, flushMs: 60_000, sink });
  assert.ok(logger.infoLine);
  // The same logger without infoLine (as the tests' recording loggers): the generic path.
  const { infoLine: _, ...generic } = logger;
  const cases: [string, string, number, number | undefined][] = [
    ["GET", "/api/auth/user", 200, 12],
    ["POST", "/api/vendor/quotations", 201, undefined],
    ["DELETE", '/api/a"b\\c/\u00e9\u2028\u0001/%20', 404, 0],
  ];
  for (const [method, path, status, userId] of cases) {
    const start = performance.now() - 12.34;
    logAnswer(logger, "req-1.A_b", method, path, status, start, userId);
    logAnswer(generic, "req-1.A_b", method, path, status, start, userId);
  }
  await logger.flush!();
  // Written a moment apart: the time and the duration may differ in their last digit.
  const lines = new TextDecoder().decode(new Uint8Array(sink.parts.flatMap((p) => [...p]))).split("\n")
    .filter(Boolean).map((l) => l.replace(/"time":"[^"]+"/, '"time":"T"').replace(/"ms":[0-9.]+/, '"ms":1'));
  assert.equal(lines.length, 6);
  for (let i = 0; i < 6; i += 2) assert.equal(lines[i], lines[i + 1]);
  assert.deepEqual(JSON.parse(lines[4]), {
    time: "T",
    level: "info",
    msg: "request",
    requestId: "req-1.A_b",
    method: "DELETE",
    path: cases[2][1],
    status: 404,
    ms: 1,
    userId: 0,
  });
  assert.equal("userId" in JSON.parse(lines[2]), false);
  // Off below info: the line is not even built.
  createLogger("warn").infoLine!(() => {
    throw new Error("built");
  });
});

Deno.test("[logger] buffered: lines go out by themselves after flushMs", async () => {
  const sink = memorySink();
  const logger = createLogger("info", { buffered: true, flushMs: 20, sink });
  logger.info("one");
  assert.equal(sink.parts.length, 0, "not written on the request path");
  // No flush() here: the timer alone must write it.
  await waitUntil(() => sink.parts.length > 0, { message: "the flush timer to write the line" });
  assert.deepEqual(sink.lines().map((l) => l.msg), ["one"]);
  await logger.flush!();
});

Deno.test("[logger] the request log has the same fields buffered as unbuffered", async () => {
  const sink = memorySink();
  const logger = createLogger("info", { buffered: true, flushMs: 60_000, sink });
  const unbuffered: string[] = [];
  const original = console.log;
  console.log = (line: string) => void unbuffered.push(line);
  const plain = createLogger("info");
  const t = await testApp({ logger });
  const p = await testApp({ db: t.db, logger: plain });
  try {
    for (const app of [t.app, p.app]) {
      const res = await app.request("/api/meta?x=1", { headers: { "x-request-id": "req-1" } });
      assert.equal(res.headers.get("x-request-id"), "req-1");
      await res.body?.cancel();
      await (await app.request("/healthz")).body?.cancel(); // not logged
    }
  } finally {
    console.log = original;
    await logger.flush!();
    await t.close();
  }
  const [line] = sink.lines();
  const [before] = unbuffered.map((l) => JSON.parse(l));
  assert.equal(sink.lines().length, 1);
  assert.deepEqual(Object.keys(line), ["time", "level", "msg", "requestId", "method", "path", "status", "ms"]);
  assert.deepEqual(Object.keys(line), Object.keys(before));
  const { time: _t, ms: _m, ...rest } = line;
  const { time: _t2, ms: _m2, ...restBefore } = before;
  assert.deepEqual(rest, {
    level: "info",
    msg: "request",
    requestId: "req-1",
    method: "GET",
    path: "/api/meta",
    status: 200,
  });
  assert.deepEqual(rest, restBefore);
});

Deno.test("[logger] buffered lines are written when the process exits before the flush timer", async () => {
  const url = new URL("./logger.ts", import.meta.url).href;
  const code = `import { createLogger } from "${url}";
    const logger = createLogger("info", { buffered: true, flushMs: 60_000 });
    for (let i = 0; i < 3000; i++) logger.info("line", { i });
    Deno.exit(0);`;
  const out = await new Deno.Command(Deno.execPath(), { args: ["eval", code], stdout: "piped", stderr: "piped" })
    .output();
  assert.equal(out.code, 0, new TextDecoder().decode(out.stderr));
  const lines = new TextDecoder().decode(out.stdout).trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines.length, 3000);
  assert.equal(lines[2999].i, 2999);
});

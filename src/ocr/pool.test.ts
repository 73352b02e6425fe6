/**
 * The pool's time limit: a document still being read when time runs out gives what was read by
 * then, marked "readingStopped"; one of which nothing was read fails with ocr.timeout. Either way
 * the stalled worker is replaced and the next document is read.
 */
import assert from "node:assert/strict";
import { OcrJobError, OcrPool } from "./pool.ts";

const STALLING = new URL("../../tests/fixtures/ocr/stalling-worker.ts", import.meta.url);

Deno.test("[ocr/pool] past the time limit: what was read, with a warning; nothing read: ocr.timeout", async () => {
  // The limit must leave the stand-in worker time to start and report (a loaded machine takes
  // hundreds of milliseconds to start a worker, over 3 s beside the end-to-end pass); past it, the
  // worker never answers.
  const pool = new OcrPool(1, { maxPages: 5, maxMegapixels: 10, timeoutMs: 6_000 }, STALLING);
  try {
    const got = await pool.run(new Uint8Array([1]), () => {});
    assert.deepEqual(got.items.map((i) => i.name), ["Stapler"]);
    assert.deepEqual(got.warnings, ["pageRotated:1", "readingStopped"]);
    // The stalled worker was replaced: the pool still reads, and times out on a document with nothing read.
    await assert.rejects(
      pool.run(new Uint8Array([0]), () => {}),
      (e: unknown) => e instanceof OcrJobError && e.code === "ocr.timeout" && e.params.seconds === 6,
    );
    assert.equal(pool.free, 1);
  } finally {
    pool.close();
  }
});

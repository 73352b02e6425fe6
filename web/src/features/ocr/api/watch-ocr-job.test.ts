import assert from "node:assert/strict";
import type { OcrJob } from "./get-ocr-job.ts";
import { watchOcrJob } from "./watch-ocr-job.ts";

const job = (status: OcrJob["status"], progress: number): OcrJob => ({
  id: "j1",
  status,
  progress,
  stage: status === "done" ? "done" : status === "failed" ? "failed" : "recognising",
});

/** A stand-in EventSource the test drives by hand. */
class FakeSource {
  static last: FakeSource | undefined;
  listeners = new Map<string, (event: { data: string }) => void>();
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string, readonly init?: EventSourceInit) {
    FakeSource.last = this;
  }
  addEventListener(type: string, listener: (event: { data: string }) => void) {
    this.listeners.set(type, listener);
  }
  emit(data: unknown, type = "job") {
    this.listeners.get(type)!({ data: JSON.stringify(data) });
  }
  close() {
    this.closed = true;
  }
}

function withFetch(answers: OcrJob[], fn: (calls: string[]) => Promise<void>) {
  const original = globalThis.fetch;
  const calls: string[] = [];
  globalThis.fetch = ((input: string | URL | Request) => {
    calls.push(String(input));
    const next = answers.length > 1 ? answers.shift()! : answers[0];
    return Promise.resolve(new Response(JSON.stringify(next), { status: 200 }));
  }) as typeof fetch;
  return fn(calls).finally(() => {
    globalThis.fetch = original;
  });
}

const until = async (ok: () => boolean) => {
  for (let n = 0; n < 200 && !ok(); n++) await new Promise((r) => setTimeout(r, 5));
  assert.ok(ok(), "condition not reached");
};

Deno.test("[ocr] the job is followed by its server-sent events until done, then the stream closes", () => {
  const seen: number[] = [];
  watchOcrJob("j1", (j) => seen.push(j.progress), (e) => assert.fail(String(e)), {
    eventSource: FakeSource as unknown as typeof EventSource,
  });
  const source = FakeSource.last!;
  assert.equal(source.url, "/api/vendor/ocr-jobs/j1/events");
  source.emit(job("running", 30));
  source.emit(job("done", 100), "message");
  source.emit(job("running", 50)); // after the end: ignored
  assert.deepEqual(seen, [30, 100]);
  assert.equal(source.closed, true);
});

Deno.test("[ocr] a broken event stream falls back to polling the job every interval until it ends", async () => {
  await withFetch([job("running", 40), job("running", 70), job("done", 100)], async (calls) => {
    const seen: string[] = [];
    watchOcrJob("j1", (j) => seen.push(`${j.status}:${j.progress}`), (e) => assert.fail(String(e)), {
      eventSource: FakeSource as unknown as typeof EventSource,
      pollMs: 1,
    });
    FakeSource.last!.emit(job("running", 20));
    FakeSource.last!.onerror!();
    assert.equal(FakeSource.last!.closed, true);
    await until(() => seen.length === 4);
    await new Promise((r) => setTimeout(r, 20));
    assert.deepEqual(seen, ["running:20", "running:40", "running:70", "done:100"]);
    assert.equal(calls.length, 3, "polling stops once the job is done");
    assert.equal(calls[0], "/api/vendor/ocr-jobs/j1");
  });
});

Deno.test("[ocr] without EventSource the job is polled; stopping ends the polling", async () => {
  await withFetch([job("running", 10)], async (calls) => {
    const stop = watchOcrJob("j1", () => {}, (e) => assert.fail(String(e)), {
      eventSource: null,
      pollMs: 1,
    });
    await until(() => calls.length >= 2);
    stop();
    const after = calls.length;
    await new Promise((r) => setTimeout(r, 20));
    assert.ok(calls.length <= after + 1);
  });
});

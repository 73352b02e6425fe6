/**
 * A small open-loop load generator: sends requests at a fixed rate (not "as fast as answers come",
 * which hides queueing), records each latency, and reports percentiles. Bounded in count and time;
 * targets only the loopback server the benchmark started.
 */
export interface LoadResult {
  sent: number;
  ok: number;
  errors: number;
  seconds: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

function percentile(sorted: number[], p: number) {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

export function summarize(latencies: number[], errors: number, seconds: number): LoadResult {
  const sorted = [...latencies].sort((a, b) => a - b);
  const round = (x: number) => Math.round(x * 10) / 10;
  return {
    sent: latencies.length + errors,
    ok: latencies.length,
    errors,
    seconds: round(seconds),
    rps: round((latencies.length + errors) / seconds),
    p50: round(percentile(sorted, 50)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted.at(-1) ?? 0),
  };
}

/** `rate` requests per second for `seconds`, each built by `next()`; `record` sees each answered request's latency. */
export async function openLoop(
  rate: number,
  seconds: number,
  next: () => Request,
  record?: (req: Request, ms: number) => void,
): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const inflight: Promise<void>[] = [];
  const start = performance.now();
  const total = Math.round(rate * seconds);
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    const req = next();
    inflight.push(
      fetch(req).then(async (res) => {
        await res.arrayBuffer();
        if (!res.ok) return void errors++;
        const ms = performance.now() - t0;
        latencies.push(ms);
        record?.(req, ms);
      }, () => void errors++),
    );
  }
  await Promise.all(inflight);
  return summarize(latencies, errors, (performance.now() - start) / 1000);
}

/** Closed loop with `concurrency` workers for `seconds`: the highest rate the server sustains. */
export async function closedLoop(concurrency: number, seconds: number, next: () => Request): Promise<LoadResult> {
  const latencies: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (performance.now() < end) {
      const t0 = performance.now();
      try {
        const res = await fetch(next());
        await res.arrayBuffer();
        if (res.ok) latencies.push(performance.now() - t0);
        else errors++;
      } catch {
        errors++;
      }
    }
  }));
  return summarize(latencies, errors, (performance.now() - start) / 1000);
}

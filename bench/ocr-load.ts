/**
 * Does the server keep answering while documents are read? Starts the app (embedded PGlite, demo
 * data, one OCR worker) as a separate process, signs in as the demo vendor, uploads four scans to an
 * open opportunity, and while they are read sends `GET /api/auth/user` at a fixed rate, recording
 * its latency. Budget: p95 under 20 ms.
 *
 *   node_modules/.bin/deno run -A bench/ocr-load.ts [--rate 50] [--documents 4]
 */
import { freePort } from "../tests/helpers/pg-cluster.ts";

const arg = (name: string, fallback: number) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 ? Number(Deno.args[i + 1]) : fallback;
};
const RATE = arg("rate", 50);
const DOCUMENTS = arg("documents", 4);
const ROOT = new URL("../", import.meta.url).pathname;
const dataDir = await Deno.makeTempDir({ prefix: "ocr-load-" });
const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const server = new Deno.Command(`${ROOT}node_modules/deno/deno`, {
  args: ["run", "-A", `${ROOT}src/main.ts`],
  env: { DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", LOG_LEVEL: "warn", OCR_WORKERS: "1" },
  stdout: "null",
  stderr: "inherit",
}).spawn();

async function json(path: string, init: RequestInit = {}) {
  const res = await fetch(`${base}${path}`, init);
  const body = await res.text();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${body.slice(0, 200)}`);
  return { res, body: body ? JSON.parse(body) : undefined };
}

try {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const login = await json("/api/auth/login", {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ email: "vendor@example.com", password: "demo123" }),
  });
  const cookie = (login.res.headers.get("set-cookie") ?? "").split(";")[0];
  const headers = { cookie, origin: base };
  const { body: opportunities } = await json("/api/vendor/matching-prs", { headers });
  const target = (opportunities as { kind: string; id: number }[])[0];
  if (!target) throw new Error("the demo vendor has no open opportunity");
  const scan = await Deno.readFile(`${ROOT}tests/fixtures/ocr/images/classic-0-scan.png`);

  // Baseline latency without OCR, then with DOCUMENTS being read.
  const measure = async (seconds: number, until?: () => boolean) => {
    const times: number[] = [];
    const end = Date.now() + seconds * 1000;
    const pending: Promise<void>[] = [];
    while (Date.now() < end && !(until?.())) {
      const t0 = performance.now();
      pending.push(
        fetch(`${base}/api/auth/user`, { headers }).then(async (r) => {
          await r.body?.cancel();
          times.push(performance.now() - t0);
        }),
      );
      await new Promise((r) => setTimeout(r, 1000 / RATE));
    }
    await Promise.all(pending);
    times.sort((a, b) => a - b);
    const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))].toFixed(1);
    return { n: times.length, p50: q(0.5), p95: q(0.95), p99: q(0.99), max: times[times.length - 1].toFixed(1) };
  };
  const quiet = await measure(5);
  const jobs: number[] = [];
  for (let i = 0; i < DOCUMENTS; i++) {
    const form = new FormData();
    form.set(target.kind === "bid_request" ? "bidRequestId" : "purchaseRequestId", String(target.id));
    form.set("quotationFile", new File([scan], `scan-${i}.png`, { type: "image/png" }));
    const { body } = await json("/api/vendor/quotations/ocr-extract", { method: "POST", headers, body: form });
    jobs.push(body.jobId);
  }
  let done = false;
  const t0 = performance.now();
  const watcher = (async () => {
    while (!done) {
      const states = await Promise.all(
        jobs.map(async (id) => (await json(`/api/vendor/ocr-jobs/${id}`, { headers })).body.status),
      );
      if (states.every((s) => s === "done" || s === "failed")) done = true;
      else await new Promise((r) => setTimeout(r, 250));
    }
  })();
  const busy = await measure(600, () => done);
  await watcher;
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  console.log(`${DOCUMENTS} scans read in ${seconds} s (one OCR worker); GET /api/auth/user at ${RATE}/s\n`);
  console.log("| while | requests | p50 ms | p95 ms | p99 ms | max ms |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  console.log(`| nothing else | ${quiet.n} | ${quiet.p50} | ${quiet.p95} | ${quiet.p99} | ${quiet.max} |`);
  console.log(
    `| ${DOCUMENTS} documents being read | ${busy.n} | ${busy.p50} | ${busy.p95} | ${busy.p99} | ${busy.max} |`,
  );
} finally {
  server.kill("SIGTERM");
  await server.status;
  await Deno.remove(dataDir, { recursive: true }).catch(() => {});
}

/**
 * First load of the SPA in Chromium on loopback (issue 14 item 6): bytes of JavaScript and CSS as
 * transferred (the server sends the build's brotli copies) and uncompressed, first contentful paint,
 * time until the page can be used (the sign-in button, the dashboard sidebar), long tasks (> 50 ms)
 * during the load; then a list of 50 rows (the Users section after creating users) rendered from
 * the click, with the long tasks in that window. Each page is loaded `--runs` times in a fresh
 * context (cold cache); medians are printed as a Markdown table.
 *
 * Run: node_modules/.bin/deno run -A bench/frontend.ts [--runs 5] [--profile]
 * (builds the SPA when stale, starts the app on a fresh embedded database with demo data.)
 * `--profile` also records a V8 CPU profile (Chrome DevTools Protocol) of one /login load, one
 * dashboard load and one click to the 50-row list, and prints where the main thread's time went:
 * self time per script and per function, so a long task can be named.
 */
import type { Browser, Page } from "playwright-core";
import { ensureSpaBuilt, launchBrowser, startServer } from "../tests/e2e/helpers.ts";

const arg = (name: string, fallback: string) => {
  const i = Deno.args.indexOf(`--${name}`);
  return i >= 0 && Deno.args[i + 1] ? Deno.args[i + 1] : fallback;
};
const RUNS = Number(arg("runs", "5"));
const PROFILE = Deno.args.includes("--profile");

interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/** Self time per script and per function of a V8 CPU profile, largest first. */
function summariseProfile(title: string, profile: CpuProfile, top = 12) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, number>();
  const script = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const { functionName, url, lineNumber } = byId.get(id)!.callFrame;
    const file = url ? new URL(url).pathname.replace(/^\/assets\//, "") : `(${functionName || "native"})`;
    if (["(idle)", "(program)", "(garbage collector)"].includes(functionName)) {
      script.set(functionName, (script.get(functionName) ?? 0) + ms);
      return;
    }
    script.set(file, (script.get(file) ?? 0) + ms);
    const key = `${functionName || "(anonymous)"} ${file}:${lineNumber + 1}`;
    fn.set(key, (fn.get(key) ?? 0) + ms);
  });
  const table = (m: Map<string, number>) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, top).map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join("\n");
  console.log(`\n${title}: self time by script\n${table(script)}\n${title}: self time by function\n${table(fn)}`);
}

async function profiled<T>(page: Page, body: () => Promise<T>): Promise<[T, CpuProfile]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 200 });
  await cdp.send("Profiler.start");
  const result = await body();
  const { profile } = await cdp.send("Profiler.stop") as unknown as { profile: CpuProfile };
  await cdp.detach();
  return [result, profile];
}

/** Recorded from the first byte of the page: long tasks and when the page became usable. */
const OBSERVE = `
  window.__longTasks = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
`;

interface LoadFigures {
  jsTransfer: number;
  jsDecoded: number;
  cssTransfer: number;
  cssDecoded: number;
  fcp: number;
  usable: number;
  longTasks: number;
  longestTask: number;
}

async function measureLoad(
  browser: Browser,
  url: string,
  ready: (page: Page) => Promise<void>,
  cookie?: string,
  profileTitle?: string,
) {
  const context = await browser.newContext({ baseURL: url });
  if (cookie) await context.addCookies([{ name: cookie.split("=")[0], value: cookie.split("=")[1], url }]);
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  try {
    const load = async () => {
      await page.goto("", { waitUntil: "commit" });
      await ready(page);
    };
    if (profileTitle) summariseProfile(profileTitle, (await profiled(page, load))[1]);
    else await load();
    const usable = await page.evaluate(() => performance.now());
    await page.waitForLoadState("load");
    return await page.evaluate((usable) => {
      const resources = performance.getEntriesByType("resource") as PerformanceResourceTiming[];
      const sum = (ext: RegExp, key: "transferSize" | "decodedBodySize") =>
        resources.filter((r) => ext.test(new URL(r.name).pathname)).reduce((n, r) => n + r[key], 0);
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? NaN;
      const tasks = (globalThis as unknown as { __longTasks: { duration: number }[] }).__longTasks;
      return {
        jsTransfer: sum(/\.js$/, "transferSize"),
        jsDecoded: sum(/\.js$/, "decodedBodySize"),
        cssTransfer: sum(/\.css$/, "transferSize"),
        cssDecoded: sum(/\.css$/, "decodedBodySize"),
        fcp,
        usable,
        longTasks: tasks.length,
        longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
      };
    }, usable) as LoadFigures;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n: number) => (n / 1024).toFixed(1);

await ensureSpaBuilt();
const server = await startServer({ LOG_LEVEL: "warn" });
const loadBefore = Deno.loadavg()[0];
const browser = await launchBrowser();
try {
  // A signed-in admin session for the dashboard and the list.
  const login = await fetch(`${server.url}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.url },
    body: JSON.stringify({ username: "admin", password: "admin123" }),
  });
  const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
  if (login.status !== 200 || !cookie) throw new Error(`admin sign-in failed: ${login.status}`);
  const api = (path: string, body: unknown) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: server.url, cookie },
      body: JSON.stringify(body),
    }).then((r) => r.body?.cancel());

  const pages: [string, string, (page: Page) => Promise<void>, string?][] = [
    ["/login (signed out)", `${server.url}/login`, (p) => p.getByRole("button", { name: "Sign In" }).first().waitFor()],
    [
      "/ (admin dashboard)",
      `${server.url}/`,
      (p) => p.getByRole("navigation", { name: "Dashboard sections" }).waitFor(),
      cookie,
    ],
  ];
  const rows: string[] = [];
  for (const [label, url, ready, withCookie] of pages) {
    const runs: LoadFigures[] = [];
    // A profiled load is an extra one, not counted: the profiler slows the page down.
    if (PROFILE) await measureLoad(browser, url, ready, withCookie, label);
    for (let i = 0; i < RUNS; i++) runs.push(await measureLoad(browser, url, ready, withCookie));
    const m = (k: keyof LoadFigures) => median(runs.map((r) => r[k]));
    rows.push(
      `| ${label} | ${kb(m("jsTransfer"))} | ${kb(m("jsDecoded"))} | ${kb(m("cssTransfer"))} | ${
        kb(m("cssDecoded"))
      } | ${m("fcp").toFixed(0)} | ${m("usable").toFixed(0)} | ${m("longTasks")} | ${m("longestTask").toFixed(0)} |`,
    );
  }

  // 50 rows: enough users for a full page of the Users section.
  for (let i = 0; i < 55; i++) {
    await api("/api/admin/users", {
      firstName: `Bench${i}`,
      lastName: "User",
      email: `bench${i}@example.com`,
      password: "benchmark-pass",
      roleId: 2,
    });
  }
  const listRuns: { ms: number; tasks: number; longest: number; rows: number }[] = [];
  for (let i = PROFILE ? -1 : 0; i < RUNS; i++) {
    const context = await browser.newContext({ baseURL: server.url });
    await context.addCookies([{ name: cookie.split("=")[0], value: cookie.split("=")[1], url: server.url }]);
    await context.addInitScript(OBSERVE);
    const page = await context.newPage();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Dashboard sections" });
    await nav.waitFor();
    const start = await page.evaluate(() => performance.now());
    const open = async () => {
      await nav.getByRole("button", { name: "User Management", exact: true }).click();
      await page.locator("table tbody tr").nth(49).waitFor();
    };
    if (i < 0) summariseProfile("Users section, 50 rows", (await profiled(page, open))[1]);
    else await open();
    const figures = await page.evaluate((start) => {
      const tasks = (globalThis as unknown as { __longTasks: { start: number; duration: number }[] }).__longTasks
        .filter((t) => t.start >= start);
      return {
        ms: performance.now() - start,
        tasks: tasks.length,
        longest: Math.max(0, ...tasks.map((t) => t.duration)),
        rows: document.querySelectorAll("table tbody tr").length,
      };
    }, start);
    if (i >= 0) listRuns.push(figures);
    await context.close();
  }

  const load = Deno.loadavg();
  console.log(
    `\nChromium first loads on loopback, median of ${RUNS} cold loads (load average ${
      loadBefore.toFixed(1)
    } at the start, ${load[0].toFixed(1)} at the end)\n`,
  );
  console.log(
    "| page | JS transferred KB | JS KB | CSS transferred KB | CSS KB | first contentful paint ms | usable ms | long tasks | longest task ms |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) console.log(r);
  const lm = (k: "ms" | "tasks" | "longest" | "rows") => median(listRuns.map((r) => r[k]));
  console.log(`\n| list | rows | click to rows ms | long tasks (> 50 ms) | longest task ms |`);
  console.log("| --- | --- | --- | --- | --- |");
  console.log(
    `| Users section, 50 per page | ${lm("rows")} | ${lm("ms").toFixed(0)} | ${lm("tasks")} | ${
      lm("longest").toFixed(0)
    } |`,
  );
} finally {
  await browser.close();
  await server.stop();
}

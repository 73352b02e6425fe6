/**
 * First load of the SPA in Chromium on loopback: bytes of JavaScript and CSS as
 * transferred (the server sends the build's brotli copies) and uncompressed, first contentful paint,
 * time until the page can be used (the sign-in button, the dashboard sidebar), long tasks (> 50 ms)
 * during the load; then a list of 50 rows (the Users section after creating users) rendered from
 * the click, with the long tasks in that window. Each page is loaded `--runs` times in a fresh
 * context (cold cache); medians are printed as a Markdown table.
 *
 * Run: node_modules/.bin/deno run -A bench/frontend.ts [--runs 5] [--profile] [--frames] [--lists]
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
/** Print what ran in the longest task of each load and list click (trace events, animation frames). */
const DESCRIBE = Deno.args.includes("--frames");
/** Only the lists (no first loads): quicker when working on a list. */
const ONLY_LISTS = Deno.args.includes("--lists");

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const IDLE = new Set(["(idle)", "(program)", "(garbage collector)"]);

/**
 * Self time per script and per function of a V8 CPU profile, largest first; then the longest busy
 * stretch (samples between two idle ones: one task, or tasks back to back) with its self and total
 * time per function, so the long task itself is named, not the whole load.
 */
function summariseProfile(title: string, profile: CpuProfile, top = 12) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const file = (url: string, functionName: string) =>
    url ? new URL(url).pathname.replace(/^\/assets\//, "") : `(${functionName || "native"})`;
  const label = (n: ProfileNode) =>
    `${n.callFrame.functionName || "(anonymous)"} ${file(n.callFrame.url, n.callFrame.functionName)}:${
      n.callFrame.lineNumber + 1
    }`;
  const table = (m: Map<string, number>, n = top) =>
    [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `  ${v.toFixed(1).padStart(7)} ms  ${k}`)
      .join("\n");
  const add = (m: Map<string, number>, k: string, v: number) => m.set(k, (m.get(k) ?? 0) + v);

  const fn = new Map<string, number>();
  const script = new Map<string, number>();
  // Busy stretches: [first sample, last sample, ms].
  const stretches: [number, number, number][] = [];
  let current: [number, number, number] | null = null;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const node = byId.get(id)!;
    const { functionName, url } = node.callFrame;
    if (functionName === "(idle)") current = null;
    else {
      if (!current) stretches.push(current = [i, i, 0]);
      current[1] = i;
      current[2] += ms;
    }
    if (IDLE.has(functionName)) return add(script, functionName, ms);
    add(script, file(url, functionName), ms);
    add(fn, label(node), ms);
  });
  console.log(`\n${title}: self time by script\n${table(script)}\n${title}: self time by function\n${table(fn)}`);

  const longest = stretches.sort((a, b) => b[2] - a[2]).slice(0, 3);
  console.log(`${title}: longest busy stretches ${longest.map((s) => `${s[2].toFixed(0)} ms`).join(", ")}`);
  const worst = longest[0];
  if (!worst) return;
  const self = new Map<string, number>();
  const total = new Map<string, number>();
  const stacks = new Map<string, number>();
  for (let i = worst[0]; i <= worst[1]; i++) {
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    let node = byId.get(profile.samples[i])!;
    add(self, label(node), ms);
    const seen = new Set<string>();
    const chain: string[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parent.get(id)) {
      node = byId.get(id)!;
      const l = label(node);
      if (node.callFrame.functionName !== "(root)" && chain.length < 6) chain.push(l);
      if (!seen.has(l)) add(total, l, ms), seen.add(l);
    }
    add(stacks, chain.join(" < "), ms);
  }
  total.delete("(root) (root):0");
  console.log(`${title}: longest stretch, self time\n${table(self)}`);
  console.log(`${title}: longest stretch, total time (with callees)\n${table(total, 25)}`);
  console.log(`${title}: longest stretch, heaviest stacks\n${table(stacks, 8)}`);
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

/**
 * Recorded from the first byte of the page: long tasks, and long animation frames (what ran in a
 * frame over 50 ms: each script's source and duration, and the frame's style and layout time), so a
 * long task can be named without a profiler.
 */
const OBSERVE = `
  window.__longTasks = [];
  window.__frames = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: "longtask", buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        window.__frames.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          styleAndLayout: e.styleAndLayoutStart ? e.startTime + e.duration - e.styleAndLayoutStart : 0,
          scripts: e.scripts.map((s) => ({
            invoker: s.invoker,
            source: (s.sourceURL || "").replace(/^.*\\/assets\\//, "") + (s.sourceFunctionName ? " " + s.sourceFunctionName : ""),
            duration: s.duration,
            forcedLayout: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: "long-animation-frame", buffered: true });
  } catch {}
`;

interface Frame {
  start: number;
  duration: number;
  blocking: number;
  styleAndLayout: number;
  scripts: { invoker: string; source: string; duration: number; forcedLayout: number }[];
}

/** The longest animation frames after `since`, each with its scripts (for naming a long task). */
function describeFrames(title: string, frames: Frame[], since = 0) {
  const worst = frames.filter((f) => f.start >= since).sort((a, b) => b.duration - a.duration).slice(0, 3);
  for (const f of worst) {
    const script = f.scripts.reduce((n, s) => n + s.duration, 0);
    console.log(
      `${title}: frame of ${f.duration.toFixed(0)} ms at ${f.start.toFixed(0)} ms (blocking ${
        f.blocking.toFixed(0)
      }): scripts ${script.toFixed(0)} ms, style and layout ${f.styleAndLayout.toFixed(0)} ms`,
    );
    for (const s of f.scripts.sort((a, b) => b.duration - a.duration).slice(0, 6)) {
      console.log(
        `    ${s.duration.toFixed(0).padStart(4)} ms  ${s.invoker}  ${s.source}${
          s.forcedLayout ? ` (forced layout ${s.forcedLayout.toFixed(0)} ms)` : ""
        }`,
      );
    }
  }
}

interface LoadFigures {
  jsTransfer: number;
  jsDecoded: number;
  cssTransfer: number;
  cssDecoded: number;
  fcp: number;
  usable: number;
  longTasks: number;
  longestTask: number;
  cpuTasks: number;
  longestCpu: number;
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
    else {
      await page.context().browser()!.startTracing(page, { categories: TRACE_CATEGORIES });
      await load();
    }
    const usable = await page.evaluate(() => performance.now());
    await page.waitForLoadState("load");
    const cpu = profileTitle
      ? []
      : mainThreadTasks(await page.context().browser()!.stopTracing(), DESCRIBE ? url : undefined);
    const figures = await page.evaluate((usable) => {
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
    }, usable);
    return {
      ...figures,
      cpuTasks: cpu.filter((t) => t.cpuMs > 50).length,
      longestCpu: Math.max(0, ...cpu.map((t) => t.cpuMs)),
    } as LoadFigures;
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
const kb = (n: number) => (n / 1024).toFixed(1);

type Api = (path: string, body: unknown) => Promise<unknown>;
interface List {
  label: string;
  /** The sidebar button that opens the section. */
  section: string;
  /** Rows counted once the section shows them, and how many to wait for. */
  rows: string;
  count: number;
  /** Data the list needs, through the API of the benchmark's own server (`url`). */
  seed?: (api: Api, url: string) => Promise<void>;
  /** Click as soon as the sidebar is there, while the dashboard is still loading (its charts). */
  early?: boolean;
}
interface ListFigures {
  ms: number;
  tasks: number;
  longest: number;
  /** Main-thread tasks whose own CPU time (thread time) was over 50 ms, and the longest. */
  cpuTasks: number;
  longestCpu: number;
  rows: number;
}

const TRACE_CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8"];

/**
 * The renderer main thread's tasks from a Chrome trace, with wall and CPU (thread) time. On a shared
 * machine a 5 ms slice of work can last 100 ms of wall time when the OS runs something else: the
 * browser's long tasks count that wait; thread time does not, so it names real long tasks under load.
 */
function mainThreadTasks(trace: Buffer | Uint8Array, describe?: string): { ms: number; cpuMs: number }[] {
  type Event = {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    ts: number;
    dur?: number;
    tdur?: number;
    args?: { name?: string; data?: { url?: string; functionName?: string } };
  };
  const { traceEvents } = JSON.parse(new TextDecoder().decode(trace)) as { traceEvents: Event[] };
  const main = new Set(
    traceEvents.filter((e) => e.name === "thread_name" && e.args?.name === "CrRendererMain").map((e) =>
      `${e.pid}:${e.tid}`
    ),
  );
  const onMain = traceEvents.filter((e) => e.ph === "X" && main.has(`${e.pid}:${e.tid}`));
  const tasks = onMain.filter((e) => e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask");
  if (describe) {
    // The longest task by CPU, and what ran inside it (nested events overlap: a script's
    // evaluation contains its compile; the sums name the kind of work, not a partition).
    const worst = [...tasks].sort((a, b) => (b.tdur ?? 0) - (a.tdur ?? 0))[0];
    if (worst) {
      const inside = new Map<string, number>();
      for (const e of onMain) {
        if (e === worst || e.ts < worst.ts || e.ts + (e.dur ?? 0) > worst.ts + (worst.dur ?? 0)) continue;
        const what = e.args?.data?.url ? `${e.name} ${e.args.data.url.replace(/^.*\/assets\//, "")}` : e.name;
        inside.set(what, (inside.get(what) ?? 0) + (e.tdur ?? e.dur ?? 0) / 1000);
      }
      console.log(`${describe}: longest task ${(worst.tdur ?? 0) / 1000} ms CPU (${(worst.dur ?? 0) / 1000} ms wall):`);
      for (const [what, ms] of [...inside].sort((a, b) => b[1] - a[1]).slice(0, 10)) {
        console.log(`    ${ms.toFixed(1).padStart(6)} ms  ${what}`);
      }
    }
  }
  return tasks.map((e) => ({ ms: (e.dur ?? 0) / 1000, cpuMs: (e.tdur ?? 0) / 1000 }));
}

const LISTS: List[] = [
  {
    label: "Users section, 50 per page",
    section: "User Management",
    rows: "table tbody tr",
    count: 50,
    // Enough users for a full page (the demo has a handful).
    seed: async (api) => {
      for (let i = 0; i < 55; i++) {
        await api("/api/admin/users", {
          firstName: `Bench${i}`,
          lastName: "User",
          email: `bench${i}@example.com`,
          password: "benchmark-pass",
          roleId: 2,
        });
      }
    },
  },
  {
    // The purchase request list shows 10 cards a page (each card is several rows' worth of elements):
    // measured at its page size with 60 requests in the database.
    label: "Purchase Requests section, 10 cards per page (60 requests)",
    section: "Purchase Requests",
    rows: "main article.card",
    count: 10,
    seed: async (_api, url) => {
      const login = await fetch(`${url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: url },
        body: JSON.stringify({ email: "purchase@example.com", password: "demo123" }),
      });
      const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0];
      if (login.status !== 200 || !cookie) throw new Error(`purchase team sign-in failed: ${login.status}`);
      const categories = await (await fetch(`${url}/api/categories`, { headers: { cookie } })).json();
      for (let i = 0; i < 60; i++) {
        const res = await fetch(`${url}/api/purchase-requests`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: url, cookie },
          body: JSON.stringify({
            title: `Bench request ${i}: office supplies for the ${i % 2 ? "north" : "south"} wing`,
            description: "Paper, toner and folders for the quarter.",
            department: ["Logistics", "Finance", "Operations"][i % 3],
            justification: "Stock runs out before the end of the quarter.",
            requestType: ["internal", "vendor_quote", "bid_required"][i % 3],
            categoryId: categories[i % categories.length].id,
            items: [
              { itemName: "A4 paper, 80 gsm", specification: "500 sheets", quantity: 20 + i, estimatedPrice: "4.25" },
              { itemName: "Toner cartridge", specification: "Black", quantity: 2, estimatedPrice: "89.90" },
            ],
          }),
        });
        if (res.status !== 201) throw new Error(`creating a purchase request: ${res.status} ${await res.text()}`);
      }
    },
  },
  {
    label: "Users section, 50 per page, clicked while the dashboard loads",
    section: "User Management",
    rows: "table tbody tr",
    count: 50,
    early: true,
  },
];

/**
 * One click from a settled dashboard (its charts loaded: what loads after the first paint is not
 * the list's) to `count` rows. The click and the wait run inside the page (a MutationObserver), not
 * through Playwright's locators, whose polling (accessible names, hit tests) runs on the page's main
 * thread and would add to the tasks measured.
 */
async function measureList(browser: Browser, url: string, cookie: string, list: List, profile: boolean) {
  const context = await browser.newContext({ baseURL: url });
  await context.addCookies([{ name: cookie.split("=")[0], value: cookie.split("=")[1], url }]);
  await context.addInitScript(OBSERVE);
  const page = await context.newPage();
  try {
    await page.goto("/");
    await page.waitForSelector('nav[aria-label="Dashboard sections"] button');
    if (!list.early) {
      await page.waitForLoadState("networkidle");
      await page.locator(".recharts-surface").first().waitFor({ timeout: 10_000 }).catch(() => {});
      await page.waitForTimeout(300);
    }
    const start = await page.evaluate(() => performance.now());
    const open = () =>
      page.evaluate(({ section, rows, count }) => {
        const nav = document.querySelector('nav[aria-label="Dashboard sections"]')!;
        const button = [...nav.querySelectorAll("button")].find((b) => b.textContent?.trim() === section);
        if (!button) throw new Error(`no section button ${section}`);
        return new Promise<void>((resolve) => {
          const done = () => document.querySelectorAll(rows).length >= count;
          const observer = new MutationObserver(() => {
            if (done()) observer.disconnect(), resolve();
          });
          observer.observe(document.body, { childList: true, subtree: true });
          button.click();
        });
      }, { section: list.section, rows: list.rows, count: list.count });
    if (profile) summariseProfile(list.label, (await profiled(page, open))[1]);
    else {
      await browser.startTracing(page, { categories: TRACE_CATEGORIES });
      await open();
    }
    const cpu = profile ? [] : mainThreadTasks(await browser.stopTracing(), DESCRIBE ? list.label : undefined);
    const end = await page.evaluate(() => performance.now());
    // Long tasks are reported a little after they end.
    await page.waitForTimeout(200);
    const { figures, frames } = await page.evaluate(({ start, end, rows }) => {
      const w = globalThis as unknown as { __longTasks: { start: number; duration: number }[]; __frames: Frame[] };
      const tasks = w.__longTasks.filter((t) => t.start >= start && t.start < end);
      return {
        figures: {
          ms: end - start,
          tasks: tasks.length,
          longest: Math.max(0, ...tasks.map((t) => t.duration)),
          rows: document.querySelectorAll(rows).length,
          cpuTasks: 0,
          longestCpu: 0,
        },
        frames: w.__frames.filter((f) => f.start >= start && f.start < end),
      };
    }, { start, end, rows: list.rows });
    if (profile || DESCRIBE) describeFrames(list.label, frames);
    return {
      ...figures,
      cpuTasks: cpu.filter((t) => t.cpuMs > 50).length,
      longestCpu: Math.max(0, ...cpu.map((t) => t.cpuMs)),
    };
  } finally {
    await context.close();
  }
}

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
    // CSS selectors, not role locators: those compute accessible names on the page's main thread.
    [
      "/login (signed out)",
      `${server.url}/login`,
      (p) => p.waitForSelector('form button[type="submit"]').then(() => {}),
    ],
    [
      "/ (admin dashboard)",
      `${server.url}/`,
      (p) => p.waitForSelector('nav[aria-label="Dashboard sections"] button').then(() => {}),
      cookie,
    ],
  ];
  const rows: string[] = [];
  for (const [label, url, ready, withCookie] of ONLY_LISTS ? [] : pages) {
    const runs: LoadFigures[] = [];
    // A profiled load is an extra one, not counted: the profiler slows the page down.
    if (PROFILE) await measureLoad(browser, url, ready, withCookie, label);
    for (let i = 0; i < RUNS; i++) runs.push(await measureLoad(browser, url, ready, withCookie));
    const m = (k: keyof LoadFigures) => median(runs.map((r) => r[k]));
    rows.push(
      `| ${label} | ${kb(m("jsTransfer"))} | ${kb(m("jsDecoded"))} | ${kb(m("cssTransfer"))} | ${
        kb(m("cssDecoded"))
      } | ${m("fcp").toFixed(0)} | ${m("usable").toFixed(0)} | ${m("longTasks")} | ${m("longestTask").toFixed(0)} | ${
        m("cpuTasks")
      } | ${m("longestCpu").toFixed(0)} |`,
    );
  }

  const lists: string[] = [];
  for (const list of LISTS) {
    if (list.seed) await list.seed(api, server.url);
    const runs: ListFigures[] = [];
    for (let i = PROFILE ? -1 : 0; i < RUNS; i++) {
      const figures = await measureList(browser, server.url, cookie, list, i < 0);
      if (i >= 0) runs.push(figures);
    }
    const lm = (k: keyof ListFigures) => median(runs.map((r) => r[k]));
    lists.push(
      `| ${list.label} | ${lm("rows")} | ${lm("ms").toFixed(0)} | ${lm("tasks")} | ${lm("longest").toFixed(0)} | ${
        lm("cpuTasks")
      } | ${lm("longestCpu").toFixed(0)} |`,
    );
  }

  const load = Deno.loadavg();
  console.log(
    `\nChromium first loads on loopback, median of ${RUNS} cold loads (load average ${
      loadBefore.toFixed(1)
    } at the start, ${load[0].toFixed(1)} at the end)\n`,
  );
  console.log(
    "| page | JS transferred KB | JS KB | CSS transferred KB | CSS KB | first contentful paint ms | usable ms | long tasks | longest task ms | tasks over 50 ms of CPU | longest task CPU ms |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const r of rows) console.log(r);
  console.log(
    `\n| list | rows | click to rows ms | long tasks (> 50 ms) | longest task ms | tasks over 50 ms of CPU | longest task CPU ms |`,
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- |");
  for (const r of lists) console.log(r);
} finally {
  await browser.close();
  await server.stop();
}

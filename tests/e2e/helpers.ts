/**
 * End-to-end tests drive the real server (`deno run -A src/main.ts`: embedded PGlite in a temp
 * DATA_DIR, demo seed, built SPA) with the system Chromium through playwright-core.
 * tests/run.ts builds the SPA when it is stale before running these; startServer() only checks it exists.
 */
import type { Browser, BrowserContext, Page } from "playwright-core";
import { freePort } from "../helpers/pg-cluster.ts";

export const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");
export const RESULTS_DIR = `${ROOT}/test-results`;

export function chromiumPath(): string | undefined {
  const candidates = [Deno.env.get("CHROMIUM_PATH"), "/usr/bin/chromium", "/usr/bin/chromium-browser"];
  for (const path of candidates) {
    if (!path) continue;
    try {
      if (Deno.statSync(path).isFile) return path;
    } catch {
      // next
    }
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// SPA build

async function newestMtime(path: string, skip: Set<string>): Promise<number> {
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(path);
  } catch {
    return 0;
  }
  if (!info.isDirectory) return info.mtime?.getTime() ?? 0;
  let newest = 0;
  for await (const e of Deno.readDir(path)) {
    if (skip.has(e.name)) continue;
    newest = Math.max(newest, await newestMtime(`${path}/${e.name}`, skip));
  }
  return newest;
}

/** True when web/dist is missing or older than any SPA source (web/, src/shared, build config, lockfile). */
export async function spaIsStale(): Promise<boolean> {
  const built = await newestMtime(`${ROOT}/web/dist/index.html`, new Set());
  if (!built) return true;
  const skip = new Set(["dist", "node_modules"]);
  const sources = await Promise.all(
    ["web", "src/shared", "vite.config.ts", "package.json", "package-lock.json"].map((p) =>
      newestMtime(`${ROOT}/${p}`, skip)
    ),
  );
  return Math.max(...sources) > built;
}

/** Build the SPA with Vite if it is stale; throws with Vite's output when the build fails. */
export async function ensureSpaBuilt(log: (line: string) => void = console.log): Promise<void> {
  if (!await spaIsStale()) return;
  log("Building the SPA (web/dist is missing or stale)...");
  const out = await new Deno.Command("node", {
    args: ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"],
    cwd: ROOT,
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  if (!out.success) throw new Error(`SPA build failed (exit ${out.code}):\n${text.trim()}`);
}

// ---------------------------------------------------------------------------------------------
// Server

export interface Server {
  url: string;
  dataDir: string;
  /** Everything the server printed so far, stdout and stderr interleaved. */
  output: string[];
  /** Lines the server logged at level error (JSON logs) or wrote as uncaught errors. */
  errors(): string[];
  stop(): Promise<void>;
}

async function collect(stream: ReadableStream<Uint8Array>, into: string[]) {
  let rest = "";
  const decoder = new TextDecoder();
  for await (const bytes of stream) {
    const lines = (rest + decoder.decode(bytes, { stream: true })).split("\n");
    rest = lines.pop()!;
    into.push(...lines);
  }
  if (rest) into.push(rest);
}

/** Start `src/main.ts` on a free port with a fresh embedded database and wait until /readyz answers. */
export async function startServer(env: Record<string, string> = {}): Promise<Server> {
  const dataDir = await Deno.makeTempDir({ prefix: "procurement-e2e-" });
  const port = freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "src/main.ts"],
    cwd: ROOT,
    env: {
      // Empty means unset to config.ts: a developer's own database or keys must not leak in.
      DATABASE_URL: "",
      JWT_SECRET: "",
      SEALED_BID_KEY: "",
      PUBLIC_URL: "",
      NODE_ENV: "development",
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NO_COLOR: "1",
      ...env,
    },
    stdin: "null",
    stdout: "piped",
    stderr: "piped",
  }).spawn();
  const output: string[] = [];
  const pumps = Promise.all([collect(child.stdout, output), collect(child.stderr, output)]);
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    if (!exited) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => !exited && child.kill("SIGKILL"), 15_000);
      await status;
      clearTimeout(timer);
    }
    await pumps.catch(() => {});
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  };

  const deadline = Date.now() + 180_000;
  while (true) {
    if (exited) {
      await pumps.catch(() => {});
      await stop();
      throw new Error(`The server exited before it was ready (code ${(await status).code}):\n${output.join("\n")}`);
    }
    try {
      const res = await fetch(`${url}/readyz`);
      await res.body?.cancel();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The server did not become ready within 180 s:\n${output.join("\n")}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }

  const errors = () =>
    output.filter((line) => {
      if (/^error: Uncaught|^Uncaught /.test(line)) return true;
      try {
        return JSON.parse(line).level === "error";
      } catch {
        return false;
      }
    });
  return { url, dataDir, output, errors, stop };
}

// ---------------------------------------------------------------------------------------------
// Browser

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("No Chromium found: set CHROMIUM_PATH or install chromium");
  // Imported here so tests/run.ts can use this module without loading Playwright.
  const { chromium } = await import("playwright-core");
  return await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
}

export interface TestPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors, console errors (CSP violations among them) and failed requests. */
  problems: string[];
  close(): Promise<void>;
}

/** A fresh context (empty storage) and page that records everything going wrong in the page. */
export async function openPage(
  browser: Browser,
  baseURL: string,
  opts: { colorScheme?: "light" | "dark"; viewport?: { width: number; height: number } } = {},
): Promise<TestPage> {
  const context = await browser.newContext({
    baseURL,
    colorScheme: opts.colorScheme ?? "light",
    viewport: opts.viewport ?? { width: 1280, height: 800 },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    // The signed-out SPA asks /api/auth/user and gets the expected 401; Chromium logs that as an error.
    if (m.type() === "error" && !/status of 401/.test(m.text())) problems.push(`console error: ${m.text()}`);
  });
  page.on("requestfailed", (r) => {
    // A reload or navigation aborts what the previous page still had in flight; that is not a fault.
    const reason = r.failure()?.errorText ?? "";
    if (!reason.includes("ERR_ABORTED")) problems.push(`request failed: ${r.url()} ${reason}`);
  });
  return { context, page, problems, close: () => context.close() };
}

/**
 * Everything one e2e test file needs, started on first use and stopped by the file's afterAll.
 * With `noServerErrors`, the afterAll fails the file if the server logged an error at any point of
 * it: checked after the last test whatever order or filter the tests ran in.
 */
export function e2eContext(options: { noServerErrors?: boolean } = {}) {
  let started: Promise<{ server: Server; browser: Browser }> | undefined;
  const get = () =>
    started ??= (async () => {
      const server = await startServer();
      try {
        return { server, browser: await launchBrowser() };
      } catch (e) {
        await server.stop();
        throw e;
      }
    })();
  Deno.test.afterAll(async () => {
    if (!started) return;
    const { server, browser } = await started.catch(() => ({ server: undefined, browser: undefined }));
    await browser?.close();
    await server?.stop();
    if (options.noServerErrors && server) {
      const errors = server.errors();
      if (errors.length) throw new Error(`the server logged errors during this file:\n${errors.join("\n")}`);
    }
  });
  return get;
}

export async function screenshot(page: Page, name: string) {
  await Deno.mkdir(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: `${RESULTS_DIR}/${name}.png`, fullPage: true });
}

/**
 * After `page.emulateMedia({ colorScheme })`: waits until the page reports that scheme and no CSS
 * transition is running (the theme's colours fade in), so axe's colour-contrast check reads the
 * final colours. A fixed pause was too short on a loaded machine (axe then saw half-faded dark
 * colours). Infinite animations (spinners) are not transitions and are not waited for.
 */
export async function colorSchemeSettled(page: Page, scheme: "light" | "dark") {
  await page.waitForFunction(
    (dark) =>
      matchMedia("(prefers-color-scheme: dark)").matches === dark &&
      document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"),
    scheme === "dark",
    { timeout: 5_000 },
  ).catch(() => {});
  // One more frame, so the settled styles are the ones painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

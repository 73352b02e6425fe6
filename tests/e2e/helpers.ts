/**
 * End-to-end tests drive the real server (`deno run -A src/main.ts`: embedded PGlite in a temp
 * DATA_DIR, demo seed, built SPA) with the system Chromium through playwright-core.
 * tests/run.ts builds the SPA when it is stale before running these; startServer() only checks it exists.
 * In the full pass every file shares one server and one Chromium (shared.ts); a file run alone
 * starts its own.
 */
import assert from "node:assert/strict";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { freePort } from "../helpers/pg-cluster.ts";

export const ROOT = new URL("../../", import.meta.url).pathname.replace(/\/$/, "");
export const RESULTS_DIR = `${ROOT}/test-results`;

/**
 * The browser: CHROMIUM_PATH, else (for the tests) Chromium's headless shell, the same engine and
 * version without the browser's own interface, which takes a third less CPU over the end-to-end
 * pass (docs/decisions/019-headless-shell.md), else Chromium. `full` is for measuring what users
 * get (bench/frontend.ts).
 */
export function chromiumPath(kind: "tests" | "full" = "tests"): string | undefined {
  const candidates = [
    Deno.env.get("CHROMIUM_PATH"),
    ...(kind === "tests" ? ["/usr/bin/chromium-headless-shell"] : []),
    "/usr/bin/chromium",
    "/usr/bin/chromium-browser",
  ];
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
  /** SIGTERM (SIGKILL after 15 s), and how the process ended. */
  stop(): Promise<Deno.CommandStatus>;
}

async function collect(stream: ReadableStream<Uint8Array>, into: string[], log?: Deno.FsFile) {
  let rest = "";
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  // Whole lines only, so the two streams never interleave inside a line of the log file.
  const write = (lines: string[]) => {
    if (!log || !lines.length) return;
    const bytes = encoder.encode(lines.map((l) => `${l}\n`).join(""));
    let written = 0;
    while (written < bytes.length) written += log.writeSync(bytes.subarray(written));
  };
  for await (const bytes of stream) {
    const lines = (rest + decoder.decode(bytes, { stream: true })).split("\n");
    rest = lines.pop()!;
    into.push(...lines);
    write(lines);
  }
  if (rest) {
    into.push(rest);
    write([rest]);
  }
}

/**
 * This test file's request id (every file runs in an isolate of its own, so this module's state is
 * the file's). openPage sends it as X-Request-Id on every request of the file's browser contexts and
 * the server logs it with each line about that request: with files running side by side against
 * one server, a file's server errors are told apart from its neighbours' (errorLines).
 */
export const FILE_REQUEST_ID = `e2e-${crypto.randomUUID().slice(0, 8)}`;

/**
 * Lines of server output that are errors: level error in the JSON logs, or an uncaught error. With
 * `ownId`, the errors of requests another e2e file sent (another `e2e-` request id) are left out;
 * errors of no request (the jobs) or of an untagged one still count, wherever they came from.
 */
export function errorLines(lines: string[], ownId?: string): string[] {
  return lines.filter((line) => {
    if (/^error: Uncaught|^Uncaught /.test(line)) return true;
    try {
      const entry = JSON.parse(line);
      if (entry.level !== "error") return false;
      const id = entry.requestId ?? entry.fields?.requestId;
      return !(ownId && typeof id === "string" && id.startsWith("e2e-") && id !== ownId);
    } catch {
      return false;
    }
  });
}

/**
 * Start `src/main.ts` on a free port with a fresh embedded database and wait until /readyz answers.
 * With `logFile`, everything it prints is also appended there.
 */
export async function startServer(
  env: Record<string, string> = {},
  options: { logFile?: string } = {},
): Promise<Server> {
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
  const log = options.logFile
    ? await Deno.open(options.logFile, { create: true, append: true, write: true })
    : undefined;
  const pumps = Promise.all([collect(child.stdout, output, log), collect(child.stderr, output, log)])
    .finally(() => log?.close());
  let exited = false;
  const status = child.status.then((s) => {
    exited = true;
    return s;
  });

  let stopped = false;
  const stop = async () => {
    if (stopped) return await status;
    stopped = true;
    if (!exited) {
      child.kill("SIGTERM");
      const timer = setTimeout(() => !exited && child.kill("SIGKILL"), 15_000);
      await status;
      clearTimeout(timer);
    }
    await pumps.catch(() => {});
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
    return await status;
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

  return { url, dataDir, output, errors: () => errorLines(output), stop };
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

/** A Chromium of its own (bench/frontend.ts; the e2e files use e2eContext's shared one). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = chromiumPath("full");
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
    extraHTTPHeaders: { "x-request-id": FILE_REQUEST_ID },
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
  page.on("console", (m) => {
    // A 401 is expected where a test ends a session under a page (sign-out, restore, role change);
    // signed-out pages themselves log none (GET /api/auth/session answers 200: tests/e2e/landing.test.ts).
    if (m.type() === "error" && !/status of 401/.test(m.text())) problems.push(`console error: ${m.text()}`);
  });
  page.on("requestfailed", (r) => {
    // A reload or navigation aborts what the previous page still had in flight; that is not a fault.
    const reason = r.failure()?.errorText ?? "";
    if (!reason.includes("ERR_ABORTED")) problems.push(`request failed: ${r.url()} ${reason}`);
  });
  return { context, page, problems, close: () => context.close() };
}

/** What a test file reaches: the server (its URL) and the email provider edge (fake-email.ts). */
export interface E2eServer {
  url: string;
}

/** The email edge as a test file sees it: route the server's provider calls to a provider of its own. */
export interface EmailRoute {
  /** Send the server's SMTP2GO / SendGrid calls to `target` (http://host:port) until `restore()`. */
  routeTo(target: string): Promise<void>;
  /** Back to the default fake provider, which accepts everything. */
  restore(): Promise<void>;
}

function emailRoute(edgeUrl: string): EmailRoute {
  const call = async (method: string, body?: unknown) => {
    const res = await fetch(`${edgeUrl}/__e2e/route`, {
      method,
      headers: body ? { "content-type": "application/json" } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`email edge: ${method} /__e2e/route answered ${res.status}: ${text}`);
  };
  return { routeTo: (target) => call("PUT", { target }), restore: () => call("DELETE") };
}

function readLogFrom(path: string, offset: number): string[] {
  const bytes = Deno.readFileSync(path);
  return new TextDecoder().decode(bytes.subarray(offset)).split("\n");
}

/**
 * Everything one e2e test file needs: the server, a browser and the email edge. In the full pass
 * (the E2E_* variables of shared.ts are set) they are the shared ones: the browser is a connection to
 * the shared Chromium, closed (disconnected) by the file's afterAll; the server is never stopped here.
 * Run alone, the file starts its own environment on first use and stops it in afterAll.
 *
 * With `noServerErrors`, the afterAll fails the file if the server logged an error while the file
 * ran (the lines of the server's log written since the file started), whatever order or filter the
 * tests ran in.
 */
export function e2eContext(options: { noServerErrors?: boolean } = {}) {
  const sharedUrl = Deno.env.get("E2E_BASE_URL");
  const sharedLog = Deno.env.get("E2E_SERVER_LOG");
  // The shared server's log before this file did anything: only what follows is this file's.
  const logOffset = sharedUrl && sharedLog ? Deno.statSync(sharedLog).size : 0;
  type Ctx = { server: E2eServer; browser: Browser; email: EmailRoute; log: string; stop?: () => Promise<void> };
  let started: Promise<Ctx> | undefined;
  const get = () =>
    started ??= (async (): Promise<Ctx> => {
      let env: Record<string, string>;
      let stop: (() => Promise<void>) | undefined;
      if (sharedUrl) {
        env = Deno.env.toObject();
      } else {
        const { startE2eEnvironment } = await import("./shared.ts");
        const own = await startE2eEnvironment();
        env = own.env;
        stop = own.stop;
      }
      const need = (name: string) => {
        const value = env[name];
        if (!value) throw new Error(`${name} is not set (tests/e2e/shared.ts sets it with E2E_BASE_URL)`);
        return value;
      };
      try {
        const { chromium } = await import("playwright-core");
        const browser = await chromium.connect(need("E2E_WS_ENDPOINT"));
        return {
          server: { url: need("E2E_BASE_URL") },
          browser,
          email: emailRoute(need("E2E_EMAIL_URL")),
          log: need("E2E_SERVER_LOG"),
          stop,
        };
      } catch (e) {
        await stop?.();
        throw e;
      }
    })();
  Deno.test.afterAll(async () => {
    if (!started) return;
    const ctx = await started.catch(() => undefined);
    if (!ctx) return;
    // A connected browser's close() ends this file's contexts and disconnects; Chromium keeps running.
    await ctx.browser.close();
    const errors = options.noServerErrors ? errorLines(readLogFrom(ctx.log, logOffset), FILE_REQUEST_ID) : [];
    await ctx.stop?.();
    if (errors.length) throw new Error(`the server logged errors during this file:\n${errors.join("\n")}`);
  });
  return get;
}

// ---------------------------------------------------------------------------------------------
// Fixtures

export const DEMO_PASSWORD = "demo123";

/**
 * Sign a tab in through the API, the way design.md asks of every test but those of sign-in itself:
 * the session cookie lands in the tab's browser context. No email: the administrator (admin /
 * admin123). With `goto`, the page then opens that path.
 */
export async function signIn(
  tab: TestPage,
  email?: string,
  options: { password?: string; goto?: string } = {},
): Promise<void> {
  const res = email
    ? await tab.context.request.post("/api/auth/login", {
      data: { email, password: options.password ?? DEMO_PASSWORD },
    })
    : await tab.context.request.post("/api/admin/login", {
      data: { username: "admin", password: options.password ?? "admin123" },
    });
  assert.equal(res.status(), 200, `sign-in as ${email ?? "admin"}: ${res.status()} ${await res.text()}`);
  if (options.goto) await tab.page.goto(options.goto);
}

/**
 * A vendor of its own for a test that must not share the demo vendor's opportunities: registered,
 * approved by the administrator (`admin`, a signed-in admin tab), its password set through the
 * approval email's one-time link, subscribed to `categoryIds`. Returns its email and password.
 */
export async function createVendor(
  admin: TestPage,
  categoryIds: number[],
  name = "E2E Vendor",
): Promise<{ email: string; password: string; companyName: string }> {
  const api = admin.context.request;
  const stamp = crypto.randomUUID().slice(0, 8);
  const email = `vendor.${stamp}@example.com`;
  const companyName = `${name} ${stamp}`;
  const password = `vendor-pass-${stamp}`;
  const registered = await api.post("/api/vendor/register", {
    multipart: {
      firstName: "Test",
      lastName: "Vendor",
      email,
      companyName,
      contactPerson: "Test Vendor",
      phone: "+1 555 0100",
      categoryIds: categoryIds.join(","),
    },
  });
  assert.equal(registered.status(), 201, await registered.text());
  const pending = await (await api.get("/api/admin/vendors/pending")).json() as { id: number; email: string }[];
  const vendor = pending.find((v) => v.email === email);
  assert.ok(vendor, `${email} is pending approval`);
  const approved = await api.patch(`/api/admin/vendors/${vendor.id}/status`, { data: { status: "approved" } });
  assert.equal(approved.status(), 200, await approved.text());
  const outbox = await (await api.get("/api/admin/outbox?limit=50")).json() as { id: number; recipient: string }[];
  const mail = outbox.find((m) => m.recipient === email);
  assert.ok(mail, `an approval email to ${email} is in the outbox`);
  // The outbox keeps the token hidden; the administrator reveals it (no email provider in the demo).
  const revealed = await (await api.post(`/api/admin/outbox/${mail.id}/reveal`)).json() as { body: string };
  const token = /\/set-password\?token=([^\s&]+)/.exec(revealed.body)?.[1];
  assert.ok(token, `the approval email to ${email} carries a set-password link`);
  const set = await api.post("/api/auth/set-password", { data: { token: decodeURIComponent(token), password } });
  assert.equal(set.status(), 200, await set.text());
  return { email, password, companyName };
}

// ---------------------------------------------------------------------------------------------
// Waiting for conditions (never for a fixed time)

/**
 * Poll `condition` until it returns something truthy and return that; fail the test with `what` when
 * it has not happened within `timeout` ms. For what a locator's own waitFor cannot express (a
 * value, a count, something a fake provider received).
 */
export async function waitUntil<T>(
  condition: () => T | Promise<T>,
  what: string,
  { timeout = 15_000, interval = 100 }: { timeout?: number; interval?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeout;
  while (true) {
    const value = await condition();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}

/**
 * Live figures against a shared database: `check` compares a screen with `read()` (the API's answer,
 * read before the screen is opened). Other files of the pass write to the same database meanwhile,
 * so a failing check is tried again (the screen opened anew by `check`) only when the answer has
 * changed since it was read; a failure on figures that did not move fails the test.
 */
export async function checkAgainstLive<T>(
  read: () => Promise<T>,
  check: (live: T) => Promise<void>,
  attempts = 5,
): Promise<T> {
  for (let attempt = 1;; attempt++) {
    const live = await read();
    try {
      await check(live);
      return live;
    } catch (e) {
      const moved = JSON.stringify(await read()) !== JSON.stringify(live);
      if (!moved || attempt >= attempts) throw e;
    }
  }
}

/** Wait until the input shows `value` (e.g. a form filled in from data that loads). */
export async function expectValue(input: Locator, value: string, timeout = 15_000) {
  let last = "";
  await waitUntil(async () => (last = await input.inputValue()) === value, `${input} to have the value "${value}"`, {
    timeout,
  }).catch((e) => {
    throw new Error(`${(e as Error).message} (it has "${last}")`);
  });
}

/** Wait until the element's text matches `text` (a substring or a pattern). */
export async function expectText(locator: Locator, text: string | RegExp, timeout = 15_000) {
  let last = "";
  const matches = (s: string) => typeof text === "string" ? s.includes(text) : text.test(s);
  await waitUntil(async () => matches(last = await locator.innerText()), `${locator} to show ${text}`, { timeout })
    .catch((e) => {
      throw new Error(`${(e as Error).message} (it shows "${last}")`);
    });
}

/**
 * Screenshots are for people to look at (test-results/NAME.png); no test reads them. Encoding a
 * PNG is a large part of Chromium's work in the pass, so the gate runs without them
 * (E2E_SCREENSHOTS=0, set by tests/run.ts unless it is given --screenshots); a file run on its own
 * takes them.
 */
export const SCREENSHOTS = Deno.env.get("E2E_SCREENSHOTS") !== "0";

/** A screenshot of the whole page (or of the viewport, with `{ fullPage: false }`), or of one element. */
export async function screenshot(target: Page | Locator, name: string, opts: { fullPage?: boolean } = {}) {
  if (!SCREENSHOTS) return;
  await Deno.mkdir(RESULTS_DIR, { recursive: true });
  const path = `${RESULTS_DIR}/${name}.png`;
  if ("goto" in target) await target.screenshot({ path, fullPage: opts.fullPage ?? true });
  else await target.screenshot({ path });
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
    { timeout: 10_000 },
  ).catch((e) => {
    throw new Error(`the ${scheme} colour scheme did not settle (a CSS transition still running): ${e}`);
  });
  // One more frame, so the settled styles are the ones painted.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
}

/**
 * One server and one Chromium for the whole end-to-end pass. Deno runs every test file in an
 * isolate of its own, so the sharing goes through the environment: tests/run.ts calls
 * startE2eEnvironment() once, gives `env` to the `deno test` child and calls stop() afterwards.
 * e2eContext() (helpers.ts) reads these variables; without them a file starts all of this itself.
 *
 * Environment variables:
 *   E2E_BASE_URL     the server's URL (src/main.ts: embedded PGlite in a temp DATA_DIR, demo seed)
 *   E2E_WS_ENDPOINT  the Chromium server's Playwright endpoint, for `chromium.connect()`
 *   E2E_SERVER_LOG   a file the server's stdout and stderr are appended to, line by line; a test file
 *                    with `noServerErrors` checks only the lines written while it ran, less those
 *                    of requests another file sent (each file's X-Request-Id, helpers.ts)
 *   E2E_EMAIL_URL    the email provider edge (fake-email.ts): where the server's SMTP2GO / SendGrid
 *                    calls go, and where a test file routes them to a provider of its own
 *
 * Every file shares the database, and two files run at a time (docs/decisions/019), so a file may
 * not rely on what another did or did not do to it: it creates its own users and data, or asserts
 * relative to what it read (checkAgainstLive). A file that changes what every file sees (a setting)
 * runs alone: E2E_EXCLUSIVE in tests/run.ts.
 *
 * Usage (tests/run.ts):
 *   const e2e = await startE2eEnvironment();
 *   try { await denoTest(files, { ...baseEnv(), ...e2e.env }); } finally { await e2e.stop(); }
 */
import type { BrowserServer } from "playwright-core";
import { startEmailEdge } from "./fake-email.ts";
import { CHROMIUM_ARGS, chromiumPath, type Server, startServer } from "./helpers.ts";

export const E2E_ENV = {
  baseUrl: "E2E_BASE_URL",
  wsEndpoint: "E2E_WS_ENDPOINT",
  serverLog: "E2E_SERVER_LOG",
  emailUrl: "E2E_EMAIL_URL",
} as const;

export interface E2eEnvironment {
  env: Record<string, string>;
  stop(): Promise<void>;
}

export async function startE2eEnvironment(): Promise<E2eEnvironment> {
  const executablePath = chromiumPath();
  if (!executablePath) throw new Error("No Chromium found: set CHROMIUM_PATH or install chromium");
  const logDir = await Deno.makeTempDir({ prefix: "procurement-e2e-log-" });
  const logFile = `${logDir}/server.log`;
  const email = startEmailEdge();
  let server: Server | undefined;
  let chromium: BrowserServer | undefined;
  const stop = async () => {
    await chromium?.close();
    await server?.stop();
    await email.stop();
    await Deno.remove(logDir, { recursive: true }).catch(() => {});
  };
  try {
    server = await startServer(email.env, { logFile });
    // Imported here so tests/run.ts loads Playwright only when the Chromium pass runs.
    const playwright = await import("playwright-core");
    chromium = await playwright.chromium.launchServer({ executablePath, args: CHROMIUM_ARGS });
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    env: {
      [E2E_ENV.baseUrl]: server.url,
      [E2E_ENV.wsEndpoint]: chromium.wsEndpoint(),
      [E2E_ENV.serverLog]: logFile,
      [E2E_ENV.emailUrl]: email.url,
    },
    stop,
  };
}

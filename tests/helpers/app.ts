/**
 * The app in-process, as API tests use it: `await app.request(path, init)`, no server, no port.
 * Each testApp() has its own fresh database (see db.ts); call close() at the end of the file.
 */
import { type ErrorCode, isErrorCode } from "../../src/shared/error-codes.ts";
import "./setup.ts";
import { createApp } from "../../src/app.ts";
import type { Deps } from "../../src/lib/deps.ts";
import { createLogger, type Logger } from "../../src/lib/logger.ts";
import { testSecrets } from "../../src/lib/secrets.ts";
import type { Db } from "../../src/db/types.ts";
import { testConfig, testDb } from "./db.ts";
import { checkAnswer } from "./contract.ts";

export interface TestAppOptions {
  /** Environment overrides, parsed by the real config parser (e.g. `{ PUBLIC_URL: "https://x.test" }`). */
  env?: Record<string, string | undefined>;
  demoMode?: boolean;
  logger?: Logger;
  /** Serve the SPA from this directory (a built web/dist or a fixture). */
  webRoot?: string;
  /** Use this database instead of a fresh one (close() then leaves it open). */
  db?: Db;
  /** A disk guard, as the embedded database has (src/lib/storage-guard.ts). */
  storage?: Deps["storage"];
}

export interface TestApp {
  app: ReturnType<typeof createApp>;
  db: Db;
  deps: Deps;
  close(): Promise<void>;
}

export async function testApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const own = opts.db ? undefined : await testDb();
  const db = opts.db ?? own!.db;
  const deps: Deps = {
    db,
    config: testConfig(opts.env),
    secrets: testSecrets(),
    logger: opts.logger ?? createLogger("silent"),
    version: "test",
    demoMode: opts.demoMode ?? false,
    webRoot: opts.webRoot,
    storage: opts.storage,
  };
  return { app: checked(createApp(deps)), db, deps, close: async () => await own?.close() };
}

/** The app whose `request` checks every answer against the route's documented contract (contract.ts). */
function checked(app: ReturnType<typeof createApp>): ReturnType<typeof createApp> {
  const request = app.request.bind(app);
  app.request = (async (input: RequestInfo | URL, init?: RequestInit, ...rest: unknown[]) => {
    const res = await (request as (...a: unknown[]) => Response | Promise<Response>)(input, init, ...rest);
    const method = (input instanceof Request ? input.method : init?.method ?? "GET").toUpperCase();
    const url = input instanceof Request ? input.url : String(input);
    await checkAnswer(app, method, new URL(url, "http://localhost").pathname, res);
    return res;
  }) as typeof app.request;
  return app;
}

/** A logger that keeps its lines, for tests that check what was logged. */
export function recordingLogger(): Logger & {
  lines: { level: string; msg: string; fields?: Record<string, unknown> }[];
} {
  const lines: { level: string; msg: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (msg: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, msg, fields });
  return { lines, debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
}

/** Read a JSON response after checking its status and content type, in that order (design.md section 5). */
export async function expectJson<T = Record<string, unknown>>(res: Response, status: number): Promise<T> {
  const body = await res.text();
  if (res.status !== status) throw new Error(`expected status ${status}, got ${res.status}: ${body.slice(0, 500)}`);
  const type = res.headers.get("content-type") ?? "";
  if (!type.startsWith("application/json")) throw new Error(`expected JSON, got "${type}": ${body.slice(0, 200)}`);
  return JSON.parse(body) as T;
}

/**
 * An error body without its `code` and `params` (src/shared/error-codes.ts), for tests that compare
 * the message and extra fields; every error body must carry a known code, which this checks.
 */
export function withoutCode<T extends Record<string, unknown>>(body: T): Omit<T, "code" | "params"> {
  if (typeof body.code !== "string" || !isErrorCode(body.code)) {
    throw new Error(`error body without a known code: ${JSON.stringify(body)}`);
  }
  const { code: _code, params: _params, ...rest } = body;
  return rest;
}

/** Read an error response: status, JSON, and a known error code; returns the body. */
export async function expectError(
  res: Response,
  status: number,
  code?: ErrorCode,
): Promise<{ message: string; code: ErrorCode; params?: Record<string, unknown>; [k: string]: unknown }> {
  const body = await expectJson<Record<string, unknown>>(res, status);
  withoutCode(body);
  if (code && body.code !== code) throw new Error(`expected code ${code}, got ${body.code}: ${body.message}`);
  return body as { message: string; code: ErrorCode };
}

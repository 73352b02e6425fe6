import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./deps.ts";
import type { Logger } from "./logger.ts";

/** The request's log line (none for health checks and static assets). */
export function logRequest(c: Context<AppEnv>, id: string, start: number) {
  const path = c.req.path;
  if (path === "/healthz" || path.startsWith("/assets/")) return;
  const method = c.req.method;
  // A quotation submission's author is left out: on a sealed bid, who bid must not show before
  // unsealing, and the log line would pair a vendor with the sealed audit entry written at that time.
  const userId = path === "/api/vendor/quotations" && method === "POST" ? undefined : c.get("user")?.id;
  logAnswer(c.get("deps").logger, id, method, path, c.res.status, start, userId);
}

/**
 * Writes a request's log line: the fields every reader of the request log expects, in this order.
 * The line is built by hand (the same text as `info("request", fields)`, src/lib/logger.test.ts
 * compares them): the generic path copies the fields into a new object, checks each name for a
 * secret and serialises it generically. The request id needs no escaping: Hono's requestId keeps a
 * client's id only when it is made of [A-Za-z0-9_=-], and makes a UUID otherwise.
 */
export function logAnswer(
  logger: Logger,
  requestId: string,
  method: string,
  path: string,
  status: number,
  start: number,
  userId: number | undefined,
) {
  const ms = Math.round((performance.now() - start) * 10) / 10;
  if (!logger.infoLine) {
    logger.info("request", { requestId, method, path, status, ms, userId });
    return;
  }
  logger.infoLine((time) =>
    `{"time":"${time}","level":"info","msg":"request","requestId":"${requestId}","method":${
      JSON.stringify(method)
    },"path":${JSON.stringify(path)},"status":${status},"ms":${ms}${userId === undefined ? "" : `,"userId":${userId}`}}`
  );
}

/**
 * One JSON log line per request, with the id Hono's requestId middleware (hono/request-id, put
 * before this one) gave the request and returns in X-Request-Id. That middleware sets the header
 * before the handler, which reaches only answers Hono's context builds (`c.json`, `c.body`); a
 * handler's own `new Response` (the XLSX exports) gets it here.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const start = performance.now();
  await next();
  const id = c.get("requestId");
  if (!c.res.headers.has("x-request-id")) c.header("X-Request-Id", id);
  logRequest(c, id, start);
};

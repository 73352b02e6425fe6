import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "./deps.ts";
import type { Logger } from "./logger.ts";

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/**
 * `new URL(url).pathname` without parsing: a Request's url is already a serialised URL
 * (scheme://authority/path?query#fragment, the authority never holding a "/", "?" or "#").
 */
export function pathnameOf(url: string): string {
  const scheme = url.indexOf("://");
  if (scheme < 0) return new URL(url).pathname;
  const start = url.indexOf("/", scheme + 3);
  if (start < 0) return "/";
  let end = url.length;
  for (let i = start; i < url.length; i++) {
    const ch = url.charCodeAt(i);
    if (ch === 63 /* ? */ || ch === 35 /* # */) {
      end = i;
      break;
    }
  }
  return url.slice(start, end);
}

/**
 * One request header, read without exposing `req.headers`. On a request from `Deno.serve`, the
 * first touch of `req.headers` makes Deno copy the whole header list before the request closes
 * (`cacheRequestHeaders`) and finish the answer through a promise instead of synchronously
 * (`requestHeadersExposed` in ext:deno_http/00_serve.ts): about 8 µs of CPU on a signed-in call
 * (docs/benchmarks.md, "Throughput of the per-request path"). The server's inner request object
 * answers a single header by name (one op, `op_http_get_request_header`: what `req.headers.get`
 * itself calls while the list is not copied). That object sits under a symbol-keyed own property
 * described "request" (Deno 2.x); when it is missing or has no `header` method (a Request built in
 * JavaScript, as `app.request()` in tests makes, or another Deno), `req.headers.get` is used.
 * The name must be given in lower case.
 */
let innerKey: symbol | null | undefined;
export function requestHeader(req: Request, name: string): string | null {
  if (innerKey === undefined) {
    innerKey = Object.getOwnPropertySymbols(req).find((s) => s.description === "request") ?? null;
  }
  if (innerKey !== null) {
    const inner = (req as unknown as Record<symbol, { header?: unknown } | undefined>)[innerKey];
    if (inner && typeof inner.header === "function") {
      const value = (inner.header as (name: string) => string | null | undefined).call(inner, name);
      return typeof value === "string" ? value : null;
    }
  }
  return req.headers.get(name);
}

/**
 * Request ids: the UUID shape every log reader expects, made of a random per-process prefix and a
 * counter instead of a fresh `crypto.randomUUID()` per request. Ids only correlate log lines (they
 * are no secret and grant nothing): unique within a process by the counter (10^12 ids before it
 * wraps), across processes and restarts by the 72 random bits of the prefix.
 */
const PREFIX = crypto.randomUUID().slice(0, 24); // "xxxxxxxx-xxxx-4xxx-yxxx-"
let counter = 0;
export function nextRequestId(): string {
  counter = counter >= 999_999_999_999 ? 0 : counter + 1;
  // Decimal digits: hexadecimal formatting of a number is several times slower in V8.
  return PREFIX + String(counter).padStart(12, "0");
}

/** The client's X-Request-Id when it is sane (kept for tracing across services), a new one otherwise. */
export function requestIdFor(incoming: string | null | undefined): string {
  return incoming && REQUEST_ID.test(incoming) ? incoming : nextRequestId();
}

/** Sets X-Request-Id on the response (copying a response whose headers cannot change, as Hono does). */
export function setRequestIdHeader(c: Context<AppEnv>, id: string) {
  // On the response's own headers: c.header() after the handler copies the whole Response first.
  try {
    c.res.headers.set("X-Request-Id", id);
  } catch {
    c.header("X-Request-Id", id);
  }
}

/** The request's log line (none for health checks and static assets). */
export function logRequest(c: Context<AppEnv>, id: string, start: number) {
  const path = pathnameOf(c.req.url);
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
 * secret and serialises it generically, a measurable share of a trivial request's CPU
 * (docs/benchmarks.md). The request id needs no escaping (requestIdFor: [A-Za-z0-9._-] only).
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
 * One JSON log line per request, with an id that is also returned in X-Request-Id. The app runs
 * the same steps inside its one global middleware (src/lib/pipeline.ts); this stand-alone form is
 * for apps built from parts.
 */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const id = requestIdFor(c.req.header("x-request-id"));
  c.set("requestId", id);
  const start = performance.now();
  await next();
  setRequestIdHeader(c, id);
  logRequest(c, id, start);
};

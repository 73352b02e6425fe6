import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./deps.ts";

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

/** One JSON log line per request, with an id that is also returned in X-Request-Id. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const id = incoming && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", id);
  const start = performance.now();
  await next();
  // On the response's own headers: c.header() after the handler copies the whole Response first.
  // Headers that cannot change (a Response.redirect()) take the copying path.
  try {
    c.res.headers.set("X-Request-Id", id);
  } catch {
    c.header("X-Request-Id", id);
  }
  const path = pathnameOf(c.req.url);
  if (path === "/healthz" || path.startsWith("/assets/")) return;
  const method = c.req.method;
  c.get("deps").logger.info("request", {
    requestId: id,
    method,
    path,
    status: c.res.status,
    ms: Math.round((performance.now() - start) * 10) / 10,
    // A quotation submission's author is left out: on a sealed bid, who bid must not show before
    // unsealing, and the log line would pair a vendor with the sealed audit entry written at that time.
    userId: path === "/api/vendor/quotations" && method === "POST" ? undefined : c.get("user")?.id,
  });
};

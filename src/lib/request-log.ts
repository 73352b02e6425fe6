import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "./deps.ts";

/** One JSON log line per request, with an id that is also returned in X-Request-Id. */
export const requestLog: MiddlewareHandler<AppEnv> = async (c, next) => {
  const incoming = c.req.header("x-request-id");
  const id = incoming && /^[A-Za-z0-9._-]{1,64}$/.test(incoming) ? incoming : crypto.randomUUID();
  c.set("requestId", id);
  const start = performance.now();
  await next();
  c.header("X-Request-Id", id);
  const { logger } = c.get("deps");
  const path = new URL(c.req.url).pathname;
  if (path === "/healthz" || path.startsWith("/assets/")) return;
  logger.info("request", {
    requestId: id,
    method: c.req.method,
    path,
    status: c.res.status,
    ms: Math.round((performance.now() - start) * 10) / 10,
    // A quotation submission's author is left out: on a sealed bid, who bid must not show before
    // unsealing, and the log line would pair a vendor with the sealed audit entry written at that time.
    userId: path === "/api/vendor/quotations" && c.req.method === "POST" ? undefined : c.get("user")?.id,
  });
};

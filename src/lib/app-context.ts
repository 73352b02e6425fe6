/**
 * The app's first middleware: what every handler reads from the context (dependencies, the session
 * and list caches), and what a change made through this instance means once its handler is done.
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv, Deps } from "./deps.ts";
import type { SessionCache } from "../auth/session-cache.ts";
import type { ListCache } from "./list-cache.ts";

export function appContext(
  { deps, sessionCache, listCache }: { deps: Deps; sessionCache: SessionCache; listCache: ListCache },
): MiddlewareHandler<AppEnv> {
  return async function appContext(c, next) {
    c.set("deps", deps);
    c.set("sessionCache", sessionCache);
    c.set("listCache", listCache);
    await next();
    const method = c.req.method;
    if (method !== "GET" && method !== "HEAD") {
      // Any change made through this instance may concern a user (status, role, password, vendor
      // decision): the next request reads users afresh.
      sessionCache.clear();
      // Read-your-writes on this instance: the change is committed and its answer not yet sent, and
      // the database's notification of it may arrive later (docs/decisions/017-list-answer-cache.md).
      listCache.invalidate();
    }
    // Stopping: the client opens its next request elsewhere instead of reusing this connection.
    if (deps.lifecycle?.draining) c.header("Connection", "close");
  };
}

/**
 * The app's global middleware as one function instead of a chain of seven (dependencies, request
 * id and log, security headers, body limit, origin check, session, organisation time zone).
 * Each link of a Hono chain is an async function, a closure and a promise per request; on a
 * trivial endpoint they cost more than the work they do (docs/benchmarks.md, "Throughput of the
 * per-request path"). The steps and their order are those of the chain; the stand-alone
 * middlewares (requestLog, securityHeaders) do the same steps.
 */
import type { ErrorHandler, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv, Deps } from "./deps.ts";
import type { SessionCache } from "../auth/session-cache.ts";
import type { ListCache } from "./list-cache.ts";
import { cachedSessionUser, currentUserAnswer, resolveSession } from "../auth/session.ts";
import type { Logger } from "./logger.ts";
import { PayloadTooLarge } from "./errors.ts";
import { logAnswer, logRequest, pathnameOf, requestHeader, requestIdFor, setRequestIdHeader } from "./request-log.ts";
import { applySecurityHeaders, checkOrigin, isCompleteResponse, jsonTemplate } from "./security.ts";
import { useOrganisationTimeZone } from "./organisation-time-zone.ts";

export interface PipelineOptions {
  deps: Deps;
  sessionCache: SessionCache;
  listCache: ListCache;
  /** The app's error handler: a refusal by one of the API steps is answered as a handler's error is. */
  onError: ErrorHandler<AppEnv>;
  /** Largest request body of an /api request, in bytes. */
  maxBodyBytes: number;
}

const noop = () => Promise.resolve();
const HEALTHY = jsonTemplate(JSON.stringify({ status: "ok" }));

export interface FrontDoorOptions {
  sessionCache: SessionCache;
  logger: Logger;
}

/**
 * The app's entry (createApp puts it in front of Hono's `fetch`, so the server and app.request()
 * take it alike): the two hottest calls are answered before Hono's dispatch, which costs more than
 * the work they need (context, request wrapper, router, compose; docs/benchmarks.md).
 * - `GET /healthz`, the platform's liveness probe: fixed and not logged, so a copy of one answer
 *   with the security headers of any JSON answer and no X-Request-Id (there is no log line to
 *   correlate; reading the request's headers alone makes Deno materialise and keep them all).
 * - `GET /api/auth/user`, the call the SPA makes on every load, when the session is fully cached and
 *   needs no Set-Cookie (src/auth/session.ts cachedSessionUser: the same checks as the pipeline's);
 *   logged with the same fields as any request. A GET has no body to limit, no origin to check
 *   (safe method) and no time zone to set; the route's guard (signed in) is the session itself.
 * Everything else, and these two whenever anything is missing, takes the ordinary path.
 */
export function frontDoor<A extends unknown[]>(
  fetch: (req: Request, ...rest: A) => Response | Promise<Response>,
  { sessionCache, logger }: FrontDoorOptions,
): (req: Request, ...rest: A) => Response | Promise<Response> {
  return (req, ...rest) => {
    if (req.method === "GET") {
      const path = pathnameOf(req.url);
      if (path === "/healthz") return HEALTHY.clone();
      if (path === "/api/auth/user" || path === "/api/auth/session") {
        const start = performance.now();
        // Header by header, without `req.headers` (requestHeader: it would copy them all and
        // finish the answer through a promise).
        const user = cachedSessionUser(sessionCache, requestHeader(req, "cookie"));
        if (user) {
          const id = requestIdFor(requestHeader(req, "x-request-id"));
          const res = currentUserAnswer(user, id);
          logAnswer(logger, id, "GET", path, 200, start, user.id);
          return res;
        }
      }
    }
    return fetch(req, ...rest);
  };
}

/**
 * The one request whose body is not capped by MAX_BODY_BYTES: a backup being restored is read as a
 * stream and may be as large as the database (the storage guard still weighs it).
 */
export const RESTORE_PATH = "/api/admin/restore-database";

export function requestPipeline(
  { deps, sessionCache, listCache, onError, maxBodyBytes }: PipelineOptions,
): MiddlewareHandler<AppEnv> {
  const limit = bodyLimit({
    maxSize: maxBodyBytes,
    onError: () => {
      throw new PayloadTooLarge("generic.payloadTooLarge");
    },
  });

  return async function pipeline(c, next) {
    // The liveness probe (every few seconds from the platform) needs none of the steps below: no
    // body, origin, session or time zone, and it is not logged. The front door answers it; this is
    // for the spellings only Hono's router decodes (`/health%7A`). The route stays declared
    // (OpenAPI, route table).
    if (c.req.path === "/healthz" && c.req.method === "GET") {
      return HEALTHY.clone();
    }
    c.set("deps", deps);
    c.set("sessionCache", sessionCache);
    c.set("listCache", listCache);
    const id = requestIdFor(c.req.header("x-request-id"));
    c.set("requestId", id);
    const start = performance.now();
    const method = c.req.method;
    const safe = method === "GET" || method === "HEAD";

    let refused = false;
    // c.req.path is the path the router matched (decoded), as `app.use("/api/*")` saw it.
    const path = c.req.path;
    if (path.startsWith("/api/") || path === "/api") {
      try {
        // A GET or HEAD without a body has nothing to limit (Hono's bodyLimit passes it on too).
        if ((!safe || c.req.raw.body) && path !== RESTORE_PATH) await limit(c, noop);
        checkOrigin(c);
        // Before anything is read or written for the request: a full disk refuses writes at once.
        if (!safe && method !== "OPTIONS" && deps.storage) {
          const length = c.req.header("content-length");
          await deps.storage.check(length ? Number(length) || 0 : c.req.raw.body ? undefined : 0);
        }
        await resolveSession(c);
        if (!safe && method !== "OPTIONS") await useOrganisationTimeZone(deps.db);
      } catch (err) {
        // What Hono's compose does for a middleware that throws: the error handler answers.
        if (!(err instanceof Error)) throw err;
        c.error = err;
        c.res = await onError(err, c);
        refused = true;
      }
    }
    if (!refused) await next();

    // Any change made through this instance may concern a user (status, role, password, vendor
    // decision): the next request reads users afresh.
    if (!safe) sessionCache.clear();
    // Read-your-writes on this instance: the change is committed and its answer not yet sent, and the
    // database's notification of it may arrive later (docs/decisions/017-list-answer-cache.md).
    if (!safe) listCache.invalidate();
    const res = c.res;
    // Stopping: the client opens its next request elsewhere instead of reusing this connection.
    if (deps.lifecycle?.draining && !isCompleteResponse(res)) {
      try {
        res.headers.set("connection", "close");
      } catch {
        // immutable headers (a redirect): the server's shutdown closes the connection anyway
      }
    }
    if (!isCompleteResponse(res)) {
      try {
        applySecurityHeaders(res.headers);
      } catch {
        // Headers that cannot change (a Response.redirect()): a copy takes them.
        c.res = new Response(res.body, res);
        applySecurityHeaders(c.res.headers);
      }
      setRequestIdHeader(c, id);
    }
    logRequest(c, id, start);
  };
}

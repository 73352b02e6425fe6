/**
 * createApp builds the whole Hono app from its dependencies; main.ts serves it and tests call
 * app.request() on it without a server.
 */
import { Hono } from "hono";
import { requestId } from "hono/request-id";
import type { AppEnv, Deps } from "./lib/deps.ts";
import { errorHandler } from "./lib/error-handler.ts";
import { appContext } from "./lib/app-context.ts";
import { requestLog } from "./lib/request-log.ts";
import { originCheck, securityHeaders } from "./lib/security.ts";
import { apiBodyLimit } from "./lib/body-limit.ts";
import { organisationTimeZone, session, storageCheck } from "./lib/api-guards.ts";
import { SessionCache } from "./auth/session-cache.ts";
import { ListCache, PURCHASE_REQUEST_LIST_CHANNEL } from "./lib/list-cache.ts";
import { buildOpenApi, openApiDocumentSchema } from "./lib/openapi.ts";
import { docsPage, scalarBundle, START_SCRIPT } from "./lib/api-docs.ts";
import { mountSpa } from "./lib/static.ts";
import { publicRoute } from "./auth/guard.ts";
import { NotFound } from "./lib/errors.ts";
import { systemRoutes } from "./features/system/routes.ts";
import { authRoutes } from "./features/auth/routes.ts";
import { userRoutes } from "./features/users/routes.ts";
import { profileRoutes } from "./features/users/profile-routes.ts";
import { auditLogRoutes } from "./features/audit-logs/routes.ts";
import { categoryRoutes } from "./features/categories/routes.ts";
import { vendorRoutes } from "./features/vendors/routes.ts";
import { fileRoutes } from "./features/files/routes.ts";
import { outboxRoutes } from "./features/outbox/routes.ts";
import { purchaseRequestRoutes } from "./features/purchase-requests/routes.ts";
import { bidRoutes } from "./features/bids/routes.ts";
import { bidLifecycleRoutes } from "./features/bids/lifecycle-routes.ts";
import { opportunityRoutes } from "./features/opportunities/routes.ts";
import { quotationRoutes } from "./features/quotations/routes.ts";
import { purchaseOrderRoutes } from "./features/purchase-orders/routes.ts";
import { notificationSettingsRoutes } from "./features/notification-settings/routes.ts";
import { systemSettingsRoutes } from "./features/system-settings/routes.ts";
import { organisationRoutes } from "./features/organisation/routes.ts";
import { ocrRoutes } from "./features/ocr/routes.ts";
import { opportunityOcrRoutes } from "./features/opportunities/ocr-routes.ts";
import { reportRoutes } from "./features/reports/routes.ts";
import { ocdsRoutes } from "./features/ocds/routes.ts";
import { budgetRoutes } from "./features/budgets/routes.ts";
import { notificationRoutes } from "./features/notifications/routes.ts";
import { systemExportRoutes, systemReportRoutes } from "./features/reports/system-routes.ts";
import { inboxRoutes } from "./features/inbox/routes.ts";

/** The feature routers, in one list: the OpenAPI document and the route-table test read them from here. */
export const routers = [
  systemRoutes,
  authRoutes,
  userRoutes,
  profileRoutes,
  auditLogRoutes,
  categoryRoutes,
  vendorRoutes,
  fileRoutes,
  outboxRoutes,
  purchaseRequestRoutes,
  bidRoutes,
  bidLifecycleRoutes,
  opportunityRoutes,
  quotationRoutes,
  purchaseOrderRoutes,
  notificationSettingsRoutes,
  systemSettingsRoutes,
  organisationRoutes,
  opportunityOcrRoutes,
  ocrRoutes,
  systemExportRoutes,
  reportRoutes,
  ocdsRoutes,
  budgetRoutes,
  systemReportRoutes,
  inboxRoutes,
  notificationRoutes,
];

/** The channel sql/0033 notifies when something a session depends on changed. */
export const SESSION_USERS_CHANNEL = "session_users";

export function createApp(deps: Deps) {
  const app = new Hono<AppEnv>();
  const sessionCache = new SessionCache(deps.config.sessionCacheMs);
  // A sign-out, password, role or activation change on any instance empties this one's cache at once.
  if (sessionCache.ttlMs > 0 && deps.db.listen) {
    sessionCache.setLive(false);
    deps.db.listen(SESSION_USERS_CHANNEL, {
      notify: () => sessionCache.clear(),
      up: () => sessionCache.setLive(true),
      down: () => sessionCache.setLive(false),
    });
  }
  // List answers are served only while the database's change notifications arrive (list-cache.ts).
  const listCache = new ListCache(deps.config.listCacheEntries);
  if (listCache.enabled && deps.db.listen) {
    deps.db.listen(PURCHASE_REQUEST_LIST_CHANNEL, {
      notify: () => listCache.invalidate(),
      up: () => listCache.setLive(true),
      down: () => listCache.setLive(false),
    });
  }
  // Stock middleware where Hono has it (docs/decisions/029-stock-parts.md), in this order: the
  // context, the request id and log, the security headers of the answer's kind; for /api/* the body
  // limit, the CSRF origin check, the disk guard, the session and the organisation's time zone. A
  // refusal by any of them is answered by the error handler and still passes back through the first.
  app.use(appContext({ deps, sessionCache, listCache }));
  app.use(requestId({ limitLength: 64 }));
  app.use(requestLog);
  app.use(securityHeaders);
  app.use("/api/*", apiBodyLimit(), originCheck, storageCheck, session, organisationTimeZone);
  app.onError(errorHandler);

  for (const r of routers) app.route("/", r);

  let spec: Promise<unknown> | undefined;
  const openapi = () => (spec ??= buildOpenApi(app, deps.version));
  app.get(
    "/api/openapi.json",
    publicRoute({ tags: ["system"], summary: "This OpenAPI document", ok: openApiDocumentSchema }),
    async (c) => c.json(await openapi()),
  );
  // The reference page (Scalar's, served from node_modules: docs/decisions/013-api-reference-page.md).
  app.get(
    "/api/docs",
    publicRoute({ tags: ["system"], summary: "API reference page", ok: { media: "text/html" } }),
    (c) => c.html(docsPage("Procurement API reference")),
  );
  app.get(
    "/api/docs/scalar.js",
    publicRoute({
      tags: ["system"],
      summary: "The reference page's script (Scalar)",
      ok: { media: "text/javascript" },
    }),
    async (c) =>
      c.body(await scalarBundle() as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "text/javascript; charset=utf-8",
        "Cache-Control": "public, max-age=86400",
      }),
  );
  app.get(
    "/api/docs/start.js",
    publicRoute({ tags: ["system"], summary: "The reference page's start script", ok: { media: "text/javascript" } }),
    (c) => c.body(START_SCRIPT, 200, { "Content-Type": "text/javascript; charset=utf-8" }),
  );

  app.all("/api/*", (c) => {
    throw new NotFound("generic.noRoute", { method: c.req.method, path: new URL(c.req.url).pathname });
  });
  if (deps.webRoot) mountSpa(app, deps.webRoot);
  else app.notFound((c) => c.json({ message: "Not found", code: "generic.notFound" }, 404));
  return app;
}

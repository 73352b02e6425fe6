/** Health, readiness and the public facts the SPA needs before sign-in. */
import { Hono } from "hono";
import { publicRoute } from "../../auth/guard.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts.ts";
import { ping } from "../../db/queries.ts";
import { organisationTimeZone } from "../../lib/organisation-time-zone.ts";
import { DEFAULT_TIME_ZONE } from "../../shared/schemas/common.ts";
import * as r from "../../shared/schemas/responses/admin.ts";

export const systemRoutes = new Hono<AppEnv>()
  .get("/healthz", publicRoute({ tags: ["system"], summary: "Process is up" }), (c) => c.json({ status: "ok" }))
  .get("/readyz", publicRoute({ tags: ["system"], summary: "Database answers, and its disk has room" }), async (c) => {
    const { db, storage, lifecycle } = c.get("deps");
    // Stopping: the load balancer takes this instance out while it still answers what it is sent.
    if (lifecycle?.draining) return c.json({ status: "draining", message: "This instance is shutting down" }, 503);
    try {
      await ping(db);
    } catch {
      return c.json({ status: "unavailable", message: "Database is not reachable" }, 503);
    }
    const disk = await storage?.state();
    if (disk?.full) {
      return c.json({
        status: "storage-full",
        message: "The database's disk is nearly full: uploads are refused (507) until space is freed",
        freeBytes: disk.freeBytes,
        reserveBytes: storage!.reserveBytes,
      }, 503);
    }
    return c.json({ status: "ready" });
  })
  .get(
    "/api/meta",
    publicRoute({ tags: ["system"], summary: "Version, demo mode and time zone", ok: r.metaSchema }),
    async (c) => {
      const { version, demoMode, db } = c.get("deps");
      return c.json({
        version,
        demoMode,
        // The organisation's time zone: the SPA takes "today" for deadlines in it, as the server does.
        timeZone: await organisationTimeZone(db).catch(() => DEFAULT_TIME_ZONE),
        // Demo sign-ins are only ever revealed for the seeded embedded demo database.
        ...(demoMode
          ? { demoAccounts: DEMO_ACCOUNTS.map(({ role, signIn, password }) => ({ role, signIn, password })) }
          : {}),
      });
    },
  );

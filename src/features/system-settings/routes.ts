/** Admin System Settings (spec section 2, three cards): defaults, database tools, maintenance. */
import { Hono } from "hono";
import { allow } from "../../auth/guard.ts";
import { audit, auditUpdate } from "../../audit/audit.ts";
import { presentAuditRows } from "../../audit/sealed-entries.ts";
import { migrate, migrationStatus } from "../../db/migrate.ts";
import { ping } from "../../db/queries.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { validate } from "../../lib/validate.ts";
import { writeSetting } from "../../lib/settings-queries.ts";
import { forgetOrganisationTimeZone } from "../../lib/organisation-time-zone.ts";
import { fromCents, toCents } from "../../shared/money.ts";
import {
  backupRequestSchema,
  type SystemSettings,
  systemSettingsSchema,
} from "../../shared/schemas/system-settings.ts";
import * as q from "./queries.ts";
import { backupLines, summarise, toByteStream } from "../../backup/write.ts";
import { encryptArchive } from "../../backup/archive.ts";
import { openBackup, restoreBackup } from "../../backup/restore.ts";
import { sealLegacyBidders } from "../../sealing/bidder.ts";
import { RESTORE_PATH } from "../../lib/body-limit.ts";
import { BadRequest, validationError } from "../../lib/errors.ts";
import { errorText } from "../../shared/error-codes.ts";
import { restoreResultSchema } from "../../shared/schemas/responses/users.ts";
import { readStorageLimits, STORAGE_LIMIT_KEYS, storageUsage } from "../../files/quotas.ts";
import { storageLimitsSchema } from "../../shared/schemas/storage-limits.ts";
import * as r from "../../shared/schemas/responses/users.ts";
import { messageSchema } from "../../shared/schemas/responses/common.ts";

const tags = ["system-settings"];
const today = () => new Date().toISOString().slice(0, 10);

export const systemSettingsRoutes = new Hono<AppEnv>()
  .get(
    "/api/admin/system-settings",
    allow("system_settings.view", {
      tags,
      summary: "Purchase request defaults and the database configuration",
      ok: r.systemSettingsResponseSchema,
    }),
    async (c) => {
      const { db, config } = c.get("deps");
      const body: SystemSettings = {
        ...await q.readSettingValues(db),
        database: { kind: db.kind === "postgres" ? "postgresql" : "pglite", poolMax: config.poolMax },
      };
      return c.json(body);
    },
  )
  .post(
    "/api/admin/save-system-settings",
    allow("system_settings.edit", {
      tags,
      summary: "Save the purchase request defaults",
      ok: r.systemSettingsResponseSchema,
    }),
    validate("json", systemSettingsSchema),
    async (c) => {
      const body = c.req.valid("json");
      const { db } = c.get("deps");
      const userId = c.get("user")?.id ?? null;
      const after = await db.tx(async (tx) => {
        const before = await q.readSettingValues(tx);
        const next: q.SettingValues = {
          defaultDeadline: body.defaultDeadline,
          autoReminder: body.autoReminder,
          enableVendorMatching: body.enableVendorMatching,
          // Stored normalised ("10000.00") so every reader sees the same two-decimal amount.
          approvalThreshold: body.approvalThreshold === undefined
            ? before.approvalThreshold
            : fromCents(toCents(body.approvalThreshold)!),
          timeZone: body.timeZone ?? before.timeZone,
        };
        for (const [field, key] of Object.entries(q.SETTING_KEYS)) {
          await writeSetting(tx, key, String(next[field as keyof q.SettingValues]), userId);
        }
        await auditUpdate(tx, c, { type: "system_settings" }, before, next);
        return next;
      });
      forgetOrganisationTimeZone(db);
      return c.json(after);
    },
  )
  .post(
    "/api/admin/test-db-connection",
    allow("system_settings.view", {
      tags,
      summary: "Run `select 1` and report how long it took",
      ok: r.dbConnectionSchema,
      also: { 503: r.dbUnreachableSchema },
    }),
    async (c) => {
      const { db, logger } = c.get("deps");
      const start = performance.now();
      try {
        await ping(db);
      } catch (e) {
        logger.warn("database connection test failed", { error: String(e) });
        return c.json({ ok: false, message: "Could not reach the database" }, 503);
      }
      return c.json({ ok: true, responseTime: Math.round((performance.now() - start) * 100) / 100 });
    },
  )
  .get(
    "/api/admin/db-metrics",
    allow("system_settings.view", {
      tags,
      summary: "Real database metrics: size, version, exact row counts of the main tables, connections, outbox",
      ok: r.dbMetricsSchema,
    }),
    async (c) => {
      const { db } = c.get("deps");
      return c.json(await q.dbMetrics(db, db.kind));
    },
  )
  .post(
    "/api/admin/run-migrations",
    allow("system_settings.edit", {
      tags,
      summary: "Apply pending migrations; returns those applied and the status",
      ok: r.migrationsRunSchema,
    }),
    async (c) => {
      const { db } = c.get("deps");
      const applied = await migrate(db);
      const status = await migrationStatus(db);
      await db.tx((tx) => audit(tx, c, { action: "UPDATE", entityType: "database_migrations", metadata: { applied } }));
      return c.json({ applied, status });
    },
  )
  .post(
    "/api/admin/clear-cache",
    allow("system_settings.edit", { tags, summary: "Clear this instance's signed-in user cache", ok: messageSchema }),
    async (c) => {
      const cache = c.get("sessionCache");
      const entries = cache.size;
      cache.clear();
      await c.get("deps").db.tx((tx) =>
        audit(tx, c, { action: "DELETE", entityType: "session_cache", metadata: { entries } })
      );
      return c.json({ message: "Cache cleared" });
    },
  )
  .get(
    "/api/admin/storage-limits",
    allow("system_settings.view", {
      tags,
      summary: "Upload quotas, the retention of rejected applications' files, and what is stored now",
      ok: r.storageLimitsResponseSchema,
    }),
    async (c) => {
      const { db } = c.get("deps");
      return c.json({ ...await readStorageLimits(db), usage: await storageUsage(db) });
    },
  )
  .put(
    "/api/admin/storage-limits",
    allow("system_settings.edit", {
      tags,
      summary: "Save the upload quotas and the retention of rejected applications' files",
      ok: r.storageLimitsResponseSchema,
    }),
    validate("json", storageLimitsSchema),
    async (c) => {
      const next = c.req.valid("json");
      const { db } = c.get("deps");
      const userId = c.get("user")?.id ?? null;
      await db.tx(async (tx) => {
        const before = await readStorageLimits(tx);
        for (const [field, key] of Object.entries(STORAGE_LIMIT_KEYS) as [keyof typeof next, string][]) {
          await writeSetting(tx, key, String(next[field]), userId);
        }
        await auditUpdate(tx, c, { type: "storage_limits" }, before, next);
      });
      return c.json({ ...await readStorageLimits(db), usage: await storageUsage(db) });
    },
  )
  .post(
    "/api/admin/backup-database",
    allow("system_settings.edit", {
      tags,
      summary:
        "Download the whole database and its files as one archive encrypted with the given passphrase, streamed; sealed bids and provider keys inside are encrypted again with the server's key (docs/decisions/020)",
      ok: { media: "application/octet-stream", description: "The encrypted backup archive (streamed)" },
    }),
    validate("json", backupRequestSchema),
    async (c) => {
      const { db, version, objectStore, logger, secrets } = c.get("deps");
      const { passphrase } = c.req.valid("json");
      const summary = await summarise(db);
      await db.tx((tx) =>
        audit(tx, c, {
          action: "EXPORT",
          entityType: "database_backup",
          metadata: { tables: summary.tables.length, files: summary.files.files, fileBytes: summary.files.bytes },
        })
      );
      const text = toByteStream(
        backupLines(db, {
          store: objectStore,
          backupKey: secrets.keyFor("backups"),
          appVersion: version,
          tables: summary.tables,
        }),
        (e) => logger.error("backup stream failed", { error: String(e) }),
      );
      return c.body(encryptArchive(text, passphrase), 200, {
        "content-type": "application/octet-stream",
        "content-disposition": `attachment; filename="procurement-backup-${today()}.pbak"`,
        "cache-control": "no-store",
      });
    },
  )
  .post(
    RESTORE_PATH,
    allow("system_settings.edit", {
      tags,
      summary:
        "Replace every record and file with a backup's: the archive as the body (application/octet-stream), its passphrase in X-Backup-Passphrase, X-Confirm-Restore: REPLACE; one transaction; every session ends (docs/decisions/020)",
      ok: restoreResultSchema,
      errors: [400, 409],
    }),
    async (c) => {
      const passphrase = c.req.header("x-backup-passphrase") ?? "";
      if (!passphrase) {
        throw validationError([{ path: "passphrase", message: "The backup's passphrase is required" }]);
      }
      if (c.req.header("x-confirm-restore") !== "REPLACE") {
        throw new BadRequest("backup.restoreConfirm", [{
          path: "confirm",
          message: errorText("backup.restoreConfirm"),
        }]);
      }
      const body = c.req.raw.body;
      if (!body) throw validationError([{ path: "file", message: "Attach the backup file" }]);
      const { db, secrets, lifecycle } = c.get("deps");
      const result = await restoreBackup(db, await openBackup(body, passphrase), {
        backupKey: secrets.keyFor("backups"),
        replace: true,
      });
      await sealLegacyBidders(db, secrets.sealedBidKey);
      // Nothing this instance kept describes the database any more.
      c.get("sessionCache").clear();
      c.get("listCache").invalidate();
      forgetOrganisationTimeZone(db);
      await lifecycle?.afterRestore?.();
      return c.json({
        createdAt: result.createdAt,
        tables: Object.keys(result.rows).length,
        rows: Object.values(result.rows).reduce((a, b) => a + b, 0),
        files: result.files,
      });
    },
  )
  .get(
    "/api/admin/export-logs",
    allow("audit_logs.export", {
      tags,
      summary: "Download the audit log as a text file, one line per entry",
      ok: { media: "text/plain", description: "One tab-separated line per audit entry" },
    }),
    async (c) => {
      const { db, secrets } = c.get("deps");
      const lines = await presentAuditRows(db, secrets.sealedBidKey, await q.auditLogLines(db));
      const text = lines.map((l) =>
        [
          new Date(l.createdAt).toISOString(),
          l.userEmail ?? "-",
          l.action,
          l.entityType,
          l.entityId ?? "-",
          JSON.stringify(l.metadata ?? {}),
        ].join("\t")
      ).join("\n");
      return c.body(text + (text ? "\n" : ""), 200, {
        "content-type": "text/plain; charset=utf-8",
        "content-disposition": `attachment; filename="procurement-logs-${today()}.txt"`,
      });
    },
  );

/** The audit trail for administrators: filtered list and a streamed CSV export of all matching rows. */
import { Hono } from "hono";
import { stream } from "hono/streaming";
import { allow } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import { describeRows } from "../../audit/history.ts";
import { presentAuditRows } from "../../audit/sealed-entries.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { csvRow } from "../../lib/csv.ts";
import { badCursor, refuseDeepOffset, setPageHeaders } from "../../lib/list-page.ts";
import { validate } from "../../lib/validate.ts";
import { auditQuerySchema } from "../../shared/schemas/users.ts";
import * as q from "./queries.ts";
import * as r from "../../shared/schemas/responses/admin.ts";

const exportQuerySchema = auditQuerySchema.omit({ limit: true, offset: true, after: true });
const EXPORT_PAGE = 1000;
const COLUMNS = [
  "id",
  "timestamp",
  "userId",
  "userEmail",
  "action",
  "entityType",
  "entityId",
  "ip",
  "userAgent",
  "metadata",
];

export const auditLogRoutes = new Hono<AppEnv>()
  .get(
    "/api/admin/audit-logs",
    allow("audit_logs.view", {
      tags: ["audit"],
      summary:
        "Audit entries, newest first; X-Total-Count (exact up to 10,000, then X-Total-Count-Capped), deep pages with ?after= from X-Next-Cursor (offset at most 10,000)",
      ok: r.auditListSchema,
    }),
    validate("query", auditQuerySchema),
    async (c) => {
      const { db, secrets } = c.get("deps");
      const { after: cursor, ...query } = c.req.valid("query");
      // The cursor is the id of the last entry of the page before (X-Next-Cursor).
      if (cursor !== undefined && !/^[1-9][0-9]{0,17}$/.test(cursor)) throw badCursor();
      if (cursor === undefined) refuseDeepOffset(query.offset);
      const page = await q.listAuditLogs(db, { ...query, after: cursor === undefined ? undefined : Number(cursor) });
      setPageHeaders(c, page);
      // Entries about sealed bids show who and what only once the bid is unsealed; the sentence is
      // made from what is shown, never from the row as stored.
      const shown = await presentAuditRows(db, secrets.sealedBidKey, page.items);
      const entries = await describeRows(db, shown);
      return c.json(shown.map((row, i) => ({ ...row, entry: entries[i] })));
    },
  )
  .get(
    "/api/admin/audit-logs/actions",
    allow("audit_logs.view", { tags: ["audit"], summary: "Distinct actions, for the filter", ok: r.stringListSchema }),
    async (c) => c.json(await q.auditActions(c.get("deps").db)),
  )
  .get(
    "/api/admin/audit-logs/export",
    allow("audit_logs.export", {
      tags: ["audit"],
      summary: "All matching entries as CSV, streamed",
      ok: { media: "text/csv" },
    }),
    validate("query", exportQuerySchema),
    async (c) => {
      const filter = c.req.valid("query");
      const { db, secrets } = c.get("deps");
      await db.tx((tx) => audit(tx, c, { action: "EXPORT", entityType: "audit_logs", metadata: { filter } }));
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="audit-logs-${new Date().toISOString().slice(0, 10)}.csv"`);
      return stream(c, async (s) => {
        await s.write(csvRow(COLUMNS));
        for await (const page of q.auditBatches(db, filter, EXPORT_PAGE)) {
          const shown = await presentAuditRows(db, secrets.sealedBidKey, page);
          await s.write(shown.map((r) => csvRow(COLUMNS.map((k) => r[k as keyof typeof r]))).join(""));
        }
      });
    },
  );

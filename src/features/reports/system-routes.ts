/**
 * Admin system analytics and one vendor's scorecard, beside the reports router.
 *
 * - GET /api/reports/system (+ /export.csv, /export.xlsx): administrators only, through
 *   `system_settings.view`, the permission only the administrator holds (the same string shows the
 *   section in the SPA).
 * - GET /api/reports/vendors/:id: one vendor's scorecard for staff with `reports.view` (vendor
 *   management shows it); a vendor reads its own through /api/reports/vendors/me.
 *
 * systemReportRoutes is mounted after the reports router (/api/reports/vendors/me is matched there
 * first); systemExportRoutes before it, or /api/reports/:kind/export.xlsx would answer "Unknown
 * report" for the system workbook.
 */
import { type Context, Hono } from "hono";
import type { z } from "zod";
import { allow } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { csvCell } from "../../lib/csv.ts";
import { NotFound } from "../../lib/errors.ts";
import { validate } from "../../lib/validate.ts";
import { idParamSchema } from "../../shared/schemas/common.ts";
import * as q from "./queries.ts";
import { reportFilterSchema } from "./schemas.ts";
import { describeFilter, toQueryFilter, xlsxFromLines } from "./service.ts";
import { systemAnalytics, systemAnalyticsLines } from "./system-analytics.ts";
import { vendorExists } from "./system-queries.ts";
import * as r from "../../shared/schemas/responses/reports.ts";
import type { ContractOptions } from "../../lib/api-contract.ts";

const doc = (summary: string, contract: ContractOptions) => ({ tags: ["reports"], summary, ...contract });
const cell = (v: unknown) => (typeof v === "number" ? String(v) : csvCell(v));
const line = (cells: unknown[]) => cells.map(cell).join(",") + "\r\n";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
type FilterContext = Context<AppEnv, string, { out: { query: z.output<typeof reportFilterSchema> } }>;
type SystemExport = Awaited<ReturnType<typeof systemExport>>;

/** One export of the system analytics: administrators only, the range filter, audited; the format writes the answer. */
function systemExportRoute(
  format: "csv" | "xlsx",
  summary: string,
  media: string,
  answer: (c: FilterContext, e: SystemExport) => Response | Promise<Response>,
) {
  return [
    allow("system_settings.view", doc(summary, { ok: { media } })),
    validate("query", reportFilterSchema),
    async (c: FilterContext) =>
      answer(c, await systemExport(c, await toQueryFilter(c.get("deps").db, c.req.valid("query")), format)),
  ] as const;
}

/** The range (the only filter that applies) in the first lines of both exports. */
async function systemExport(c: Context<AppEnv>, f: q.Filter, format: "csv" | "xlsx") {
  const { db } = c.get("deps");
  const a = await systemAnalytics(db, f);
  await db.tx((tx) =>
    audit(tx, c, { action: "EXPORT", entityType: "report", entityId: "system", metadata: { filter: f, format } })
  );
  const heading = [
    "# Report: system",
    `# Filters: ${
      describeFilter({ ...f, categoryId: null, department: null, status: null, from: a.range.from, to: a.range.to })
    }`,
    `# Time zone: ${f.timeZone}; generated at ${new Date().toISOString()}`,
  ];
  return {
    heading,
    lines: systemAnalyticsLines(a),
    fileName: `report-system_${a.range.from}_${a.range.to}.${format}`,
  };
}

export const systemExportRoutes = new Hono<AppEnv>()
  .get(
    "/api/reports/system/export.csv",
    ...systemExportRoute(
      "csv",
      "Admin system analytics as CSV; the range is in the file name and first lines",
      "text/csv",
      (c, { heading, lines, fileName }) => {
        c.header("Content-Type", "text/csv; charset=utf-8");
        c.header("Content-Disposition", `attachment; filename="${fileName}"`);
        return c.body([...heading.map((h) => line([h])), ...lines.map(line)].join(""));
      },
    ),
  )
  .get(
    "/api/reports/system/export.xlsx",
    ...systemExportRoute(
      "xlsx",
      "Admin system analytics as an XLSX workbook; the range is in the file name and first rows",
      XLSX,
      async (_c, { heading, lines, fileName }) =>
        new Response(await xlsxFromLines("system", heading, [lines]), {
          headers: { "Content-Type": XLSX, "Content-Disposition": `attachment; filename="${fileName}"` },
        }),
    ),
  );

export const systemReportRoutes = new Hono<AppEnv>()
  .get(
    "/api/reports/system",
    allow(
      "system_settings.view",
      doc("Admin system analytics: users by role and last sign-in, sign-ins per day, outbox, storage, database size", {
        ok: r.systemAnalyticsSchema,
      }),
    ),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      return c.json(await systemAnalytics(db, await toQueryFilter(db, c.req.valid("query"))));
    },
  )
  .get(
    "/api/reports/vendors/:id",
    allow("reports.view", doc("One vendor's supplier scorecard (vendor management)", { ok: r.vendorReportSchema })),
    validate("param", idParamSchema),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      const { id } = c.req.valid("param");
      if (!(await vendorExists(db, id))) throw new NotFound("vendors.notFound");
      const f = await toQueryFilter(db, c.req.valid("query"));
      return c.json({ vendors: await q.scorecards(db, f, id) });
    },
  );

/**
 * Live reports: every figure from the database, one filter for all of them, each
 * downloadable as a streamed CSV. Staff with `reports.view` see every vendor; a vendor sees only
 * its own scorecard (GET /api/reports/vendors/me).
 */
import { type Context, Hono } from "hono";
import { stream } from "hono/streaming";
import { allow, roles } from "../../auth/guard.ts";
import { audit } from "../../audit/audit.ts";
import type { AppEnv } from "../../lib/deps.ts";
import { csvCell } from "../../lib/csv.ts";
import { validate } from "../../lib/validate.ts";
import { purchaseRequestHtml, purchaseRequestPdf } from "./purchase-request-report.ts";
import * as q from "./queries.ts";
import { reportFilterSchema, reportKindParamSchema } from "./schemas.ts";
import * as s from "./service.ts";
import * as r from "../../shared/schemas/responses/reports.ts";
import { conforming, type ContractOptions } from "../../lib/api-contract.ts";

const doc = (summary: string, contract: ContractOptions) => ({ tags: ["reports"], summary, ...contract });

/** Numbers (also negative savings) stay numbers for spreadsheets; text keeps the formula guard. */
const cell = (v: unknown) =>
  typeof v === "number" || (typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v)) ? String(v) : csvCell(v);
const line = (cells: unknown[]) => cells.map(cell).join(",") + "\r\n";

/** The first lines of every export: which report, with which filters, when. */
const heading = (kind: string, f: q.Filter, categoryName: string | null) => [
  `# Report: ${kind}`,
  `# Filters: ${s.describeFilter(f, categoryName)}`,
  `# Time zone: ${f.timeZone}; generated at ${new Date().toISOString()}`,
];

/** The filter, its heading lines and the audit entry of a purchase request report download. */
async function documentExport(c: Context<AppEnv>, format: "html" | "pdf") {
  const { db } = c.get("deps");
  const f = await s.toQueryFilter(db, reportFilterSchema.parse(c.req.query()));
  const categoryName = f.categoryId ? await q.categoryName(db, f.categoryId) : null;
  await db.tx((tx) =>
    audit(tx, c, {
      action: "EXPORT",
      entityType: "report",
      entityId: "purchase-requests",
      metadata: { filter: f, format },
    })
  );
  return { f, lines: heading("purchase-requests", f, categoryName).map((l) => l.replace(/^# /, "")) };
}

export const reportRoutes = new Hono<AppEnv>()
  .get(
    "/api/reports/spend",
    allow(
      "reports.view",
      doc("Awarded amount by month, category, department and vendor (top 10 + others)", { ok: r.spendReportSchema }),
    ),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      return c.json(
        conforming(r.spendReportSchema, await s.spendReport(db, await s.toQueryFilter(db, c.req.valid("query")))),
      );
    },
  )
  .get(
    "/api/reports/savings",
    allow(
      "reports.view",
      doc("Estimated budget against awarded amount, in total and per award (newest 100)", {
        ok: r.savingsReportSchema,
      }),
    ),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      return c.json(
        conforming(r.savingsReportSchema, await s.savingsReport(db, await s.toQueryFilter(db, c.req.valid("query")))),
      );
    },
  )
  .get(
    "/api/reports/pipeline",
    allow(
      "reports.view",
      doc("Purchase requests by status, cycle times (median, p90) and requests past deadline", {
        ok: r.pipelineReportSchema,
      }),
    ),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      return c.json(
        conforming(r.pipelineReportSchema, await s.pipelineReport(db, await s.toQueryFilter(db, c.req.valid("query")))),
      );
    },
  )
  .get(
    "/api/reports/approvals",
    allow(
      "reports.view",
      doc("Approval turnaround per approver role and requests waiting on each role now", {
        ok: r.approvalsReportSchema,
      }),
    ),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      return c.json(
        conforming(
          r.approvalsReportSchema,
          await s.approvalsReport(db, await s.toQueryFilter(db, c.req.valid("query"))),
        ),
      );
    },
  )
  .get(
    "/api/reports/bidding",
    allow(
      "reports.view",
      doc("Bid requests by status, invited vs answering vendors, quotations per bid, open vs sealed", {
        ok: r.biddingReportSchema,
      }),
    ),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      return c.json(
        conforming(r.biddingReportSchema, await s.biddingReport(db, await s.toQueryFilter(db, c.req.valid("query")))),
      );
    },
  )
  .get(
    "/api/reports/vendors",
    allow("reports.view", doc("Supplier scorecard of every vendor", { ok: r.vendorReportSchema })),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      return c.json(
        conforming(r.vendorReportSchema, await s.vendorReport(db, await s.toQueryFilter(db, c.req.valid("query")))),
      );
    },
  )
  .get(
    "/api/reports/vendors/me",
    roles(["vendor"], doc("The signed-in vendor's own scorecard", { ok: r.vendorReportSchema })),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      const f = await s.toQueryFilter(db, c.req.valid("query"));
      return c.json(await s.vendorReport(db, f, c.get("user")!.id));
    },
  )
  .get(
    "/api/reports/purchase-requests.html",
    allow(
      "reports.export",
      doc("The purchase request report as one self-contained HTML file, streamed; filters in name and first lines", {
        ok: { media: "text/html" },
      }),
    ),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      const { f, lines } = await documentExport(c, "html");
      c.header("Content-Type", "text/html; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="${s.exportFileName("purchase-requests", f, "html")}"`);
      c.header("X-Content-Type-Options", "nosniff");
      return stream(c, async (out) => {
        for await (const piece of purchaseRequestHtml(db, f, lines)) await out.write(piece);
      });
    },
  )
  .get(
    "/api/reports/purchase-requests.pdf",
    allow(
      "reports.export",
      doc("The purchase request report as a PDF; filters in the file name and first lines", {
        ok: { media: "application/pdf" },
      }),
    ),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      const { f, lines } = await documentExport(c, "pdf");
      const pdf = await purchaseRequestPdf(db, f, lines);
      return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
        "Content-Type": "application/pdf",
        "Content-Disposition": `attachment; filename="${s.exportFileName("purchase-requests", f, "pdf")}"`,
      });
    },
  )
  .get(
    "/api/reports/:kind/export",
    allow(
      "reports.export",
      doc("One report as CSV, streamed; the filters are in the file name and first lines", {
        ok: { media: "text/csv" },
      }),
    ),
    validate("param", reportKindParamSchema),
    validate("query", reportFilterSchema),
    async (c) => {
      const { kind } = c.req.valid("param");
      const { db } = c.get("deps");
      const f = await s.toQueryFilter(db, c.req.valid("query"));
      const categoryName = f.categoryId ? await q.categoryName(db, f.categoryId) : null;
      await db.tx((tx) =>
        audit(tx, c, { action: "EXPORT", entityType: "report", entityId: kind, metadata: { filter: f } })
      );
      c.header("Content-Type", "text/csv; charset=utf-8");
      c.header("Content-Disposition", `attachment; filename="${s.exportFileName(kind, f)}"`);
      return stream(c, async (out) => {
        for (const text of heading(kind, f, categoryName)) await out.write(line([text]));
        for await (const rows of s.exportLines(db, kind, f)) await out.write(rows.map(line).join(""));
      });
    },
  )
  .get(
    "/api/reports/:kind/export.xlsx",
    allow(
      "reports.export",
      doc("One report as an XLSX workbook, streamed; the filters in the file name and first rows", {
        ok: { media: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" },
      }),
    ),
    validate("param", reportKindParamSchema),
    validate("query", reportFilterSchema),
    async (c) => {
      const { kind } = c.req.valid("param");
      const { db } = c.get("deps");
      const f = await s.toQueryFilter(db, c.req.valid("query"));
      const categoryName = f.categoryId ? await q.categoryName(db, f.categoryId) : null;
      await db.tx((tx) =>
        audit(tx, c, {
          action: "EXPORT",
          entityType: "report",
          entityId: kind,
          metadata: { filter: f, format: "xlsx" },
        })
      );
      return new Response(await s.streamXlsx(db, kind, f, heading(kind, f, categoryName)), {
        headers: {
          "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
          "Content-Disposition": `attachment; filename="${s.exportFileName(kind, f, "xlsx")}"`,
        },
      });
    },
  );

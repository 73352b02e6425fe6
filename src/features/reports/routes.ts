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
import type { ContractOptions } from "../../lib/api-contract.ts";
import type { Queryable } from "../../db/types.ts";
import type { Wire } from "../../shared/schemas/responses/common.ts";
import type { z } from "zod";

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

/** The filter, its heading lines and the audit entry of a download (CSV has no `format` in the entry). */
async function exportStart(c: Context<AppEnv>, kind: string, format?: "html" | "pdf" | "xlsx") {
  const { db } = c.get("deps");
  const f = await s.toQueryFilter(db, reportFilterSchema.parse(c.req.query()));
  const categoryName = f.categoryId ? await q.categoryName(db, f.categoryId) : null;
  await db.tx((tx) =>
    audit(tx, c, {
      action: "EXPORT",
      entityType: "report",
      entityId: kind,
      metadata: format ? { filter: f, format } : { filter: f },
    })
  );
  return { f, heading: heading(kind, f, categoryName) };
}

/** A purchase request report document: its heading lines without the CSV comment marks. */
async function documentExport(c: Context<AppEnv>, format: "html" | "pdf") {
  const { f, heading } = await exportStart(c, "purchase-requests", format);
  return { f, lines: heading.map((l) => l.replace(/^# /, "")) };
}

/**
 * A purchase request report document route: `reports.export`, the shared filter, the audited start;
 * the format writes the answer from the filter and the heading lines.
 */
function documentRoute(
  format: "html" | "pdf",
  summary: string,
  media: string,
  answer: (c: Context<AppEnv>, db: Queryable, f: q.Filter, lines: string[]) => Response | Promise<Response>,
) {
  return [
    allow("reports.export", doc(summary, { ok: { media } })),
    validate("query", reportFilterSchema),
    async (c: Context<AppEnv>) => {
      const { f, lines } = await documentExport(c, format);
      return answer(c, c.get("deps").db, f, lines);
    },
  ] as const;
}

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
type KindContext = Context<AppEnv, string, { out: { param: z.output<typeof reportKindParamSchema> } }>;

/** A download of one report (`/api/reports/:kind/export…`): CSV (no format) or XLSX, after the audited start. */
function kindExportRoute(
  format: "xlsx" | undefined,
  summary: string,
  media: string,
  answer: (
    c: KindContext,
    db: Queryable,
    kind: z.output<typeof reportKindParamSchema>["kind"],
    start: Awaited<ReturnType<typeof exportStart>>,
  ) => Response | Promise<Response>,
) {
  return [
    allow("reports.export", doc(summary, { ok: { media } })),
    validate("param", reportKindParamSchema),
    validate("query", reportFilterSchema),
    async (c: KindContext) => {
      const { kind } = c.req.valid("param");
      return answer(c, c.get("deps").db, kind, await exportStart(c, kind, format));
    },
  ] as const;
}

export const reportRoutes = new Hono<AppEnv>();

/**
 * One live report: `GET /api/reports/<kind>` for `reports.view`, the shared filter, the service's
 * answer, checked at compile time against its response schema as `conforming` does.
 */
function liveReport<S extends z.ZodType, T>(
  kind: string,
  summary: string,
  ok: S,
  report: (db: Queryable, f: q.Filter) => Promise<T>,
  ..._mismatch: Wire<T> extends z.output<S> ? [] : [never]
) {
  reportRoutes.get(
    `/api/reports/${kind}`,
    allow("reports.view", doc(summary, { ok })),
    validate("query", reportFilterSchema),
    async (c) => {
      const { db } = c.get("deps");
      return c.json(await report(db, await s.toQueryFilter(db, c.req.valid("query"))) as Record<string, unknown>);
    },
  );
}

liveReport(
  "spend",
  "Awarded amount by month, category, department and vendor (top 10 + others)",
  r.spendReportSchema,
  s.spendReport,
);
liveReport(
  "savings",
  "Estimated budget against awarded amount, in total and per award (newest 100)",
  r.savingsReportSchema,
  s.savingsReport,
);
liveReport(
  "pipeline",
  "Purchase requests by status, cycle times (median, p90) and requests past deadline",
  r.pipelineReportSchema,
  s.pipelineReport,
);
liveReport(
  "approvals",
  "Approval turnaround per approver role and requests waiting on each role now",
  r.approvalsReportSchema,
  s.approvalsReport,
);
liveReport(
  "bidding",
  "Bid requests by status, invited vs answering vendors, quotations per bid, open vs sealed",
  r.biddingReportSchema,
  s.biddingReport,
);
liveReport("vendors", "Supplier scorecard of every vendor", r.vendorReportSchema, s.vendorReport);

reportRoutes
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
    ...documentRoute(
      "html",
      "The purchase request report as one self-contained HTML file, streamed; filters in name and first lines",
      "text/html",
      (c, db, f, lines) => {
        c.header("Content-Type", "text/html; charset=utf-8");
        c.header("Content-Disposition", `attachment; filename="${s.exportFileName("purchase-requests", f, "html")}"`);
        c.header("X-Content-Type-Options", "nosniff");
        return stream(c, async (out) => {
          for await (const piece of purchaseRequestHtml(db, f, lines)) await out.write(piece);
        });
      },
    ),
  )
  .get(
    "/api/reports/purchase-requests.pdf",
    ...documentRoute(
      "pdf",
      "The purchase request report as a PDF; filters in the file name and first lines",
      "application/pdf",
      async (c, db, f, lines) =>
        c.body((await purchaseRequestPdf(db, f, lines)) as Uint8Array<ArrayBuffer>, 200, {
          "Content-Type": "application/pdf",
          "Content-Disposition": `attachment; filename="${s.exportFileName("purchase-requests", f, "pdf")}"`,
        }),
    ),
  )
  .get(
    "/api/reports/:kind/export",
    ...kindExportRoute(
      undefined,
      "One report as CSV, streamed; the filters are in the file name and first lines",
      "text/csv",
      (c, db, kind, { f, heading }) => {
        c.header("Content-Type", "text/csv; charset=utf-8");
        c.header("Content-Disposition", `attachment; filename="${s.exportFileName(kind, f)}"`);
        return stream(c, async (out) => {
          for (const text of heading) await out.write(line([text]));
          for await (const rows of s.exportLines(db, kind, f)) await out.write(rows.map(line).join(""));
        });
      },
    ),
  )
  .get(
    "/api/reports/:kind/export.xlsx",
    ...kindExportRoute(
      "xlsx",
      "One report as an XLSX workbook, streamed; the filters in the file name and first rows",
      XLSX,
      async (_c, db, kind, { f, heading }) =>
        new Response(await s.streamXlsx(db, kind, f, heading), {
          headers: {
            "Content-Type": XLSX,
            "Content-Disposition": `attachment; filename="${s.exportFileName(kind, f, "xlsx")}"`,
          },
        }),
    ),
  );

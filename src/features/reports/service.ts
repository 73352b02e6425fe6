/**
 * The rules of the reports: how the shared filter becomes query parameters (calendar days in the
 * organisation's time zone), what each report returns, and each report as CSV lines for the
 * streamed export (filters in the first lines and in the file name).
 */
import type { Queryable } from "../../db/types.ts";
import { organisationTimeZone } from "../../lib/organisation-time-zone.ts";
import { organisationDate, parseDateValue } from "../../shared/schemas/common.ts";
import * as q from "./queries.ts";
import type { ReportFilter, ReportKind } from "./schemas.ts";

/** Rows shown on screen per list; the export has them all. */
export const SCREEN_ROWS = 100;
const EXPORT_PAGE = 1000;

export async function toQueryFilter(db: Queryable, f: ReportFilter): Promise<q.Filter> {
  const timeZone = await organisationTimeZone(db);
  const day = (v: string | undefined) => (v ? organisationDate(parseDateValue(v)!) : null);
  return {
    from: day(f.from),
    to: day(f.to),
    categoryId: f.categoryId ?? null,
    department: f.department || null,
    status: f.status ?? null,
    timeZone,
  };
}

export async function spendReport(db: Queryable, f: q.Filter) {
  return await q.spend(db, f);
}

export async function savingsReport(db: Queryable, f: q.Filter) {
  const [total, rows] = await Promise.all([q.savingsTotal(db, f), q.savingsPage(db, f, null, SCREEN_ROWS)]);
  return { total, rows };
}

export async function pipelineReport(db: Queryable, f: q.Filter) {
  return await q.pipeline(db, f);
}

export async function approvalsReport(db: Queryable, f: q.Filter) {
  const [turnaround, waiting] = await Promise.all([q.approvalTurnaround(db, f), q.approvalsWaiting(db, f)]);
  return { turnaround, waiting };
}

export async function biddingReport(db: Queryable, f: q.Filter) {
  return await q.bidding(db, f);
}

export async function vendorReport(db: Queryable, f: q.Filter, vendorId: number | null = null) {
  return { vendors: await q.scorecards(db, f, vendorId) };
}

// ---------------------------------------------------------------------------------------------
// export

/** "from=2026-01-01; to=2026-03-31; category=3 (Office); department=IT; status=completed" or "none". */
export function describeFilter(f: q.Filter, categoryName?: string | null): string {
  const parts: string[] = [];
  if (f.from) parts.push(`from=${f.from}`);
  if (f.to) parts.push(`to=${f.to}`);
  if (f.categoryId) parts.push(`category=${f.categoryId}${categoryName ? ` (${categoryName})` : ""}`);
  if (f.department) parts.push(`department=${f.department}`);
  if (f.status) parts.push(`status=${f.status}`);
  return parts.length ? parts.join("; ") : "none";
}

/** report-spend_2026-01-01_2026-03-31_category-3_department-it_status-completed.csv (ASCII only). */
export function exportFileName(
  kind: ReportKind | "purchase-requests",
  f: q.Filter,
  extension: "csv" | "xlsx" | "html" | "pdf" = "csv",
): string {
  const parts = [`report-${kind}`, f.from ?? "start", f.to ?? "today"];
  if (f.categoryId) parts.push(`category-${f.categoryId}`);
  if (f.department) {
    const slug = f.department.normalize("NFKD").replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").toLowerCase();
    parts.push(`department-${slug.slice(0, 40) || "x"}`);
  }
  if (f.status) parts.push(`status-${f.status}`);
  return `${parts.join("_")}.${extension}`;
}

type Line = unknown[];

const cents = (v: string) => {
  const [whole, frac = ""] = v.replace("-", "").split(".");
  const c = BigInt(whole) * 100n + BigInt((frac + "00").slice(0, 2));
  return v.startsWith("-") ? -c : c;
};
const money = (c: bigint) => {
  const a = c < 0n ? -c : c;
  return `${c < 0n ? "-" : ""}${a / 100n}.${String(a % 100n).padStart(2, "0")}`;
};

/**
 * The savings total of q.savingsTotal, from the rows: sums over awards with a budget (estimated >
 * 0), the percentage rounded half away from zero to two decimals, "0" when nothing was summed.
 */
export class SavingsSum {
  #estimated = 0n;
  #awarded = 0n;
  #counted = 0;
  add(estimated: string, awarded: string) {
    const e = cents(estimated);
    if (e <= 0n) return;
    this.#estimated += e;
    this.#awarded += cents(awarded);
    this.#counted++;
  }
  total() {
    if (!this.#counted) return { estimated: "0", awarded: "0", saving: "0", savingPercent: null };
    const saving = this.#estimated - this.#awarded;
    // 100 * saving / estimated to two decimals: 10000 * saving / estimated to an integer, half away from zero
    const n = 10000n * (saving < 0n ? -saving : saving);
    const d = this.#estimated;
    const hundredths = (2n * n + d) / (2n * d);
    const percent = Number(hundredths) / 100;
    return {
      estimated: money(this.#estimated),
      awarded: money(this.#awarded),
      saving: money(saving),
      savingPercent: saving < 0n ? -percent : percent,
    };
  }
}

/** The rows of one report as CSV lines (header first), read page by page where a list can be long. */
export async function* exportLines(db: Queryable, kind: ReportKind, f: q.Filter): AsyncGenerator<Line[]> {
  switch (kind) {
    case "spend": {
      const r = await q.spend(db, f);
      yield [
        ["section", "key", "label", "amount", "awards"],
        ["total", "", "", r.total.amount, r.total.awards],
        ...r.byMonth.map((x) => ["month", x.month, x.month, x.amount, x.awards]),
        ...r.byCategory.map((x) => ["category", x.categoryId ?? "", x.name ?? "", x.amount, x.awards]),
        ...r.byDepartment.map((x) => ["department", x.department, x.department, x.amount, x.awards]),
        ...r.byVendor.map((x) => ["vendor", x.vendorId ?? "others", x.name ?? "", x.amount, x.awards]),
      ];
      return;
    }
    case "savings": {
      // The total is summed from the streamed rows (same snapshot, no second pass over a million
      // awards), in integer cents, as savingsTotal sums them in SQL.
      const sum = new SavingsSum();
      yield [
        [
          "awardId",
          "kind",
          "number",
          "title",
          "awardedAt",
          "poNumber",
          "estimated",
          "awarded",
          "saving",
          "savingPercent",
        ],
      ];
      for await (const page of q.savingsBatches(db, f, EXPORT_PAGE)) {
        for (const r of page) sum.add(r.estimated, r.awarded);
        yield page.map((r) => [
          r.awardId,
          r.kind,
          r.number,
          r.title,
          r.awardedAt,
          r.poNumber,
          r.estimated,
          r.awarded,
          r.saving,
          r.savingPercent,
        ]);
      }
      const total = sum.total();
      yield [["total", "", "", "", "", "", total.estimated, total.awarded, total.saving, total.savingPercent]];
      return;
    }
    case "pipeline": {
      const r = await q.pipeline(db, f);
      yield [
        ["section", "key", "count", "medianDays", "p90Days", "deadline", "daysOverdue", "title"],
        ...r.byStatus.map((x) => ["status", x.status, x.count]),
        ...r.cycleTimes.map((x) => ["cycleTime", x.metric, x.count, x.medianDays, x.p90Days]),
        ["pastDeadline", "total", r.pastDeadline.count],
        ...r.pastDeadline.requests.map((x) => [
          "pastDeadline",
          x.number,
          1,
          "",
          "",
          x.deadline,
          x.daysOverdue,
          x.title,
        ]),
      ];
      return;
    }
    case "approvals": {
      const r = await approvalsReport(db, f);
      yield [
        ["section", "role", "count", "approved", "rejected", "medianDays", "p90Days", "oldestDays"],
        ...r.turnaround.map((
          x,
        ) => ["turnaround", x.role, x.decisions, x.approved, x.rejected, x.medianDays, x.p90Days]),
        ...r.waiting.map((x) => ["waiting", x.role, x.count, "", "", "", "", x.oldestDays]),
      ];
      return;
    }
    case "bidding": {
      const r = await q.bidding(db, f);
      const t = r.totals;
      yield [
        ["section", "key", "bids", "quotations", "averageQuotations", "invited", "answered", "responseRate"],
        ...r.byStatus.map((x) => ["status", x.status, x.count]),
        ...r.byMode.map((x) => ["mode", x.mode, x.bids, x.quotations, x.averageQuotations]),
        ["total", "published", t.bids, t.quotations, t.averageQuotations, t.invited, t.answered, t.responseRate],
      ];
      return;
    }
    case "vendors": {
      const rows = await q.scorecards(db, f, null);
      yield [[
        "vendorId",
        "companyName",
        "opportunities",
        "quotations",
        "responseRate",
        "wins",
        "winRate",
        "medianResponseDays",
        "averageAboveLowestPercent",
        "awardedTotal",
        "deliveries",
        "onTimeRate",
        "averageDaysLate",
      ]];
      for (let i = 0; i < rows.length; i += EXPORT_PAGE) {
        yield rows.slice(i, i + EXPORT_PAGE).map((r) => [
          r.vendorId,
          r.companyName,
          r.opportunities,
          r.quotations,
          r.responseRate,
          r.wins,
          r.winRate,
          r.medianResponseDays,
          r.averageAboveLowestPercent,
          r.awardedTotal,
          r.deliveries,
          r.onTimeRate,
          r.averageDaysLate,
        ]);
      }
      return;
    }
  }
}

/**
 * The same rows as an XLSX workbook, written by exceljs's streaming writer row by row (each row is
 * committed and leaves memory). Amounts and counts are numbers in the sheet; exceljs is loaded on
 * first use, so the server does not pay for it at start.
 */
export async function streamXlsx(
  db: Queryable,
  kind: ReportKind,
  f: q.Filter,
  heading: string[],
): Promise<ReadableStream<Uint8Array>> {
  return await xlsxFromLines(kind, heading, exportLines(db, kind, f));
}

/**
 * Any export's lines (batches of rows, as the CSV writers take them) as a one-sheet workbook: the
 * heading lines first, one cell each, then the rows; decimal strings become numbers.
 */
export async function xlsxFromLines(
  sheetName: string,
  heading: string[],
  batches: AsyncIterable<Line[]> | Iterable<Line[]>,
): Promise<ReadableStream<Uint8Array>> {
  const [{ default: ExcelJS }, { PassThrough }] = await Promise.all([
    import("exceljs"),
    import("node:stream"),
  ]);
  const out = new PassThrough();
  // Once the client has gone, writes to the destroyed stream fail: nobody is left to tell.
  out.on("error", () => {});
  let cancelled = false;
  const book = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = book.addWorksheet(sheetName);
  const value = (v: unknown) =>
    typeof v === "string" && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v === null || v === undefined ? "" : v;
  (async () => {
    for (const line of heading) sheet.addRow([line]).commit();
    for await (const rows of batches) {
      // A cancelled download stops reading (the export's cursor is released by the loop's return).
      if (cancelled) return;
      for (const row of rows) sheet.addRow(row.map(value)).commit();
    }
    sheet.commit();
    await book.commit();
  })().catch((e) => out.destroy(e instanceof Error ? e : new Error(String(e))));
  // Pulled by the client, chunk by chunk. Not Readable.toWeb: in Deno its adapter enqueues into a
  // cancelled stream when the client stops reading, and that error is thrown uncaught (the
  // robustness test saw it on the system analytics workbook).
  const chunks = out[Symbol.asyncIterator]() as AsyncIterator<Uint8Array>;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { value, done } = await chunks.next();
        if (done) controller.close();
        else controller.enqueue(value);
      } catch (e) {
        controller.error(e);
      }
    },
    async cancel() {
      cancelled = true;
      out.destroy();
      await chunks.return?.();
    },
  });
}

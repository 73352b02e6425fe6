/**
 * The purchase request report (spec: "Purchase request report (downloaded as HTML)"): the requests
 * created in the filtered range, newest first, with a summary by status.
 *
 * - HTML: one self-contained file (inline CSS, every value escaped, no scripts, a CSP that allows
 *   nothing but the inline style), streamed row by row from a cursor, so any size has flat memory.
 * - PDF: the PDF engine (src/lib/pdf/writer.ts), A4 landscape, the summary and the newest PDF_ROW_LIMIT requests (a PDF is built
 *   in memory; the HTML file has every row, and the PDF says so when it stops early).
 * Both carry the filters in their first lines (and the route puts them in the file name).
 */
import { batches } from "../../db/batches.ts";
import type { Queryable } from "../../db/types.ts";
import * as q from "./queries.ts";
import { A4, PdfWriter } from "../../lib/pdf/writer.ts";

export const PDF_ROW_LIMIT = 5000;
const BATCH = 1000;

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
export const escapeHtml = (v: unknown) =>
  (v === null || v === undefined ? "" : String(v)).replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]);

/** A calendar day in the organisation's time zone. */
const dayIn = (timeZone: string) => {
  const fmt = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  return (d: Date | string) => fmt.format(new Date(d));
};

const COLUMNS = [
  "Number",
  "Title",
  "Department",
  "Category",
  "Status",
  "Priority",
  "Type",
  "Created",
  "Deadline",
  "Estimated budget",
  "Requested by",
] as const;

const label = (s: string) => s.replace(/_/g, " ");

function cells(r: q.PurchaseRequestRow, day: (d: Date) => string): string[] {
  return [
    r.number,
    r.title,
    r.department,
    r.category ?? "",
    label(r.status),
    r.priority,
    label(r.requestType),
    day(r.createdAt),
    day(r.deadline),
    r.estimatedBudget,
    r.requestedBy,
  ];
}

const rowsOf = (db: Queryable, f: q.Filter) =>
  batches<q.PurchaseRequestRow>(db, q.PURCHASE_REQUEST_ROWS, q.purchaseRequestParams(f), (r) => r.id, BATCH);

const STYLE = `body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;margin:24px;color:#1f2937}
h1{font-size:20px;margin:0 0 8px}p.meta{margin:2px 0;color:#4b5563;font-size:13px}
table{border-collapse:collapse;margin-top:16px;font-size:12px}
th,td{border:1px solid #d1d5db;padding:4px 6px;text-align:start;vertical-align:top}
th{background:#f3f4f6}td.num{text-align:end;font-variant-numeric:tabular-nums}
@media print{body{margin:0}}`;

/** The HTML file in pieces, ready to stream: heading lines first, then the rows batch by batch. */
export async function* purchaseRequestHtml(db: Queryable, f: q.Filter, heading: string[]): AsyncGenerator<string> {
  const day = dayIn(f.timeZone);
  const summary = await q.purchaseRequestSummary(db, f);
  const total = summary.reduce((n, s) => n + s.count, 0);
  yield `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Purchase request report</title><style>${STYLE}</style></head>
<body>
<h1>Purchase request report</h1>
${heading.map((h) => `<p class="meta">${escapeHtml(h)}</p>`).join("\n")}
<p class="meta">Requests: ${total}</p>
<table><caption>By status</caption><thead><tr><th scope="col">Status</th><th scope="col">Requests</th>` +
    `<th scope="col">Estimated budget</th></tr></thead><tbody>
${
      summary.map((s) =>
        `<tr><td>${escapeHtml(label(s.status))}</td><td class="num">${s.count}</td>` +
        `<td class="num">${escapeHtml(s.estimated)}</td></tr>`
      ).join("\n")
    }
</tbody></table>
<table><caption>Purchase requests</caption><thead><tr>${
      COLUMNS.map((c) => `<th scope="col">${c}</th>`).join("")
    }</tr></thead><tbody>
`;
  for await (const rows of rowsOf(db, f)) {
    yield rows.map((r) =>
      "<tr>" +
      cells(r, day).map((v, i) => (i === 9 ? `<td class="num">${escapeHtml(v)}</td>` : `<td>${escapeHtml(v)}</td>`))
        .join("") +
      "</tr>\n"
    ).join("");
  }
  yield `</tbody></table>
</body></html>
`;
}

// ---------------------------------------------------------------------------------------------
// PDF

const MARGIN = 36;
const SIZE = 8;
const LINE = 12;
/** Column widths in points (sum: the printable width of A4 landscape). */
const WIDTHS = [62, 150, 70, 70, 54, 42, 62, 52, 52, 80, 75];

export async function purchaseRequestPdf(db: Queryable, f: q.Filter, heading: string[]): Promise<Uint8Array> {
  const day = dayIn(f.timeZone);
  const summary = await q.purchaseRequestSummary(db, f);
  const total = summary.reduce((n, s) => n + s.count, 0);
  const w = await PdfWriter.create({
    title: "Purchase request report",
    subject: heading.join(" | "),
    page: [A4[1], A4[0]],
    margin: MARGIN,
    compress: true,
  });
  /** One table row, each cell cut to its column with an ellipsis. */
  const row = (values: readonly string[], bold = false) => {
    let x = MARGIN;
    values.forEach((v, i) => {
      w.text(w.fit(v, WIDTHS[i] - 4, SIZE, bold), x, { size: SIZE, bold });
      x += WIDTHS[i];
    });
    w.down(LINE);
  };
  const header = () => {
    row(COLUMNS, true);
    w.down(4 - LINE);
    w.rule();
    w.down(LINE);
  };

  w.text("Purchase request report", MARGIN, { size: 16, bold: true });
  w.down(22);
  for (const h of heading) {
    w.text(w.fit(h, w.contentWidth, 9), MARGIN, { size: 9 });
    w.down(LINE);
  }
  w.text(`Requests: ${total}`, MARGIN, { size: 9 });
  w.down(LINE);
  if (total > PDF_ROW_LIMIT) {
    w.text(
      `This PDF lists the newest ${PDF_ROW_LIMIT} of ${total} requests; the HTML report lists all.`,
      MARGIN,
      { size: 9, bold: true },
    );
    w.down(LINE);
  }
  w.down(6);
  const summaryAt = [MARGIN, MARGIN + 110, MARGIN + 170];
  ["Status", "Requests", "Estimated budget"].forEach((t, i) => w.text(t, summaryAt[i], { size: 9, bold: true }));
  w.down(LINE);
  for (const s of summary) {
    [label(s.status), String(s.count), s.estimated].forEach((t, i) => w.text(t, summaryAt[i], { size: 9 }));
    w.down(LINE);
  }
  w.down(10);
  header();
  let shown = 0;
  outer: for await (const rows of rowsOf(db, f)) {
    for (const r of rows) {
      if (shown >= PDF_ROW_LIMIT) break outer;
      if (w.ensure(0)) header();
      row(cells(r, day));
      shown++;
    }
  }
  return await w.save();
}

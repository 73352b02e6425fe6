/**
 * The parts reports are made of, shared by the Reports section and the role dashboard: a heading
 * over a chart and its table (`ChartTable`), a row of headline figures (`StatList`), and the parts
 * both show of the same report (pipeline by status, requests past deadline, approvals waiting,
 * spend by month and by category). Strings are the "reports" namespace's, as in report-card.tsx.
 */
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Chart, type Column, DataTable } from "./report-card.tsx";
import type { ReportChartProps } from "./report-chart.tsx";
import type { useReportFormat } from "../hooks/use-report-format.ts";
import type { ApprovalsReport, PipelineReport, SpendReport } from "../hooks/use-report.ts";

type Format = ReturnType<typeof useReportFormat>;
export type ChartOptions = Omit<ReportChartProps, "xKey">;

/**
 * A heading, the chart (categories under `label`) and the table behind it, then `children` (a
 * note). Without a title the chart and table sit directly in the parent's grid.
 */
export function ChartTable<T>({ title, caption, className, chart, rows, rowKey, columns, children }: {
  title?: ReactNode;
  caption: string;
  className?: string;
  chart?: ChartOptions;
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
  columns: Column<T>[];
  children?: ReactNode;
}) {
  const body = (
    <>
      {title !== undefined && <h3 className="font-medium">{title}</h3>}
      {chart && <Chart xKey="label" {...chart} />}
      <DataTable caption={caption} rows={rows} rowKey={rowKey} columns={columns} />
      {children}
    </>
  );
  return title === undefined ? <Fragment>{body}</Fragment> : <div className={className}>{body}</div>;
}

/** A chart of counts: one bar per row, whole-number ticks. */
export function countChart(
  data: { label: string; count: number }[],
  seriesLabel: string,
  fmt: Format,
  height?: number,
): ChartOptions {
  return {
    data,
    series: [{ key: "count", label: seriesLabel }],
    integer: true,
    formatValue: (v) => fmt.number(v),
    height,
  };
}

/** A chart of days: the median and the 90th percentile per row. */
export function medianChart(
  rows: { label: string; medianDays: number | null; p90Days: number | null }[],
  t: (key: string) => string,
  fmt: Format,
): ChartOptions {
  return {
    data: rows.map((r) => ({ label: r.label, median: r.medianDays, p90: r.p90Days })),
    series: [{ key: "median", label: t("columns.median") }, { key: "p90", label: t("columns.p90") }],
    formatValue: (v) => fmt.number(v, 1),
  };
}

/** A report's headline figures: the column's name over the value, in a row of daisyUI stats. */
export function StatList({ items }: { items: readonly (readonly [column: string, value: string])[] }) {
  const { t } = useTranslation("reports");
  return (
    <dl className="stats stats-vertical bg-base-200 sm:stats-horizontal">
      {items.map(([column, value]) => (
        <div key={column} className="stat">
          <dt className="stat-title">{t(`columns.${column}`)}</dt>
          <dd className="stat-value text-xl">
            <bdi>{value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Purchase requests by status, chart and table. */
export function PipelineByStatus({ rows, fmt, height }: {
  rows: PipelineReport["byStatus"];
  fmt: Format;
  height?: number;
}) {
  const { t } = useTranslation("reports");
  const status = (s: string) => t(`statuses.${s}`, { defaultValue: s });
  return (
    <ChartTable
      title={t("pipeline.byStatus")}
      caption={t("pipeline.byStatus")}
      chart={countChart(
        rows.map((r) => ({ label: status(r.status), count: r.count })),
        t("columns.requests"),
        fmt,
        height,
      )}
      rows={rows}
      rowKey={(r) => r.status}
      columns={[
        { header: t("columns.status"), cell: (r) => status(r.status) },
        { header: t("columns.requests"), cell: (r) => fmt.number(r.count), numeric: true },
      ]}
    />
  );
}

/**
 * The requests past their deadline: the count as heading, the requests under it. `brief` (the
 * dashboard) lists the first five by number and days overdue only.
 */
export function PastDeadline({ pastDeadline, fmt, brief = false, className, testId }: {
  pastDeadline: PipelineReport["pastDeadline"];
  fmt: Format;
  brief?: boolean;
  className?: string;
  testId?: string;
}) {
  const { t } = useTranslation("reports");
  const status = (s: string) => t(`statuses.${s}`, { defaultValue: s });
  type Row = (typeof pastDeadline.requests)[number];
  const columns: Column<Row>[] = [
    { header: t("columns.request"), cell: (r) => `${r.number} · ${r.title}` },
    ...(brief ? [] : [
      { header: t("columns.status"), cell: (r: Row) => status(r.status) },
      { header: t("columns.deadline"), cell: (r: Row) => fmt.date(r.deadline) },
    ]),
    { header: t("columns.overdue"), cell: (r) => fmt.days(r.daysOverdue), numeric: true },
  ];
  return (
    <div className={className}>
      <h3 className="font-medium" data-testid={testId}>
        {t("pipeline.pastDeadline", { count: pastDeadline.count, value: fmt.number(pastDeadline.count) })}
      </h3>
      {pastDeadline.requests.length > 0 && (
        <DataTable
          caption={t("pipeline.pastDeadlineCaption")}
          rows={brief ? pastDeadline.requests.slice(0, 5) : pastDeadline.requests}
          rowKey={(r) => r.id}
          columns={columns}
        />
      )}
    </div>
  );
}

/** Requests waiting on each approver role now, and the oldest one's age. */
export function ApprovalsWaiting({ rows, fmt, title, height }: {
  rows: ApprovalsReport["waiting"];
  fmt: Format;
  /** Without one, the chart and table sit directly in the parent's grid. */
  title?: string;
  height?: number;
}) {
  const { t } = useTranslation("reports");
  const { t: tc } = useTranslation();
  const role = (r: string) => tc(`roles.${r}.name`, { defaultValue: r });
  return (
    <ChartTable
      title={title}
      caption={t("approvals.waiting")}
      chart={countChart(rows.map((r) => ({ label: role(r.role), count: r.count })), t("columns.requests"), fmt, height)}
      rows={rows}
      rowKey={(r) => r.role}
      columns={[
        { header: t("columns.role"), cell: (r) => role(r.role) },
        { header: t("columns.requests"), cell: (r) => fmt.number(r.count), numeric: true },
        { header: t("columns.oldest"), cell: (r) => fmt.days(r.oldestDays), numeric: true },
      ]}
    />
  );
}

type SpendRow = { amount: string; awards: number };

/**
 * One breakdown of the spend: amounts per row as bars (horizontal unless `month`) and as a table;
 * `withAwards` adds the number of awards to the table.
 */
export function SpendBreakdown<R extends SpendRow>(
  { title, header, label, rows, rowKey, fmt, withAwards, month = false, height }: {
    title: string;
    header: string;
    label: (row: R) => string;
    rows: R[];
    rowKey: (row: R) => string | number;
    fmt: Format;
    withAwards: boolean;
    /** Rows are months ("2026-03"): a column chart, the month written out on the axis. */
    month?: boolean;
    height?: number;
  },
) {
  const { t } = useTranslation("reports");
  return (
    <ChartTable
      title={title}
      caption={title}
      chart={{
        horizontal: !month,
        data: rows.map((r) => ({ label: month ? String(rowKey(r)) : label(r), amount: Number(r.amount) })),
        series: [{ key: "amount", label: t("columns.amount") }],
        formatValue: fmt.amountTick,
        formatLabel: month ? fmt.month : undefined,
        height,
      }}
      rows={rows}
      rowKey={rowKey}
      columns={[
        { header, cell: label },
        { header: t("columns.amount"), cell: (r) => fmt.amount(r.amount), numeric: true },
        ...(withAwards ? [{ header: t("columns.awards"), cell: (r: R) => fmt.number(r.awards), numeric: true }] : []),
      ]}
    />
  );
}

/** Spend by month and by category, as the Spend report and the finance dashboard show them. */
export function SpendByMonthAndCategory({ data, fmt, withAwards, height }: {
  data: Pick<SpendReport, "byMonth" | "byCategory">;
  fmt: Format;
  withAwards: boolean;
  /** Of the month chart; the category chart grows with its bars when this is set. */
  height?: number;
}) {
  const { t } = useTranslation("reports");
  const none = t("none");
  return (
    <>
      <SpendBreakdown
        title={t("spend.byMonth")}
        header={t("columns.month")}
        label={(r) => fmt.month(r.month)}
        rows={data.byMonth}
        rowKey={(r) => r.month}
        fmt={fmt}
        withAwards={withAwards}
        month
        height={height}
      />
      <SpendBreakdown
        title={t("spend.byCategory")}
        header={t("columns.category")}
        label={(r) => r.name ?? none}
        rows={data.byCategory}
        rowKey={(r) => r.categoryId ?? "none"}
        fmt={fmt}
        withAwards={withAwards}
        height={height && Math.max(160, data.byCategory.length * 36)}
      />
    </>
  );
}

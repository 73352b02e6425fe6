/**
 * One report: title, CSV export, and its loading, error and empty states. The chart is loaded
 * lazily; its table (the text alternative) renders at once.
 */
import { lazy, type ReactNode, startTransition, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadError, Loading } from "./load-states.tsx";
import { Can } from "../lib/authorization.tsx";
import type { ReportChartProps } from "./report-chart.tsx";

const importChart = () => import("./report-chart.tsx");
const LazyChart = lazy(importChart);

/**
 * The chart is its own chunk (small since decision 025), requested once the browser is idle after
 * the page painted, so a dashboard's figures and tables never wait for it and drawing the charts does
 * not land in the first load's busiest moment.
 */
let chartLibrary: Promise<unknown> | null = null;
let chartLibraryLoaded = false;
function loadChartLibrary(): Promise<unknown> {
  chartLibrary ??= new Promise<void>((resolve) => {
    if (typeof requestIdleCallback === "function") requestIdleCallback(() => resolve(), { timeout: 1500 });
    else setTimeout(resolve, 0);
  }).then(importChart).then(
    () => (chartLibraryLoaded = true),
    () => {
      // Offline or a new deployment: the table below each chart still says everything; try again later.
      chartLibrary = null;
    },
  );
  return chartLibrary;
}

/** Same size as the chart (no layout shift), announced as loading to screen readers. */
function ChartPlaceholder({ height }: { height: number }) {
  const { t } = useTranslation();
  return (
    <div role="status" style={{ height }} className="skeleton w-full" data-testid="chart-placeholder">
      <span className="sr-only">{t("translation:common.chartLoading")}</span>
    </div>
  );
}

export function Chart(props: ReportChartProps) {
  const [ready, setReady] = useState(chartLibraryLoaded);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    void loadChartLibrary().then(() => {
      // A transition: React renders the charts in slices instead of one long task.
      if (mounted && chartLibraryLoaded) startTransition(() => setReady(true));
    });
    return () => {
      mounted = false;
    };
  }, [ready]);
  const placeholder = <ChartPlaceholder height={props.height ?? 260} />;
  if (!ready) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <LazyChart {...props} />
    </Suspense>
  );
}

export function ReportCard({ id, title, description, exportUrl, documents, query, isEmpty, children }: {
  id: string;
  title: string;
  description: string;
  exportUrl?: string;
  /** More downloads beside CSV and XLSX (the purchase request report as HTML and PDF). */
  documents?: { href: string; label: string }[];
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  isEmpty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation("reports");
  let body: ReactNode;
  if (query.isPending) body = <Loading label={t("loading")} />;
  else if (query.isError) body = <LoadError message={t("loadError")} onRetry={() => void query.refetch()} />;
  else if (isEmpty) {
    body = (
      <p className="rounded-box bg-base-200 p-8 text-center text-base-content/70" data-testid="report-empty">
        {t("empty")}
      </p>
    );
  } else body = children;
  return (
    <section
      aria-labelledby={`report-${id}`}
      aria-busy={query.isFetching}
      className="card bg-base-100 shadow-sm"
      data-testid={`report-${id}`}
    >
      <div className="card-body gap-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 id={`report-${id}`} className="card-title text-lg">{title}</h2>
            <p className="text-sm text-base-content/70">{description}</p>
          </div>
          {exportUrl && (
            <Can permission="reports.export">
              <div className="flex flex-wrap gap-2">
                <a href={exportUrl} download className="btn btn-outline btn-sm">{t("exportCsv")}</a>
                <a href={exportUrl.replace("/export?", "/export.xlsx?")} download className="btn btn-outline btn-sm">
                  {t("exportXlsx")}
                </a>
                {documents?.map((d) => (
                  <a key={d.href} href={d.href} download className="btn btn-outline btn-sm">{d.label}</a>
                ))}
              </div>
            </Can>
          )}
        </div>
        {body}
      </div>
    </section>
  );
}

export type Column<T> = { header: string; cell: (row: T) => ReactNode; numeric?: boolean };

/** The figures behind a chart, as a table (screen readers read this, not the chart). */
export function DataTable<T>({ caption, columns, rows, rowKey }: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T, index: number) => string | number;
}) {
  return (
    // Scrolls sideways on narrow screens: focusable so keyboard users can scroll it (WCAG 2.1.1).
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={caption}>
      <table className="table table-sm">
        <caption className="text-start text-sm font-medium">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={c.numeric ? "text-end" : undefined}>{c.header}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={rowKey(row, i)}>
              {columns.map((c) => (
                <td key={c.header} className={c.numeric ? "text-end tabular-nums" : undefined}>
                  {c.numeric ? <bdi>{c.cell(row)}</bdi> : c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

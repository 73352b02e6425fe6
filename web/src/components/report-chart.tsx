/**
 * The one chart component of the reports and dashboards: bars (upright or, for long labels,
 * horizontal) or a line, drawn as plain SVG (decision 025: a charting library was 390 KB of script
 * on every dashboard for what these few shapes need). Themed from daisyUI's colour variables (light
 * and dark follow the theme), mirrored right-to-left in Dhivehi (categories run from the right, the
 * value axis stands on the right). Hidden from screen readers: the table under each chart says the
 * same in text.
 */
import { useLayoutEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

export type ChartSeries = { key: string; label: string };

export type ReportChartProps = {
  kind?: "bar" | "line";
  data: Record<string, string | number | null>[];
  xKey: string;
  series: ChartSeries[];
  formatValue: (value: number) => string;
  formatLabel?: (value: string) => string;
  /** Horizontal bars, for long labels (categories, vendors). */
  horizontal?: boolean;
  height?: number;
  /** Which category labels to draw: every one (0, the default) or, for long series, as many as fit. */
  tickInterval?: 0 | "preserveStartEnd";
  /** Counts: whole-number ticks only (no "1, 1, 2, 2" from rounded halves). */
  integer?: boolean;
};

const COLORS = ["var(--color-primary)", "var(--color-secondary)", "var(--color-accent)", "var(--color-info)"];
const FONT = 11;
/** Rough width of a label character at FONT px: enough to keep labels apart and inside the chart. */
const CHAR = 6.2;
const VALUE_AXIS = 80;
const CATEGORY_AXIS = 140;
const MARGIN = { top: 8, side: 16, bottom: 8 };
/** The widest a bar is drawn: one category alone must not fill the whole chart. */
const MAX_BAR = 40;

/** Round ticks covering [min, max] (about five), 1/2/5 × 10^n apart; whole numbers for counts. */
export function niceTicks(min: number, max: number, integer: boolean): number[] {
  const lo = Math.min(0, min);
  const hi = Math.max(0, max, lo === 0 && max === 0 ? 1 : 0);
  const rough = (hi - lo) / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
  if (integer) step = Math.max(1, Math.ceil(step));
  const first = Math.floor(lo / step) * step;
  const ticks: number[] = [];
  for (let v = first; v < hi + step / 2 && ticks.length < 12; v += step) ticks.push(Number(v.toPrecision(12)));
  if (ticks[ticks.length - 1] < hi) ticks.push(Number((ticks[ticks.length - 1] + step).toPrecision(12)));
  return ticks;
}

/** Which of `n` labels to draw when each needs `need` px of `room` px: every k-th, first and last kept. */
export function visibleLabels(n: number, room: number, need: number, all: boolean): Set<number> {
  const every = all ? 1 : Math.max(1, Math.ceil((need * n) / Math.max(room, 1)));
  const shown = new Set<number>();
  for (let i = 0; i < n; i += every) shown.add(i);
  if (!all && n > 1) {
    // The last label replaces the one before it when they would touch.
    const last = n - 1;
    if (!shown.has(last)) {
      if (last % every < every / 2) shown.delete(last - (last % every));
      shown.add(last);
    }
  }
  return shown;
}

/** A category's bars: each as thick as fits (80% of the band, at most MAX_BAR), the group centred. */
function bars(band: number, count: number) {
  const bar = Math.min(MAX_BAR, Math.max(2, (band * 0.8) / count));
  return { bar, inset: (band - bar * count) / 2 };
}

const clip = (text: string, px: number) => {
  const max = Math.max(1, Math.floor(px / CHAR));
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
};

export default function ReportChart(
  {
    kind = "bar",
    data,
    xKey,
    series,
    formatValue,
    formatLabel = (v) => v,
    horizontal = false,
    height = 260,
    tickInterval = 0,
    integer = false,
  }: ReportChartProps,
) {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === "rtl";
  const box = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const legendHeight = series.length > 1 ? 24 : 0;
  const values = data.flatMap((d) => series.map((s) => Number(d[s.key] ?? 0)).filter(Number.isFinite));
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values), integer);
  const lo = ticks[0];
  const hi = ticks[ticks.length - 1];
  const labels = data.map((d) => formatLabel(String(d[xKey] ?? "")));
  const n = Math.max(data.length, 1);

  let body = null;
  if (width > 0) {
    const svgHeight = height - legendHeight;
    if (horizontal) {
      // Categories down the side, values across: bars grow away from the category axis.
      // Room at the far end for half of the last value label, which is centred on its tick.
      const plotLeft = rtl ? MARGIN.side + 24 : CATEGORY_AXIS;
      const plotRight = width - (rtl ? CATEGORY_AXIS : MARGIN.side + 24);
      const plotTop = MARGIN.top;
      const plotBottom = svgHeight - MARGIN.bottom - FONT - 6;
      const span = plotRight - plotLeft;
      const x = (v: number) =>
        rtl ? plotRight - ((v - lo) / (hi - lo)) * span : plotLeft + ((v - lo) / (hi - lo)) * span;
      const band = (plotBottom - plotTop) / n;
      const { bar, inset } = bars(band, series.length);
      body = (
        <svg width={width} height={svgHeight} className="chart-surface" role="presentation">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={x(t)} x2={x(t)} y1={plotTop} y2={plotBottom} className="chart-grid" />
              <text x={x(t)} y={plotBottom + FONT + 4} textAnchor="middle" fontSize={FONT} fill="currentColor">
                {formatValue(t)}
              </text>
            </g>
          ))}
          {data.map((d, i) => (
            <g key={i}>
              <text
                x={rtl ? plotRight + 6 : plotLeft - 6}
                y={plotTop + band * i + band / 2}
                dominantBaseline="middle"
                textAnchor={rtl ? "start" : "end"}
                fontSize={FONT}
                fill="currentColor"
              >
                {clip(labels[i], CATEGORY_AXIS - 10)}
              </text>
              {series.map((s, j) => {
                const v = Number(d[s.key] ?? 0);
                const a = x(Math.min(0, v));
                const b = x(Math.max(0, v));
                return (
                  <rect
                    key={s.key}
                    className="chart-bar"
                    x={Math.min(a, b)}
                    y={plotTop + band * i + inset + bar * j}
                    width={Math.max(Math.abs(b - a), v === 0 ? 0 : 1)}
                    height={bar}
                    rx={2}
                    style={{ fill: COLORS[j % COLORS.length] }}
                  />
                );
              })}
            </g>
          ))}
        </svg>
      );
    } else {
      // Categories across, values up; in Dhivehi the first category is on the right.
      const plotLeft = rtl ? MARGIN.side : VALUE_AXIS;
      const plotRight = width - (rtl ? VALUE_AXIS : MARGIN.side);
      const plotTop = MARGIN.top;
      const plotBottom = svgHeight - MARGIN.bottom - FONT - 6;
      const band = (plotRight - plotLeft) / n;
      const y = (v: number) => plotBottom - ((v - lo) / (hi - lo)) * (plotBottom - plotTop);
      const centre = (i: number) => rtl ? plotRight - band * i - band / 2 : plotLeft + band * i + band / 2;
      const widest = Math.max(1, ...labels.map((l) => l.length)) * CHAR + 8;
      const shown = visibleLabels(n, plotRight - plotLeft, Math.min(widest, 120), tickInterval === 0);
      const { bar, inset } = bars(band, series.length);
      body = (
        <svg width={width} height={svgHeight} className="chart-surface" role="presentation">
          {ticks.map((t) => (
            <g key={t}>
              <line x1={plotLeft} x2={plotRight} y1={y(t)} y2={y(t)} className="chart-grid" />
              <text
                x={rtl ? plotRight + 6 : plotLeft - 6}
                y={y(t)}
                dominantBaseline="middle"
                textAnchor={rtl ? "start" : "end"}
                fontSize={FONT}
                fill="currentColor"
              >
                {formatValue(t)}
              </text>
            </g>
          ))}
          {data.map((_, i) =>
            shown.has(i) && (
              <text
                key={i}
                x={centre(i)}
                y={plotBottom + FONT + 4}
                textAnchor="middle"
                fontSize={FONT}
                fill="currentColor"
              >
                {clip(labels[i], tickInterval === 0 ? band - 4 : 120)}
              </text>
            )
          )}
          {kind === "line"
            ? series.map((s, j) => {
              const points = data.map((d, i) => `${centre(i)},${y(Number(d[s.key] ?? 0))}`);
              return (
                <g key={s.key} style={{ stroke: COLORS[j % COLORS.length], fill: COLORS[j % COLORS.length] }}>
                  <polyline className="chart-line" points={points.join(" ")} fill="none" strokeWidth={2} />
                  {data.map((d, i) => <circle key={i} cx={centre(i)} cy={y(Number(d[s.key] ?? 0))} r={2.5} />)}
                </g>
              );
            })
            : data.map((d, i) =>
              series.map((s, j) => {
                const v = Number(d[s.key] ?? 0);
                const top = y(Math.max(0, v));
                const bottom = y(Math.min(0, v));
                // Groups read in the category's direction: the first series first.
                const offset = inset + bar * (rtl ? series.length - 1 - j : j);
                return (
                  <rect
                    key={`${i}-${s.key}`}
                    className="chart-bar"
                    x={centre(i) - band / 2 + offset}
                    y={top}
                    width={bar}
                    height={Math.max(bottom - top, v === 0 ? 0 : 1)}
                    rx={2}
                    style={{ fill: COLORS[j % COLORS.length] }}
                  />
                );
              })
            )}
        </svg>
      );
    }
  }

  return (
    // Hidden from assistive technology (the table below is the text alternative) and inert.
    <div
      ref={box}
      aria-hidden="true"
      inert
      className="report-chart text-base-content"
      data-testid="report-chart"
      style={{ height }}
    >
      {body}
      {series.length > 1 && (
        <ul className="flex flex-wrap justify-center gap-x-4 text-xs" style={{ height: legendHeight }}>
          {series.map((s, j) => (
            <li key={s.key} className="flex items-center gap-1">
              <span className="inline-block size-3 rounded-sm" style={{ background: COLORS[j % COLORS.length] }} />
              {s.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The one chart component of the reports, loaded lazily (recharts stays out of every other route).
 * Bars or a line, themed from daisyUI's colour variables (light and dark follow the theme), axes
 * mirrored right-to-left in Dhivehi. The chart is hidden from screen readers: the table under
 * each chart says the same in text.
 */
import { useTranslation } from "react-i18next";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";

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
  /** Which category ticks to draw: every one (0, the default) or, for long series, "preserveStartEnd". */
  tickInterval?: 0 | "preserveStartEnd";
  /** Counts: whole-number ticks only (no "1, 1, 2, 2" from rounded halves). */
  integer?: boolean;
};

const COLORS = ["var(--color-primary)", "var(--color-secondary)", "var(--color-accent)", "var(--color-info)"];

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
  const tick = { fill: "currentColor", fontSize: 11 };
  const tooltip = (
    <Tooltip
      formatter={(value) => formatValue(Number(value))}
      labelFormatter={(label) => formatLabel(String(label))}
      contentStyle={{
        background: "var(--color-base-100)",
        border: "1px solid var(--color-base-300)",
        color: "var(--color-base-content)",
      }}
      cursor={{ fill: "var(--color-base-200)" }}
    />
  );
  const legend = series.length > 1 ? <Legend /> : null;
  const grid = <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />;
  const valueAxisWidth = 80;

  return (
    // The SVG is laid out left to right even in Dhivehi (text-anchor "start" would otherwise flip and
    // draw labels over the bars); the axes themselves are mirrored above, and Thaana labels still
    // read right to left inside their own text runs.
    // Hidden from assistive technology (the table below is the text alternative) and inert, so the
    // chart's own focusable surface cannot take keyboard focus inside a hidden region.
    <div aria-hidden="true" inert dir="ltr" className="text-base-content" data-testid="report-chart" style={{ height }}>
      <ResponsiveContainer width="100%" height="100%">
        {kind === "line"
          ? (
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 16 }}>
              {grid}
              <XAxis
                dataKey={xKey}
                tick={tick}
                interval={tickInterval}
                reversed={rtl}
                tickFormatter={formatLabel}
              />
              <YAxis
                tick={tick}
                orientation={rtl ? "right" : "left"}
                tickFormatter={formatValue}
                allowDecimals={!integer}
                width={valueAxisWidth}
              />
              {tooltip}
              {legend}
              {series.map((s, i) => (
                <Line
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  stroke={COLORS[i % COLORS.length]}
                  strokeWidth={2}
                  isAnimationActive={false}
                />
              ))}
            </LineChart>
          )
          : (
            <BarChart
              data={data}
              layout={horizontal ? "vertical" : "horizontal"}
              margin={{ top: 8, right: 16, bottom: 8, left: 16 }}
            >
              {grid}
              {horizontal
                ? (
                  <>
                    <XAxis
                      type="number"
                      tick={tick}
                      reversed={rtl}
                      tickFormatter={formatValue}
                      allowDecimals={!integer}
                    />
                    <YAxis
                      type="category"
                      dataKey={xKey}
                      tick={tick}
                      interval={0}
                      width={140}
                      orientation={rtl ? "right" : "left"}
                      tickFormatter={formatLabel}
                    />
                  </>
                )
                : (
                  <>
                    <XAxis dataKey={xKey} tick={tick} interval={0} reversed={rtl} tickFormatter={formatLabel} />
                    <YAxis
                      tick={tick}
                      orientation={rtl ? "right" : "left"}
                      tickFormatter={formatValue}
                      allowDecimals={!integer}
                      width={valueAxisWidth}
                    />
                  </>
                )}
              {tooltip}
              {legend}
              {series.map((s, i) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  fill={COLORS[i % COLORS.length]}
                  radius={2}
                  isAnimationActive={false}
                />
              ))}
            </BarChart>
          )}
      </ResponsiveContainer>
    </div>
  );
}

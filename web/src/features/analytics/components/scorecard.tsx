/**
 * A vendor's scorecard: the headline figures (the text), and opportunities, quotations and wins as
 * a chart. Used on the vendor's own dashboard and in vendor management.
 */
import { useTranslation } from "react-i18next";
import type { Scorecard } from "../../../hooks/use-report.ts";
import { Chart } from "../../../components/report-card.tsx";
import { useReportFormat } from "../../../hooks/use-report-format.ts";
import { Figures } from "./figures.tsx";

export function ScorecardFigures({ card, chart = true }: { card: Scorecard; chart?: boolean }) {
  const { t } = useTranslation("reports");
  const { t: ta } = useTranslation("analytics");
  const fmt = useReportFormat();
  const items = ([
    ["winRate", fmt.percent(card.winRate)],
    ["responseRate", fmt.percent(card.responseRate)],
    ["responseTime", fmt.days(card.medianResponseDays)],
    ["awardedTotal", fmt.amount(card.awardedTotal)],
    ["opportunities", fmt.number(card.opportunities)],
    ["quotations", fmt.number(card.quotations)],
    ["wins", fmt.number(card.wins)],
    ["aboveLowest", fmt.percent(card.averageAboveLowestPercent)],
    ["onTimeRate", fmt.percent(card.onTimeRate)],
    ["averageDaysLate", fmt.days(card.averageDaysLate)],
  ] as const).map(([key, value]) => ({ key, label: t(`columns.${key}`), value }));
  return (
    <div className="flex flex-col gap-4">
      <Figures items={items} testId="scorecard" />
      {chart && (
        <Chart
          horizontal
          height={150}
          data={(["opportunities", "quotations", "wins"] as const).map((k) => ({
            label: t(`columns.${k}`),
            count: card[k],
          }))}
          xKey="label"
          series={[{ key: "count", label: ta("columns.count") }]}
          integer
          formatValue={(v) => fmt.number(v)}
        />
      )}
    </div>
  );
}

/**
 * The reports (features/reports) with the analytics feature's system report inside them: the
 * dashboard section (default export) and the /reports page.
 */
import ReportsSection from "../features/reports/components/reports-section.tsx";
import ReportsPageView from "../features/reports/components/reports-page.tsx";
import { SystemAnalyticsReport } from "../features/analytics/components/system-analytics-report.tsx";

export default function Reports() {
  return <ReportsSection SystemAnalyticsReport={SystemAnalyticsReport} />;
}

export function ReportsPage() {
  return <ReportsPageView SystemAnalyticsReport={SystemAnalyticsReport} />;
}

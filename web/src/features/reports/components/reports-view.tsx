/**
 * The reports, live: the filter bar (kept in the URL) over every report the role may
 * see. Staff with reports.view get all of them; a vendor gets its own scorecard.
 */
import type { ComponentType } from "react";
import { useTranslation } from "react-i18next";
import { useCan, useRole } from "../../../lib/authorization.tsx";
import { type ReportFilterValues, useReportFilter } from "../../../lib/report-filter.ts";
import { ApprovalsReport } from "./approvals-report.tsx";
import { BiddingReport } from "./bidding-report.tsx";
import { FilterBar } from "./filter-bar.tsx";
import { PipelineReport } from "./pipeline-report.tsx";
import { SavingsReport } from "./savings-report.tsx";
import { SpendReport } from "./spend-report.tsx";
import { OwnScorecard, VendorsReport } from "./vendors-report.tsx";

/** The analytics feature's system report (administrators), as the app hands it in (web/src/app/reports.tsx). */
export type SystemAnalyticsComponent = ComponentType<{ filter: ReportFilterValues }>;

export function ReportsView({ SystemAnalyticsReport }: { SystemAnalyticsReport: SystemAnalyticsComponent }) {
  const { t } = useTranslation("reports");
  const { state, values, setState } = useReportFilter();
  const staff = useCan("reports.view");
  const vendor = useRole() === "vendor";
  const admin = useCan("system_settings.view");
  return (
    <div className="flex flex-col gap-4">
      <FilterBar state={state} onChange={setState} />
      {staff && (
        <>
          <SpendReport filter={values} />
          <SavingsReport filter={values} />
          <PipelineReport filter={values} />
          <ApprovalsReport filter={values} />
          <BiddingReport filter={values} />
          <VendorsReport filter={values} />
          {admin && <SystemAnalyticsReport filter={values} />}
        </>
      )}
      {!staff && vendor && <OwnScorecard filter={values} />}
      {!staff && !vendor && <p className="text-base-content/70">{t("notAllowed")}</p>}
    </div>
  );
}

/**
 * GET /api/reports/<kind> (staff with reports.view) and GET /api/reports/vendors/me (a vendor's
 * own scorecard), one query per report and filter; the CSV export is a plain link so the browser
 * streams it to disk.
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";
import type { ReportFilterValues } from "../lib/report-filter.ts";
import type { z } from "zod";
import type * as schemas from "../../../src/shared/schemas/responses/reports.ts";
import { filterQuery } from "../lib/report-filter.ts";
import { useDeferredQuery } from "./use-deferred-query.ts";

export type ReportKind = "spend" | "savings" | "pipeline" | "approvals" | "bidding" | "vendors";

// The answers' shapes are the server's response schemas (types only: nothing of zod is bundled).
export type SpendReport = z.infer<typeof schemas.spendReportSchema>;
export type SavingsReport = z.infer<typeof schemas.savingsReportSchema>;
export type PipelineReport = z.infer<typeof schemas.pipelineReportSchema>;
export type CycleMetric = PipelineReport["cycleTimes"][number]["metric"];
export type ApprovalsReport = z.infer<typeof schemas.approvalsReportSchema>;
export type BiddingReport = z.infer<typeof schemas.biddingReportSchema>;
export type Scorecard = z.infer<typeof schemas.scorecardSchema>;
export type VendorsReport = z.infer<typeof schemas.vendorReportSchema>;

export type ReportData = {
  spend: SpendReport;
  savings: SavingsReport;
  pipeline: PipelineReport;
  approvals: ApprovalsReport;
  bidding: BiddingReport;
  vendors: VendorsReport;
};

export const reportsQueryKey = ["reports"] as const;

export function getReport<K extends ReportKind>(
  kind: K,
  filter: ReportFilterValues,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ReportData[K]> {
  return apiJson<ReportData[K]>(`/api/reports/${kind}?${filterQuery(filter)}`, { signal });
}

export const reportQueryOptions = <K extends ReportKind>(kind: K, filter: ReportFilterValues) =>
  queryOptions({
    queryKey: [...reportsQueryKey, kind, filter],
    queryFn: ({ signal }) => getReport(kind, filter, { signal }),
    placeholderData: keepPreviousData,
  });

export function useReport<K extends ReportKind>(kind: K, filter: ReportFilterValues) {
  return useDeferredQuery(useQuery(reportQueryOptions(kind, filter)));
}

/** GET /api/reports/vendors/me */
export function useOwnScorecard(filter: ReportFilterValues) {
  return useDeferredQuery(useQuery({
    queryKey: [...reportsQueryKey, "vendors", "me", filter],
    queryFn: ({ signal }) => apiJson<VendorsReport>(`/api/reports/vendors/me?${filterQuery(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  }));
}

/** GET /api/reports/purchase-requests.html or .pdf: the purchase request report as a file, same filter. */
export function purchaseRequestReportUrl(filter: ReportFilterValues, format: "html" | "pdf"): string {
  return `/api/reports/purchase-requests.${format}?${filterQuery(filter)}`;
}

/** GET /api/reports/<kind>/export (CSV) or export.xlsx: the report as a file, with the same filter. */
export function reportExportUrl(kind: ReportKind, filter: ReportFilterValues, format: "csv" | "xlsx" = "csv"): string {
  return `/api/reports/${kind}/${format === "csv" ? "export" : "export.xlsx"}?${filterQuery(filter)}`;
}

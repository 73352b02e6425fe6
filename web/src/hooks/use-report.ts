/**
 * GET /api/reports/<kind> (staff with reports.view) and GET /api/reports/vendors/me (a vendor's
 * own scorecard), one query per report and filter; the CSV export is a plain link so the browser
 * streams it to disk.
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";
import type { ReportFilterValues } from "../lib/report-filter.ts";
import { filterQuery } from "../lib/report-filter.ts";

export type ReportKind = "spend" | "savings" | "pipeline" | "approvals" | "bidding" | "vendors";

type Amount = { amount: string; awards: number };

export type SpendReport = {
  total: Amount & { currencies: string[] };
  byMonth: (Amount & { month: string })[];
  byCategory: (Amount & { categoryId: number | null; name: string | null })[];
  byDepartment: (Amount & { department: string })[];
  byVendor: (Amount & { vendorId: number | null; name: string | null; vendors: number })[];
};

export type SavingsReport = {
  total: {
    estimated: string;
    awarded: string;
    saving: string;
    savingPercent: number | null;
    awards: number;
    withoutBudget: number;
  };
  rows: {
    awardId: number;
    kind: "purchase_request" | "bid_request";
    requestId: number;
    number: string;
    title: string;
    awardedAt: string;
    poNumber: string;
    estimated: string;
    awarded: string;
    saving: string;
    savingPercent: number | null;
  }[];
};

export type CycleMetric = "creationToApproval" | "approvalToAward" | "creationToOrder";

export type PipelineReport = {
  byStatus: { status: string; count: number }[];
  cycleTimes: { metric: CycleMetric; count: number; medianDays: number | null; p90Days: number | null }[];
  pastDeadline: {
    count: number;
    requests: { id: number; number: string; title: string; status: string; deadline: string; daysOverdue: number }[];
  };
};

export type ApprovalsReport = {
  turnaround: {
    role: string;
    decisions: number;
    approved: number;
    rejected: number;
    medianDays: number | null;
    p90Days: number | null;
  }[];
  waiting: { role: string; count: number; oldestDays: number | null }[];
};

export type BiddingReport = {
  byStatus: { status: string; count: number }[];
  totals: {
    bids: number;
    invited: number;
    answered: number;
    responseRate: number | null;
    quotations: number;
    averageQuotations: number | null;
  };
  byMode: { mode: "open" | "sealed"; bids: number; quotations: number; averageQuotations: number | null }[];
};

export type Scorecard = {
  vendorId: number;
  companyName: string;
  opportunities: number;
  quotations: number;
  responseRate: number | null;
  wins: number;
  winRate: number | null;
  medianResponseDays: number | null;
  averageAboveLowestPercent: number | null;
  awardedTotal: string;
  /** Orders received in full with a due date; on-time share and days late (promised, else requested date). */
  deliveries: number;
  onTimeRate: number | null;
  averageDaysLate: number | null;
};

export type VendorsReport = { vendors: Scorecard[] };

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
  return useQuery(reportQueryOptions(kind, filter));
}

/** GET /api/reports/vendors/me */
export function useOwnScorecard(filter: ReportFilterValues) {
  return useQuery({
    queryKey: [...reportsQueryKey, "vendors", "me", filter],
    queryFn: ({ signal }) => apiJson<VendorsReport>(`/api/reports/vendors/me?${filterQuery(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /api/reports/purchase-requests.html or .pdf: the purchase request report as a file, same filter. */
export function purchaseRequestReportUrl(filter: ReportFilterValues, format: "html" | "pdf"): string {
  return `/api/reports/purchase-requests.${format}?${filterQuery(filter)}`;
}

/** GET /api/reports/<kind>/export (CSV) or export.xlsx: the report as a file, with the same filter. */
export function reportExportUrl(kind: ReportKind, filter: ReportFilterValues, format: "csv" | "xlsx" = "csv"): string {
  return `/api/reports/${kind}/${format === "csv" ? "export" : "export.xlsx"}?${filterQuery(filter)}`;
}

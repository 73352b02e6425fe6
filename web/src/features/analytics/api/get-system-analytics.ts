/**
 * GET /api/reports/system (administrators: system_settings.view) with the reports' filter (only the
 * date range applies); the CSV and XLSX exports are plain links so the browser saves them.
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { useDeferredQuery } from "../../../hooks/use-deferred-query.ts";
import { filterQuery, type ReportFilterValues } from "../../../lib/report-filter.ts";

export const ACTIVITIES = ["today", "week", "month", "older", "never"] as const;
export type Activity = (typeof ACTIVITIES)[number];

export type SystemAnalytics = {
  range: { from: string; to: string; truncated: boolean; timeZone: string };
  users: {
    total: number;
    inactive: number;
    byRole: ({ role: string; users: number; inactive: number } & Record<Activity, number>)[];
    byActivity: { activity: Activity; users: number }[];
  };
  signIns: {
    total: { succeeded: number; failed: number; lockouts: number };
    byDay: { day: string; succeeded: number; failed: number; lockouts: number }[];
  };
  outbox: {
    delivered: number;
    kept: number;
    pending: number;
    failed: number;
    byStatus: { status: string; count: number }[];
  };
  storage: {
    files: number;
    bytes: number;
    databaseBytes: number;
    objectStorageBytes: number;
    byPurpose: { purpose: string; files: number; bytes: number }[];
  };
  database: { bytes: number };
};

/** Only the range goes to the server: the other filters do not apply to these figures. */
const rangeOnly = ({ from, to }: ReportFilterValues): ReportFilterValues => ({ from, to });

export const systemAnalyticsQueryOptions = (filter: ReportFilterValues) =>
  queryOptions({
    queryKey: ["reports", "system", rangeOnly(filter)],
    queryFn: ({ signal }) =>
      apiJson<SystemAnalytics>(`/api/reports/system?${filterQuery(rangeOnly(filter))}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useSystemAnalytics(filter: ReportFilterValues) {
  return useDeferredQuery(useQuery(systemAnalyticsQueryOptions(filter)));
}

export function systemAnalyticsExportUrl(filter: ReportFilterValues, format: "csv" | "xlsx" = "csv"): string {
  return `/api/reports/system/export.${format}?${filterQuery(rangeOnly(filter))}`;
}

/**
 * The reports' filter bar state, kept in the URL so a view can be bookmarked and shared:
 * `?range=last90&categoryId=3&department=IT&status=completed`, or `?range=custom&from=...&to=...`.
 * A preset range becomes calendar days (from, to) from today's date on this device.
 */
import { useCallback, useMemo } from "react";
import { useLocation, useSearch } from "wouter";

export const RANGES = ["thisMonth", "last30", "last90", "thisYear", "all", "custom"] as const;
export type RangePreset = (typeof RANGES)[number];
export const DEFAULT_RANGE: RangePreset = "thisYear";

/** What the API takes (src/features/reports/schemas.ts). */
export type ReportFilterValues = {
  from?: string;
  to?: string;
  categoryId?: number;
  department?: string;
  status?: string;
};

export type FilterState = ReportFilterValues & { range: RangePreset };

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isoDay(d: Date): string {
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

export function parseFilter(search: string): FilterState {
  const p = new URLSearchParams(search);
  const range = RANGES.find((r) => r === p.get("range")) ?? DEFAULT_RANGE;
  const day = (k: string) => {
    const v = p.get(k);
    return v && DAY_RE.test(v) ? v : undefined;
  };
  const id = Number(p.get("categoryId"));
  return {
    range,
    from: range === "custom" ? day("from") : undefined,
    to: range === "custom" ? day("to") : undefined,
    categoryId: Number.isInteger(id) && id > 0 ? id : undefined,
    department: p.get("department")?.trim() || undefined,
    status: p.get("status") || undefined,
  };
}

export function filterSearch(state: FilterState): string {
  const p = new URLSearchParams({ range: state.range });
  if (state.range === "custom") {
    if (state.from) p.set("from", state.from);
    if (state.to) p.set("to", state.to);
  }
  if (state.categoryId) p.set("categoryId", String(state.categoryId));
  if (state.department) p.set("department", state.department);
  if (state.status) p.set("status", state.status);
  return p.toString();
}

/** The preset as dates: this month / year from its first day, last N days ending today. */
export function resolveFilter(state: FilterState, today = new Date()): ReportFilterValues {
  const { range, ...rest } = state;
  const end = isoDay(today);
  const back = (days: number) => isoDay(new Date(today.getFullYear(), today.getMonth(), today.getDate() - days + 1));
  switch (range) {
    case "thisMonth":
      return { ...rest, from: isoDay(new Date(today.getFullYear(), today.getMonth(), 1)), to: end };
    case "last30":
      return { ...rest, from: back(30), to: end };
    case "last90":
      return { ...rest, from: back(90), to: end };
    case "thisYear":
      return { ...rest, from: `${today.getFullYear()}-01-01`, to: end };
    case "all":
      return { ...rest, from: undefined, to: undefined };
    case "custom":
      return rest;
  }
}

export function filterQuery(values: ReportFilterValues): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v !== undefined && v !== "") p.set(k, String(v));
  return p.toString();
}

/** The filter from the current URL and a setter that replaces the URL's query (no new history entry). */
export function useReportFilter() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = useMemo(() => parseFilter(search), [search]);
  const values = useMemo(() => resolveFilter(state), [state]);
  const setState = useCallback(
    (next: FilterState) => navigate(`${location}?${filterSearch(next)}`, { replace: true }),
    [location, navigate],
  );
  return { state, values, setState };
}

export { BID_STATUSES } from "../../../src/shared/status/bid-request.ts";
export { PR_STATUSES } from "../../../src/shared/status/purchase-request.ts";

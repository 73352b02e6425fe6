/**
 * GET /api/budgets (one fiscal year or all, with the money state and totals), GET /api/budgets/:id
 * (with the requests and orders behind the figures) and GET /api/budgets/effect/:id (what
 * approving a request does to its budgets). The export is a plain link so the browser saves it.
 */
import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { BudgetSettings } from "../../../../../src/shared/schemas/budgets.ts";

export type Money = { committed: string; spent: string; remaining: string };

export type Budget = Money & {
  id: number;
  department: string | null;
  categoryId: number | null;
  categoryName: string | null;
  fiscalYear: number;
  quarter: number | null;
  label: string;
  periodStart: string;
  periodEnd: string;
  amount: string;
  currency: string;
  notes: string;
  version: number;
};

export type BudgetEntry = {
  kind: "request" | "order";
  id: number;
  number: string;
  title: string;
  status: string;
  committed: string;
  spent: string;
};

export type BudgetList = {
  budgets: Budget[];
  totals: Money & { amount: string };
  fiscalYears: number[];
  settings: BudgetSettings;
};

export type BudgetEffect = {
  policy: BudgetSettings["overrunPolicy"];
  estimate: string;
  overrun: boolean;
  budgets: (Budget & { after: string; overrun: boolean })[];
};

export const budgetsQueryKey = ["budgets"] as const;

const yearQuery = (fiscalYear: number | null) => (fiscalYear ? `?fiscalYear=${fiscalYear}` : "");

export const budgetsQueryOptions = (fiscalYear: number | null) =>
  queryOptions({
    queryKey: [...budgetsQueryKey, "list", fiscalYear],
    queryFn: ({ signal }) => apiJson<BudgetList>(`/api/budgets${yearQuery(fiscalYear)}`, { signal }),
    placeholderData: keepPreviousData,
  });

export function useBudgets(fiscalYear: number | null) {
  return useQuery(budgetsQueryOptions(fiscalYear));
}

export function useBudget(id: number) {
  return useQuery({
    queryKey: [...budgetsQueryKey, "detail", id],
    queryFn: ({ signal }) => apiJson<Budget & { entries: BudgetEntry[] }>(`/api/budgets/${id}`, { signal }),
  });
}

export function useBudgetEffect(purchaseRequestId: number, enabled: boolean) {
  return useQuery({
    queryKey: [...budgetsQueryKey, "effect", purchaseRequestId],
    queryFn: ({ signal }) => apiJson<BudgetEffect>(`/api/budgets/effect/${purchaseRequestId}`, { signal }),
    enabled,
  });
}

export function budgetExportUrl(fiscalYear: number | null, format: "csv" | "xlsx") {
  const params = new URLSearchParams();
  if (fiscalYear) params.set("fiscalYear", String(fiscalYear));
  if (format === "xlsx") params.set("format", "xlsx");
  const query = params.toString();
  return `/api/budgets/export${query ? `?${query}` : ""}`;
}

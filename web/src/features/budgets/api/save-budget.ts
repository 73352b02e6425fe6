/** POST/PUT/DELETE /api/budgets and PUT /api/budgets/settings; each invalidates every budget query. */
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { BudgetSettings } from "../../../../../src/shared/schemas/budgets.ts";
import { type Budget, budgetsQueryKey } from "./get-budgets.ts";

export type BudgetPayload = {
  department: string | null;
  categoryId: number | null;
  fiscalYear: number;
  quarter: number | null;
  amount: string;
  currency: string;
  notes: string;
};

function useInvalidating<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: budgetsQueryKey }),
  });
}

export function useSaveBudget() {
  return useInvalidating(({ id, version, ...payload }: BudgetPayload & { id?: number; version?: number }) =>
    id
      ? apiJson<Budget>(`/api/budgets/${id}`, { method: "PUT", json: { ...payload, version } })
      : apiJson<Budget>("/api/budgets", { method: "POST", json: payload })
  );
}

export function useDeleteBudget() {
  return useInvalidating((id: number) => apiJson<null>(`/api/budgets/${id}`, { method: "DELETE" }));
}

export function useSaveBudgetSettings() {
  return useInvalidating((settings: BudgetSettings) =>
    apiJson<BudgetSettings>("/api/budgets/settings", { method: "PUT", json: settings })
  );
}

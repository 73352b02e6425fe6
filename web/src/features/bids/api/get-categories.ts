import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type CategoryOption = { id: number; name: string; isActive?: boolean };

/**
 * GET /api/categories for the category pickers. Same key as the categories feature's query, so the
 * screens share one cached list (features do not import each other's internals).
 */
export function getCategoryOptions({ signal }: { signal?: AbortSignal } = {}): Promise<CategoryOption[]> {
  return apiJson<CategoryOption[]>("/api/categories", { signal });
}

export const categoryOptionsQueryOptions = () =>
  queryOptions({ queryKey: ["categories"], queryFn: getCategoryOptions });

export function useCategoryOptions() {
  return useQuery(categoryOptionsQueryOptions());
}

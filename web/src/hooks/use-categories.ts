import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";

export type Category = {
  id: number;
  name: string;
  description?: string | null;
  isActive?: boolean;
  vendorCount?: number;
};

export const categoriesQueryKey = ["categories"] as const;

/** GET /api/categories */
export function getCategories({ signal }: { signal?: AbortSignal } = {}): Promise<Category[]> {
  return apiJson<Category[]>("/api/categories", { signal });
}

export const categoriesQueryOptions = () => queryOptions({ queryKey: categoriesQueryKey, queryFn: getCategories });

export function useCategories(options: { publicPage?: boolean } = {}) {
  return useQuery({
    ...categoriesQueryOptions(),
    // On a signed-out page a 401 is not an expired session; the page shows its own error.
    meta: options.publicPage ? { skipUnauthorizedRedirect: true } : undefined,
  });
}

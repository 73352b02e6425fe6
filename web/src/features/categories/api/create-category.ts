import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { categoriesQueryKey, type Category } from "../../../hooks/use-categories.ts";

export type CreateCategoryInput = { name: string; description: string };

/** POST /api/categories */
export function createCategory(input: CreateCategoryInput): Promise<Category> {
  return apiJson<Category>("/api/categories", { method: "POST", json: input });
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}

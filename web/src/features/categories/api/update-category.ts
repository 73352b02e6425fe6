import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { categoriesQueryKey, type Category } from "../../../hooks/use-categories.ts";

export type UpdateCategoryInput = { id: number; name: string; description: string; isActive: boolean };

/** PUT /api/categories/:id */
export function updateCategory({ id, ...body }: UpdateCategoryInput): Promise<Category> {
  return apiJson<Category>(`/api/categories/${id}`, { method: "PUT", json: body });
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}

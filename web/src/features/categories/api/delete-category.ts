import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { categoriesQueryKey } from "../../../hooks/use-categories.ts";

/** DELETE /api/categories/:id; 409 with a message while vendors or requests still use the category. */
export async function deleteCategory(id: number): Promise<void> {
  await apiRequest(`/api/categories/${id}`, { method: "DELETE" });
}

export function useDeleteCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCategory,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesQueryKey }),
  });
}

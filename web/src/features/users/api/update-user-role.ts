import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { type AdminUser, usersQueryKey } from "../../../hooks/use-users.ts";

export type UpdateUserRoleInput = { id: number; roleId: number };

/** PUT /api/admin/users/{id}/role; ends the user's sessions on the server. */
export function updateUserRole({ id, roleId }: UpdateUserRoleInput): Promise<AdminUser> {
  return apiJson<AdminUser>(`/api/admin/users/${id}/role`, { method: "PUT", json: { roleId } });
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

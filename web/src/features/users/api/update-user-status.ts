import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { adminStatsQueryKey } from "../../../hooks/use-admin-stats.ts";
import { type AdminUser, usersQueryKey } from "../../../hooks/use-users.ts";

export type UpdateUserStatusInput = { id: number; isActive: boolean };

/** PUT /api/admin/users/{id}/status; deactivation ends the user's sessions on the server. */
export function updateUserStatus({ id, isActive }: UpdateUserStatusInput): Promise<AdminUser> {
  return apiJson<AdminUser>(`/api/admin/users/${id}/status`, { method: "PUT", json: { isActive } });
}

export function useUpdateUserStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserStatus,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryKey }),
      ]),
  });
}

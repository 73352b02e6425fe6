import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { usersQueryKey } from "../../../hooks/use-users.ts";

export type ResetPasswordResult = { temporaryPassword: string };

/**
 * POST /api/admin/users/{id}/reset-password: the server picks a random temporary password, answers
 * it once, and makes the user change it at the next sign-in (replaces the spec's fixed password).
 */
export function resetUserPassword(id: number): Promise<ResetPasswordResult> {
  return apiJson<ResetPasswordResult>(`/api/admin/users/${id}/reset-password`, { method: "POST" });
}

export function useResetUserPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetUserPassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usersQueryKey }),
  });
}

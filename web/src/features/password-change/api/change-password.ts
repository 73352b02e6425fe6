import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { currentUserQueryKey } from "../../../hooks/use-current-user.ts";
import { profileQueryKey } from "../../../hooks/use-profile.ts";

export type ChangePasswordInput = {
  userId: number | string;
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
};

/**
 * PUT /api/users/{id}/change-password. The server ends every other session and renews this one,
 * and clears a pending forced change, so the current user is read again.
 */
export function changePassword({ userId, ...body }: ChangePasswordInput): Promise<{ message: string }> {
  return apiJson<{ message: string }>(`/api/users/${userId}/change-password`, { method: "PUT", json: body });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { currentUserQueryKey } from "../../../hooks/use-current-user.ts";
import { type AdminUser, usersQueryKey } from "../../../hooks/use-users.ts";

/** A blank or missing newPassword leaves the password unchanged. */
export type UpdateUserInput = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  newPassword?: string;
};

/** PUT /api/admin/users/{id} */
export function updateUser({ id, ...body }: UpdateUserInput): Promise<AdminUser> {
  return apiJson<AdminUser>(`/api/admin/users/${id}`, { method: "PUT", json: body });
}

export function useUpdateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUser,
    // The admin may have edited their own name or email, which the sidebar shows.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
      ]),
  });
}

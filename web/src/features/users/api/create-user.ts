import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { adminStatsQueryKey } from "../../../hooks/use-admin-stats.ts";
import { type AdminUser, usersQueryKey } from "../../../hooks/use-users.ts";

export type CreateUserInput = { firstName: string; lastName: string; email: string; password: string; roleId: number };

/** POST /api/admin/users: a staff account that must change its password at first sign-in. */
export function createUser(input: CreateUserInput): Promise<AdminUser> {
  return apiJson<AdminUser>("/api/admin/users", { method: "POST", json: input });
}

export function useCreateUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: adminStatsQueryKey }),
      ]),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { currentUserQueryKey } from "../../../hooks/use-current-user.ts";
import type { LoginResult } from "./login.ts";

export type AdminLoginInput = { username: string; password: string };

/** POST /api/admin/login */
export function adminLogin(input: AdminLoginInput): Promise<LoginResult> {
  return apiJson<LoginResult>("/api/admin/login", { method: "POST", json: input });
}

export function useAdminLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogin,
    meta: { skipUnauthorizedRedirect: true },
    onSuccess: async (result) => {
      if (!result?.twoFactorRequired) await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

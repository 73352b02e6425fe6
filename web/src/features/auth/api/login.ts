import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { currentUserQueryKey } from "../../../hooks/use-current-user.ts";

export type LoginInput = { email: string; password: string };
/** Any sign-in step either completes or asks for the second factor. */
export type LoginResult = { twoFactorRequired?: boolean } | null;

/** POST /api/auth/login */
export function login(input: LoginInput): Promise<LoginResult> {
  return apiJson<LoginResult>("/api/auth/login", { method: "POST", json: input });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    // Wrong credentials are a 401 too; the form shows its own message instead of redirecting.
    meta: { skipUnauthorizedRedirect: true },
    onSuccess: async (result) => {
      if (!result?.twoFactorRequired) await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    },
  });
}

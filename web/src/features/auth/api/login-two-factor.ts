import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { currentUserQueryKey } from "../../../hooks/use-current-user.ts";

export type TwoFactorInput = { code: string };

/** POST /api/auth/login/2fa: the second step after a login answered `{ twoFactorRequired: true }`. */
export function loginTwoFactor(input: TwoFactorInput): Promise<unknown> {
  return apiJson<unknown>("/api/auth/login/2fa", { method: "POST", json: input });
}

export function useLoginTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginTwoFactor,
    meta: { skipUnauthorizedRedirect: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: currentUserQueryKey }),
  });
}

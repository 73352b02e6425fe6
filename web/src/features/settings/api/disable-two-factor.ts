import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { profileQueryKey } from "../../../hooks/use-profile.ts";
import { twoFactorQueryKey } from "./get-two-factor-status.ts";

/** POST /api/auth/2fa/disable {password} */
export function disableTwoFactor(password: string): Promise<{ message: string }> {
  return apiJson<{ message: string }>("/api/auth/2fa/disable", { method: "POST", json: { password } });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: disableTwoFactor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
}

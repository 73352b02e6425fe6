import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { profileQueryKey } from "../../../hooks/use-profile.ts";
import { twoFactorQueryKey } from "./get-two-factor-status.ts";

export type EnableTwoFactorResult = { recoveryCodes: string[] };

/** POST /api/auth/2fa/enable {code}: confirms the pending key; answers the 10 recovery codes once. */
export function enableTwoFactor(code: string): Promise<EnableTwoFactorResult> {
  return apiJson<EnableTwoFactorResult>("/api/auth/2fa/enable", { method: "POST", json: { code } });
}

export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: twoFactorQueryKey }),
        queryClient.invalidateQueries({ queryKey: profileQueryKey }),
      ]),
  });
}

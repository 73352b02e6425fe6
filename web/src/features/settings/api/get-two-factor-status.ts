import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type TwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number };

export const twoFactorQueryKey = ["two-factor"] as const;

/** GET /api/auth/2fa */
export function getTwoFactorStatus({ signal }: { signal?: AbortSignal } = {}): Promise<TwoFactorStatus> {
  return apiJson<TwoFactorStatus>("/api/auth/2fa", { signal });
}

export const twoFactorQueryOptions = () => queryOptions({ queryKey: twoFactorQueryKey, queryFn: getTwoFactorStatus });

export function useTwoFactorStatus() {
  return useQuery(twoFactorQueryOptions());
}

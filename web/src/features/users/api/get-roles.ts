import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type Role = { id: number; name: string; displayName: string };

export const rolesQueryKey = ["roles"] as const;

/** GET /api/roles */
export function getRoles({ signal }: { signal?: AbortSignal } = {}): Promise<Role[]> {
  return apiJson<Role[]>("/api/roles", { signal });
}

export const rolesQueryOptions = () => queryOptions({ queryKey: rolesQueryKey, queryFn: getRoles });

export function useRoles() {
  return useQuery(rolesQueryOptions());
}

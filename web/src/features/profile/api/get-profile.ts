import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { AdminUser } from "../../../hooks/use-users.ts";

/** The signed-in user's full record: the same shape as a row of the admin users list. */
export type Profile = AdminUser;

export const profileQueryKey = ["profile"] as const;

/** GET /api/profile: own account with last sign-in, status and two-factor state. */
export function getProfile({ signal }: { signal?: AbortSignal } = {}): Promise<Profile> {
  return apiJson<Profile>("/api/profile", { signal });
}

export const profileQueryOptions = () => queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });

export function useProfile() {
  return useQuery(profileQueryOptions());
}

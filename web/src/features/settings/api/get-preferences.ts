import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { Preferences } from "../../../../../src/shared/schemas/preferences.ts";

export const preferencesQueryKey = ["profile", "preferences"] as const;

/** GET /api/profile/preferences */
export function getPreferences({ signal }: { signal?: AbortSignal } = {}): Promise<Preferences> {
  return apiJson<Preferences>("/api/profile/preferences", { signal });
}

export const preferencesQueryOptions = () => queryOptions({ queryKey: preferencesQueryKey, queryFn: getPreferences });

export function usePreferences() {
  return useQuery(preferencesQueryOptions());
}

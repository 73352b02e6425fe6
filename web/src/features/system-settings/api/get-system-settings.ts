import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { SystemSettings } from "../../../../../src/shared/schemas/system-settings.ts";

export const systemSettingsQueryKey = ["admin", "system-settings"] as const;

/** GET /api/admin/system-settings */
export function getSystemSettings({ signal }: { signal?: AbortSignal } = {}): Promise<SystemSettings> {
  return apiJson<SystemSettings>("/api/admin/system-settings", { signal });
}

export const systemSettingsQueryOptions = () =>
  queryOptions({ queryKey: systemSettingsQueryKey, queryFn: getSystemSettings });

export function useSystemSettings() {
  return useQuery(systemSettingsQueryOptions());
}

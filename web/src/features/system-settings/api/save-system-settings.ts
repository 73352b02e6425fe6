import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { SystemSettingsInput } from "../../../../../src/shared/schemas/system-settings.ts";
import { systemSettingsQueryKey } from "./get-system-settings.ts";

/** POST /api/admin/save-system-settings */
export function saveSystemSettings(input: SystemSettingsInput): Promise<unknown> {
  return apiJson("/api/admin/save-system-settings", { method: "POST", json: input });
}

export function useSaveSystemSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSystemSettings,
    // Spec section 7: the settings are refetched after a successful save.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: systemSettingsQueryKey }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { Preferences } from "../../../../../src/shared/schemas/preferences.ts";
import { preferencesQueryKey } from "./get-preferences.ts";

/** PUT /api/profile/preferences */
export function updatePreferences(prefs: Preferences): Promise<Preferences> {
  return apiJson<Preferences>("/api/profile/preferences", { method: "PUT", json: prefs });
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) => queryClient.setQueryData(preferencesQueryKey, saved),
  });
}

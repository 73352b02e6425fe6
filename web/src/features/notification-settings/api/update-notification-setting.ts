import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { notificationSettingsQueryKey } from "./get-notification-settings.ts";

export type SettingUpdate = { key: string; value: string };

/** POST /api/admin/notification-settings, one key at a time. */
export function updateNotificationSetting(body: SettingUpdate): Promise<{ message: string }> {
  return apiJson("/api/admin/notification-settings", { method: "POST", json: body });
}

/** Saves several keys in order (a tab's form); stops at the first refusal. */
export async function updateNotificationSettings(updates: SettingUpdate[]): Promise<void> {
  for (const update of updates) await updateNotificationSetting(update);
}

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateNotificationSettings,
    // Refetch even after a partial failure: earlier keys of the batch may have been saved.
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationSettingsQueryKey }),
  });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { NotificationSetting } from "../../../../../src/shared/schemas/notification-settings.ts";

export type { NotificationSetting };

export const notificationSettingsQueryKey = ["admin", "notification-settings"] as const;

/** GET /api/admin/notification-settings (secret values come back empty, with isSet). */
export function getNotificationSettings({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationSetting[]> {
  return apiJson<NotificationSetting[]>("/api/admin/notification-settings", { signal });
}

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: notificationSettingsQueryKey, queryFn: getNotificationSettings });

export function useNotificationSettings() {
  return useQuery(notificationSettingsQueryOptions());
}

/** The list as key → setting, for the tabs' lookups. */
export function byKey(list: NotificationSetting[] | undefined): Map<string, NotificationSetting> {
  return new Map((list ?? []).map((s) => [s.settingKey, s]));
}

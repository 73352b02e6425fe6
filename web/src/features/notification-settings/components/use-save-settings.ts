/** Saving settings with the spec's toasts: 'Settings Updated', or 'Error' with the server's message. */
import { useTranslation } from "react-i18next";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { type SettingUpdate, useUpdateNotificationSettings } from "../api/update-notification-setting.ts";

export function useSaveSettings() {
  const { t } = useTranslation("notification-settings");
  const mutation = useUpdateNotificationSettings();
  const save = (updates: SettingUpdate[], onDone?: () => void) =>
    mutation.mutate(updates, {
      onSuccess: () => {
        toast({ variant: "success", title: t("toast.settingsUpdated") });
        onDone?.();
      },
      onError: (error) => toastError(error, t("toast.error"), { fallback: t("toast.saveFailed") }),
    });
  return { save, pending: mutation.isPending };
}

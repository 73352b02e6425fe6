import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Can } from "../../../lib/authorization.tsx";
import { toastError } from "../../../lib/error-toast.ts";
import { toast } from "../../../lib/toast.tsx";
import { BackupDialog } from "./backup-dialog.tsx";
import { RestoreDialog } from "./restore-dialog.tsx";
import { useClearCache } from "../api/clear-cache.ts";
import { useExportLogs } from "../api/export-logs.ts";

/** System Maintenance: Clear Cache, Backup Database, Export Logs. */
export function MaintenanceCard() {
  const { t } = useTranslation("system-settings");
  const clear = useClearCache();
  const [backupOpen, setBackupOpen] = useState(false);
  const [restoreOpen, setRestoreOpen] = useState(false);
  const logs = useExportLogs();
  const success = (title: string, description: string) => toast({ variant: "success", title, description });

  return (
    <div className="card border border-base-300 bg-base-100 shadow-sm">
      <div className="card-body gap-4">
        <h3 className="card-title">{t("maintenance.title")}</h3>
        <p className="text-sm text-base-content/70">{t("maintenance.description")}</p>
        <div className="card-actions flex-wrap">
          <Can permission="system_settings.edit">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={clear.isPending}
              onClick={() =>
                clear.mutate(undefined, {
                  onSuccess: () => success(t("maintenance.cacheCleared"), t("maintenance.cacheClearedDescription")),
                  onError: (error) => toastError(error, t("maintenance.error")),
                })}
            >
              {t("maintenance.clearCache")}
            </button>
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setBackupOpen(true)}>
              {t("maintenance.backup")}
            </button>
            <BackupDialog open={backupOpen} onClose={() => setBackupOpen(false)} />
            <button type="button" className="btn btn-outline btn-sm" onClick={() => setRestoreOpen(true)}>
              {t("maintenance.restore")}
            </button>
            <RestoreDialog open={restoreOpen} onClose={() => setRestoreOpen(false)} />
          </Can>
          <Can permission="audit_logs.export">
            <button
              type="button"
              className="btn btn-outline btn-sm"
              disabled={logs.isPending}
              onClick={() =>
                logs.mutate(undefined, {
                  onSuccess: () => success(t("maintenance.logsExported"), t("maintenance.logsExportedDescription")),
                  // The catalogue's fixed text: 'Export Failed: Failed to export system logs'.
                  onError: (error) =>
                    toastError(error, t("maintenance.exportFailed"), {
                      fallback: t("maintenance.exportFailedDescription"),
                      translate: () => undefined,
                    }),
                })}
            >
              {t("maintenance.exportLogs")}
            </button>
          </Can>
        </div>
      </div>
    </div>
  );
}

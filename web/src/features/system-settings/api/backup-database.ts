import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import type { BackupRequest } from "../../../../../src/shared/schemas/system-settings.ts";
import { saveResponse } from "../../../lib/save-response.ts";

/** POST /api/admin/backup-database: downloads the archive, encrypted with the passphrase given. */
export async function backupDatabase(body: BackupRequest): Promise<void> {
  const response = await apiRequest("/api/admin/backup-database", { method: "POST", json: body });
  await saveResponse(response, "procurement-backup.pbak");
}

export function useBackupDatabase() {
  return useMutation({ mutationFn: backupDatabase });
}

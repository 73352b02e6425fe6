import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { saveResponse } from "./download.ts";

/** POST /api/admin/backup-database: downloads the JSON backup. */
export async function backupDatabase(): Promise<void> {
  const response = await apiRequest("/api/admin/backup-database", { method: "POST" });
  await saveResponse(response, "procurement-backup.json");
}

export function useBackupDatabase() {
  return useMutation({ mutationFn: backupDatabase });
}

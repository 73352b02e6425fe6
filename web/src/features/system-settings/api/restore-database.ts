import { useMutation } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type RestoreResult = { createdAt: string; tables: number; rows: number; files: number };

/**
 * POST /api/admin/restore-database: the archive streamed as the body, its passphrase and the
 * confirmation in headers. Every record is replaced and every session ends (docs/decisions/020).
 */
export function restoreDatabase({ file, passphrase }: { file: File; passphrase: string }): Promise<RestoreResult> {
  return apiJson<RestoreResult>("/api/admin/restore-database", {
    method: "POST",
    file,
    headers: { "X-Backup-Passphrase": passphrase, "X-Confirm-Restore": "REPLACE" },
  });
}

export function useRestoreDatabase() {
  return useMutation({ mutationFn: restoreDatabase });
}

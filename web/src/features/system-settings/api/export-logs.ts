import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { saveResponse } from "../../../lib/save-response.ts";

/** GET /api/admin/export-logs: downloads the audit log as a text file. */
export async function exportLogs(): Promise<void> {
  const response = await apiRequest("/api/admin/export-logs");
  await saveResponse(response, "procurement-logs.txt");
}

export function useExportLogs() {
  return useMutation({ mutationFn: exportLogs });
}

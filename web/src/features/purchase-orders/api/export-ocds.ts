/** GET /api/purchase-orders/{id}/ocds: the order's contracting process as an OCDS 1.1 release package, saved as a file. */
import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { saveResponse } from "../../../lib/save-response.ts";

// Fetched rather than linked: a refusal (no organisation name yet) is shown as a message, not saved
// as the file.
export async function exportOcds(id: number, poNumber: string): Promise<void> {
  const response = await apiRequest(`/api/purchase-orders/${id}/ocds`);
  await saveResponse(response, `${poNumber}-ocds.json`);
}

export function useExportOcds(id: number, poNumber: string) {
  return useMutation({ mutationFn: () => exportOcds(id, poNumber) });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { QuotationDetail } from "./get-quotation.ts";
import { quotationsQueryKey } from "./get-quotations.ts";

/** POST /api/quotations/{id}/request-extension: the vendor is emailed to extend an expiring quotation. */
export function requestExtension(id: number): Promise<QuotationDetail> {
  return apiJson<QuotationDetail>(`/api/quotations/${id}/request-extension`, { method: "POST" });
}

export function useRequestExtension() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestExtension,
    // The lists and the comparison (same key prefix) show that it was asked.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quotationsQueryKey }),
  });
}

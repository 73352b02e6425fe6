import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { type VendorQuotation, vendorQuotationsQueryKey } from "./get-vendor-quotations.ts";

/** PUT /api/vendor/quotations/{id}/validity: valid for `validityDays` more from today, prices unchanged. */
export function extendValidity({ id, validityDays }: { id: number; validityDays: number }): Promise<VendorQuotation> {
  return apiJson<VendorQuotation>(`/api/vendor/quotations/${id}/validity`, { method: "PUT", json: { validityDays } });
}

export function useExtendValidity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: extendValidity,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: vendorQuotationsQueryKey }),
  });
}

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { matchingOpportunitiesQueryKey } from "./get-matching-opportunities.ts";
import { type VendorQuotation, vendorQuotationsQueryKey } from "./get-vendor-quotations.ts";

/** The manual path's payload (spec section 7); names, quantities and totals are the server's. */
export type QuotationPayload = {
  purchaseRequestId?: number;
  bidRequestId?: number;
  items: { itemId: number; unitPrice: string; notes: string }[];
  totalAmount: string;
  validityPeriod: number;
  leadTimeDays?: number;
  notes: string;
  /** The OCR path: the extraction job whose file the server keeps with the quotation (source 'ocr'). */
  ocrJobId?: string;
  source?: "manual" | "ocr";
};

export type SubmitQuotationInput = { quotation: QuotationPayload; attachments: File[] };

/** POST /api/vendor/quotations as multipart: `quotation` (JSON string) and repeated `attachments`. */
export function submitQuotation({ quotation, attachments }: SubmitQuotationInput): Promise<VendorQuotation> {
  const form = new FormData();
  form.set("quotation", JSON.stringify(quotation));
  for (const file of attachments) form.append("attachments", file, file.name);
  return apiJson<VendorQuotation>("/api/vendor/quotations", { method: "POST", formData: form });
}

export function useSubmitQuotation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitQuotation,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: vendorQuotationsQueryKey }),
        queryClient.invalidateQueries({ queryKey: matchingOpportunitiesQueryKey }),
      ]),
  });
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type VendorQuotationItem = {
  id: number;
  /** The request item it prices. */
  itemId: number;
  name: string;
  quantity: number;
  unit: string;
  /** Numbers for stored quotations, decimal strings for opened sealed ones. */
  unitPrice: string | number;
  totalPrice: string | number;
  notes: string;
};

/** One of the vendor's own current quotations (GET /api/vendor/quotations). */
export type VendorQuotation = {
  id: number;
  purchaseRequestId: number | null;
  bidRequestId: number | null;
  requestNumber: string;
  purchaseRequestTitle: string;
  status: string;
  revision: number;
  sealed: boolean;
  totalAmount: string | number | null;
  validityDays: number;
  validUntil: string;
  leadTimeDays: number | null;
  notes: string | null;
  submittedAt: string;
  items: VendorQuotationItem[];
  attachments: { id: number; filename: string }[];
  purchaseOrder: { id: number; poNumber: string } | null;
};

export const vendorQuotationsQueryKey = ["vendor", "quotations"] as const;

/** GET /api/vendor/quotations: only the signed-in vendor's own quotations. */
export function getVendorQuotations({ signal }: { signal?: AbortSignal } = {}): Promise<VendorQuotation[]> {
  return apiJson<VendorQuotation[]>("/api/vendor/quotations", { signal });
}

export const vendorQuotationsQueryOptions = () =>
  queryOptions({ queryKey: vendorQuotationsQueryKey, queryFn: getVendorQuotations });

export function useVendorQuotations() {
  return useQuery(vendorQuotationsQueryOptions());
}

import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { type Quotation, quotationsQueryKey } from "./get-quotations.ts";

export type QuotationRevision = {
  id: number;
  revision: number;
  status: string;
  /** Null for a sealed revision. */
  totalAmount: string | null;
  submittedAt: string;
  isCurrent: boolean;
};

export type QuotationDetail = Quotation & { isCurrent: boolean; revisions: QuotationRevision[] };

/** GET /api/quotations/{id}: everything about one quotation, with the vendor's other revisions. */
export function getQuotation(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<QuotationDetail> {
  return apiJson<QuotationDetail>(`/api/quotations/${id}`, { signal });
}

export const quotationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...quotationsQueryKey, "detail", id],
    queryFn: ({ signal }) => getQuotation(id, { signal }),
  });

export function useQuotation(id: number) {
  return useQuery(quotationQueryOptions(id));
}

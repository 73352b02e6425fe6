import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiRequest } from "../../../lib/api-client.ts";
import { quotationsQueryKey } from "../../../lib/query-keys.ts";

/** The spec's four quotation statuses (superseded revisions never reach these lists). */
export const REVIEW_STATUSES = ["submitted", "under_review", "approved", "rejected"] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export type QuotationItem = {
  id: number;
  requestItemId: number;
  name: string;
  quantity: number;
  unit: string;
  /** Decimal strings ("12.50"). */
  unitPrice: string;
  totalPrice: string;
  notes: string;
};

export type Attachment = { id: number; filename: string };

/** One current, unsealed quotation as staff see it (GET /api/quotations). */
export type Quotation = {
  id: number;
  purchaseRequestId: number | null;
  bidRequestId: number | null;
  requestNumber: string;
  purchaseRequestTitle: string;
  vendorId: number;
  vendorName: string;
  submittedAt: string;
  status: string;
  totalAmount: string;
  currency: string;
  validityDays: number;
  validUntil: string;
  expired: boolean;
  /** When the vendor was asked to extend it (cleared when it does). */
  extensionRequestedAt?: string | null;
  leadTimeDays: number | null;
  notes: string | null;
  technicalScore: number | null;
  reviewComment: string;
  revision: number;
  source: string;
  attachments: Attachment[];
  items: QuotationItem[];
};

/** A row of the staff list: `items` holds the first three items, `itemCount` how many there are. */
export type QuotationListRow = Quotation & { itemCount: number };

export type QuotationFilters = {
  status?: ReviewStatus;
  purchaseRequestId?: number;
  bidRequestId?: number;
  limit: number;
  offset: number;
};

export type QuotationPage = { items: QuotationListRow[]; total: number };

/** Every quotation query starts with this key, so one invalidation refreshes lists, stats, details and matrices. */
export { quotationsQueryKey };

/** GET /api/quotations; the total for paging comes in the X-Total-Count header. */
export async function getQuotations(
  filters: QuotationFilters,
  { signal }: { signal?: AbortSignal } = {},
): Promise<QuotationPage> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined) params.set(key, String(value));
  }
  const response = await apiRequest(`/api/quotations?${params}`, { signal });
  const items = (await response.json()) as QuotationListRow[];
  const total = Number(response.headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) ? total : items.length };
}

export const quotationsQueryOptions = (filters: QuotationFilters) =>
  queryOptions({
    queryKey: [...quotationsQueryKey, "list", filters],
    queryFn: ({ signal }) => getQuotations(filters, { signal }),
    // Spec section 7: the staff quotation list is the one query retried once.
    retry: 1,
  });

export function useQuotations(filters: QuotationFilters) {
  return useQuery({ ...quotationsQueryOptions(filters), placeholderData: keepPreviousData });
}

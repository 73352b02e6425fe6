import { infiniteQueryOptions, queryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { apiJson, apiRequest } from "../../../lib/api-client.ts";

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
  /** Past its validity: it cannot be awarded until extended. */
  expired?: boolean;
  /** The buyer asked for an extension (cleared when the vendor extends). */
  extensionRequestedAt?: string | null;
  leadTimeDays: number | null;
  notes: string | null;
  submittedAt: string;
  items: VendorQuotationItem[];
  attachments: { id: number; filename: string }[];
  purchaseOrder: { id: number; poNumber: string } | null;
};

/**
 * A row of the vendor's own list (GET /api/vendor/quotations): no items or attachments, how many items
 * it has; the whole quotation (to revise it) is GET /api/vendor/quotations/{id}.
 */
export type VendorQuotationListRow = Omit<VendorQuotation, "items" | "attachments"> & { itemCount: number };

export const vendorQuotationsQueryKey = ["vendor", "quotations"] as const;

/** The server's page size by default: the list shows this many, then more on request. */
export const VENDOR_QUOTATIONS_PAGE = 50;

export type VendorQuotationPage = { items: VendorQuotationListRow[]; total: number; next: string | null };

/**
 * GET /api/vendor/quotations: a page of the signed-in vendor's own current quotations, newest first;
 * the next page is asked with `after` = X-Next-Cursor (absent on the last page).
 */
export async function getVendorQuotations(
  { after, signal }: { after?: string; signal?: AbortSignal } = {},
): Promise<VendorQuotationPage> {
  const query = new URLSearchParams({ limit: String(VENDOR_QUOTATIONS_PAGE) });
  if (after) query.set("after", after);
  const response = await apiRequest(`/api/vendor/quotations?${query}`, { signal });
  const items = (await response.json()) as VendorQuotationListRow[];
  const total = Number(response.headers.get("X-Total-Count"));
  return { items, total: Number.isFinite(total) ? total : items.length, next: response.headers.get("X-Next-Cursor") };
}

export const vendorQuotationsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: [...vendorQuotationsQueryKey, "list"],
    queryFn: ({ pageParam, signal }) => getVendorQuotations({ after: pageParam, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });

/** The vendor's quotations a page at a time: `quotations` holds every page loaded so far. */
export function useVendorQuotations() {
  const query = useInfiniteQuery(vendorQuotationsQueryOptions());
  return { ...query, quotations: query.data?.pages.flatMap((p) => p.items) ?? [] };
}

/** GET /api/vendor/quotations/{id}: one of the vendor's own quotations (to revise it). */
export function getVendorQuotation(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<VendorQuotation> {
  return apiJson<VendorQuotation>(`/api/vendor/quotations/${id}`, { signal });
}

export const vendorQuotationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...vendorQuotationsQueryKey, "one", id],
    queryFn: ({ signal }) => getVendorQuotation(id, { signal }),
  });

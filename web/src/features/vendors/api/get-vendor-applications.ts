import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";

export type VendorApplicationStatus = "pending" | "approved" | "rejected";

export type VendorApplication = {
  id: number;
  companyName: string;
  contactPerson: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  status: VendorApplicationStatus | string;
  createdAt: string;
  reviewedAt?: string | null;
  rejectionReason?: string | null;
  categories: { id: number; name: string }[];
  /** '/api/files/N' for an uploaded file, or a legacy 'uploads/...' name with no file behind it. */
  businessLicenseUrl: string | null;
  businessLicenseName: string | null;
};

export type VendorApplicationsParams = { status: VendorApplicationStatus; limit: number; offset: number };

export const vendorApplicationsQueryKey = ["admin", "vendors"] as const;

/** GET /api/admin/vendors/pending?status=&limit=&offset= (pending by default). */
export function getVendorApplications(
  { status, limit, offset }: VendorApplicationsParams,
  { signal }: { signal?: AbortSignal } = {},
): Promise<VendorApplication[]> {
  const query = new URLSearchParams({ status, limit: String(limit), offset: String(offset) });
  return apiJson<VendorApplication[]>(`/api/admin/vendors/pending?${query}`, { signal });
}

export const vendorApplicationsQueryOptions = (params: VendorApplicationsParams) =>
  queryOptions({
    queryKey: [...vendorApplicationsQueryKey, params],
    queryFn: ({ signal }) => getVendorApplications(params, { signal }),
  });

export function useVendorApplications(params: VendorApplicationsParams) {
  // Keep the current page on screen while the next one loads.
  return useQuery({ ...vendorApplicationsQueryOptions(params), placeholderData: keepPreviousData });
}

/** GET /api/reports/vendors/{id}: one vendor's scorecard for staff (vendor management). */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import type { VendorsReport } from "../../../hooks/use-report.ts";

export const vendorScorecardQueryOptions = (vendorId: number) =>
  queryOptions({
    queryKey: ["reports", "vendors", vendorId],
    queryFn: ({ signal }) => apiJson<VendorsReport>(`/api/reports/vendors/${vendorId}`, { signal }),
  });

export function useVendorScorecard(vendorId: number) {
  return useQuery(vendorScorecardQueryOptions(vendorId));
}

import { useState } from "react";
import { useVendorApplications, type VendorApplicationStatus } from "../api/get-vendor-applications.ts";
import { useVendorStats } from "../api/get-vendor-stats.ts";

export const PAGE_SIZE = 20;

const STAT_KEY = { pending: "pendingVendors", approved: "approvedVendors", rejected: "rejectedVendors" } as const;

/** One status's applications a page at a time; the vendor stats give the total number of pages. */
export function usePagedApplications(status: VendorApplicationStatus) {
  const [page, setPage] = useState(0);
  const applications = useVendorApplications({ status, limit: PAGE_SIZE, offset: page * PAGE_SIZE });
  const total = useVendorStats().data?.[STAT_KEY[status]];
  const pages = total === undefined ? undefined : Math.max(1, Math.ceil(total / PAGE_SIZE));
  // Reviewing the last application of the last page empties it: step back a page.
  if (pages !== undefined && page >= pages) setPage(pages - 1);
  const hasNext = pages !== undefined ? page + 1 < pages : applications.data?.length === PAGE_SIZE;
  return { applications, page, pages, hasNext, setPage };
}

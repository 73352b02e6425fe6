import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { inboxQueryKey } from "../../../lib/query-keys.ts";
import { useCurrentUser } from "../../../hooks/use-current-user.ts";
import type { DashboardSection } from "../../../../../src/shared/permissions.ts";
import type { Inbox, InboxKind } from "../../../../../src/shared/schemas/responses/inbox.ts";

/** GET /api/inbox: the items and the counts per kind (the sidebar's badges read the same answer). */
export const inboxQueryOptions = () =>
  queryOptions({
    queryKey: inboxQueryKey,
    queryFn: ({ signal }) => apiJson<Inbox>("/api/inbox", { signal }),
  });

/**
 * The inbox, read again each time its screen opens (others act too) and after any change made in
 * this tab (query-client.ts); not while the user must first change a temporary password (the
 * server refuses everything else then).
 */
export function useInbox({ fresh = false }: { fresh?: boolean } = {}) {
  const { data: user } = useCurrentUser();
  return useQuery({
    ...inboxQueryOptions(),
    enabled: !!user && !user.mustChangePassword,
    ...(fresh ? { refetchOnMount: "always" as const } : {}),
  });
}

/** The sidebar entry whose badge counts each kind (a vendor acknowledges orders from its inbox only). */
const SECTION_OF: Partial<Record<InboxKind, DashboardSection>> = {
  request_approval: "requests",
  bid_approval: "bids",
  bid_closing: "bids",
  bid_evaluation: "bids",
  order_action: "purchase-orders",
  delivery: "purchase-orders",
  opportunity: "opportunities",
  vendor_application: "vendors",
};

/** The badges of the sidebar: the inbox's total and each section's share of it. */
export function useSectionBadges(): Partial<Record<DashboardSection, number>> {
  const { data } = useInbox();
  if (!data) return {};
  const badges: Partial<Record<DashboardSection, number>> = { inbox: data.total };
  for (const [kind, count] of Object.entries(data.counts) as [InboxKind, number][]) {
    const section = SECTION_OF[kind];
    if (section && count) badges[section] = (badges[section] ?? 0) + count;
  }
  return badges;
}

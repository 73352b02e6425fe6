/**
 * Query-key roots that more than one feature's queries live under: invalidating a root refreshes
 * every query below it (a change to any purchase request also refreshes the dashboard's request stats).
 */
export const purchaseRequestsQueryKey = ["purchase-requests"] as const;

/** Quotations (the quotations feature's lists, details and matrices; a bid's received bids in the bids feature). */
export const quotationsQueryKey = ["quotations"] as const;

/** Bid requests: an award made in the quotations feature closes the bid the bids feature shows. */
export const bidRequestsQueryKey = ["bid-requests"] as const;

/** The work inbox and the sidebar's badges: any change made here may take an item out (query-client.ts). */
export const inboxQueryKey = ["inbox"] as const;

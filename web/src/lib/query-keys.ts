/**
 * Query-key roots that more than one feature's queries live under: invalidating a root refreshes
 * every query below it (a change to any purchase request also refreshes the dashboard's request stats).
 */
export const purchaseRequestsQueryKey = ["purchase-requests"] as const;

/**
 * A document's readable history (GET /api/{purchase-requests,bid-requests,quotations,purchase-orders}/{id}/history).
 * The feature showing it passes its own query key root, so its mutations' invalidation refreshes the
 * history with the document.
 */
import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../lib/api-client.ts";
import type { HistoryEntry } from "../lib/history-sentence.ts";

export type HistoryDocument = "purchase-requests" | "bid-requests" | "quotations" | "purchase-orders";

export function getDocumentHistory(document: HistoryDocument, id: number, { signal }: { signal?: AbortSignal } = {}) {
  return apiJson<HistoryEntry[]>(`/api/${document}/${id}/history`, { signal });
}

export const documentHistoryQueryOptions = (
  root: readonly unknown[],
  document: HistoryDocument,
  id: number,
) =>
  queryOptions({
    queryKey: [...root, "history", document, id],
    queryFn: ({ signal }) => getDocumentHistory(document, id, { signal }),
  });

export function useDocumentHistory(root: readonly unknown[], document: HistoryDocument, id: number) {
  return useQuery(documentHistoryQueryOptions(root, document, id));
}

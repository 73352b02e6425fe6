/**
 * The requests that have quotations, derived from the unfiltered staff list: the request filter of
 * Received Quotations and the chooser of Compare Quotations both offer these.
 */
import { useMemo } from "react";
import type { RequestKind } from "../api/get-comparison.ts";
import { type Quotation, useQuotations } from "../api/get-quotations.ts";

export type RequestOption = {
  key: string;
  kind: RequestKind;
  id: number;
  number: string;
  title: string;
  count: number;
};

/** The API's page cap; requests beyond the newest 200 quotations are not offered. */
export const ALL_QUOTATIONS = { limit: 200, offset: 0 } as const;

export const optionKey = (kind: RequestKind, id: number) => `${kind}:${id}`;

export function requestOptions(quotations: Quotation[]): RequestOption[] {
  const byKey = new Map<string, RequestOption>();
  for (const q of quotations) {
    const kind: RequestKind = q.bidRequestId !== null ? "bid_request" : "purchase_request";
    const id = (q.bidRequestId ?? q.purchaseRequestId)!;
    const key = optionKey(kind, id);
    const found = byKey.get(key);
    if (found) found.count++;
    else byKey.set(key, { key, kind, id, number: q.requestNumber, title: q.purchaseRequestTitle, count: 1 });
  }
  return [...byKey.values()].sort((a, b) => a.number.localeCompare(b.number));
}

export function useRequestOptions() {
  const query = useQuotations(ALL_QUOTATIONS);
  const options = useMemo(() => requestOptions(query.data?.items ?? []), [query.data]);
  return { query, options };
}

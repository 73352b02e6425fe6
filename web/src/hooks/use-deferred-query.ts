/**
 * A query whose answer is drawn in a transition. A query's new data reaches React as a synchronous
 * update (useSyncExternalStore), so a report's tables and charts were drawn in one long task when
 * the answer came; with the data deferred, React draws them in slices and the page stays responsive
 * (the dashboard's total blocking time, docs/benchmarks.md). Until the deferred data catches up the
 * query reads as pending, so no "empty" state flashes between the two renders.
 */
import { useDeferredValue } from "react";
import type { UseQueryResult } from "@tanstack/react-query";

export function useDeferredQuery<T>(query: UseQueryResult<T>): UseQueryResult<T> {
  const data = useDeferredValue(query.data);
  if (data === query.data) return query;
  return { ...query, data, isPending: data === undefined || query.isPending } as UseQueryResult<T>;
}

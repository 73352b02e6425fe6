import { queryOptions, useQuery } from "@tanstack/react-query";
import { apiJson } from "../../../lib/api-client.ts";
import { quotationsQueryKey } from "./get-quotations.ts";
import type { z } from "zod";
import type { quotationStatsSchema } from "../../../../../src/shared/schemas/responses/quotations.ts";

/** Live counts of current, unsealed quotations, and of sealed bids still collecting submissions (the server's schema). */
export type QuotationStats = z.infer<typeof quotationStatsSchema>;

/** GET /api/quotations/stats */
export function getQuotationStats({ signal }: { signal?: AbortSignal } = {}): Promise<QuotationStats> {
  return apiJson<QuotationStats>("/api/quotations/stats", { signal });
}

export const quotationStatsQueryOptions = () =>
  queryOptions({ queryKey: [...quotationsQueryKey, "stats"], queryFn: getQuotationStats });

export function useQuotationStats() {
  return useQuery(quotationStatsQueryOptions());
}
